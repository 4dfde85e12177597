/** The SPA's texts as written in web/src/locales: nested objects of strings. */
export type Texts = { [key: string]: string | Texts };

/** Every text by its dotted key (`orders.statuses.PAID`), as t() looks it up. */
export function textsByKey(tree: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of textsByKey(v, key)) out.set(kk, vv);
  }
  return out;
}
