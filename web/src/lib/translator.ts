/**
 * The SPA's translations in the browser: the part of an i18next instance that the SPA
 * (lib/use-translation.ts) and react-i18next's Trans use, for texts as the SPA writes them.
 * i18next itself is one class that does not tree-shake (15 KiB gzipped, a tenth of a guest's
 * first load, all evaluated before the page can hydrate); the prerenderer keeps it (ssr.tsx), and
 * test/web/translator.test.ts checks that both give the same text for every key of both languages.
 *
 * What the texts may use: nested keys ('books.pageCount'), `{{name}}` placeholders filled with the
 * options of t() as i18next does with escapeValue off (a value the options do not name stays as
 * written). No plural forms (`_one`, `_other`), nesting (`$t(…)`), formats (`{{x, number}}`) or
 * namespaces: the test fails on a text that uses them, which is then the time to go back to i18next.
 */

type Texts = { [key: string]: string | Texts };
type Options = Record<string, unknown> & { defaultValue?: string };

const PLACEHOLDER = /{{(.+?)}}/g;

function lookup(texts: Texts | undefined, key: string): string | Texts | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * i18next's interpolation with escapeValue off: `{{a}}` or `{{ a.b }}` from data; a placeholder
 * without a value is left as written unless t()'s options name it (then it is empty).
 */
export function interpolate(text: string, data: Record<string, unknown> | undefined, options: Record<string, unknown> | undefined): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const path = name.trim();
    let value: unknown = data;
    for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    if (value === undefined) return options && Object.hasOwn(options, path) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

function merge(into: Texts, from: Texts): Texts {
  for (const [k, v] of Object.entries(from)) {
    const here = into[k];
    into[k] = typeof v === 'object' && here !== undefined && typeof here === 'object' ? merge({ ...here }, v) : v;
  }
  return into;
}

export function createTranslator(language: string, initial: Texts) {
  let texts: Texts = merge({}, initial);
  const t = (key: string, options?: Options): string => {
    const found = lookup(texts, key);
    if (typeof found === 'string') return interpolate(found, options, options);
    if (found !== undefined) return `key '${key} (${language})' returned an object instead of string.`;
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options, options) : key;
  };
  return {
    language,
    options: { defaultNS: 'translation', ns: ['translation'], react: {}, interpolation: { escapeValue: false } },
    // Trans fills the placeholders of the nodes it parsed from a text with this.
    services: { interpolator: { interpolate: (text: string, data?: Record<string, unknown>) => interpolate(text, data, undefined) } },
    t,
    getFixedT: (_lng?: string | null, _ns?: string | string[], keyPrefix?: string) => (key: string, options?: Options) =>
      t(keyPrefix ? `${keyPrefix}.${key}` : key, options),
    exists: (key: string) => lookup(texts, key) !== undefined,
    getResourceBundle: () => texts,
    /** Adds texts loaded later (lib/i18n.ts, loadScreenTexts): i18next's deep, overwriting merge. */
    addResourceBundle(_lng: string, _ns: string, more: Texts) {
      texts = merge({ ...texts }, more);
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
