// The MAPI answers are small flat XML documents (<alipay><is_success>T</is_success>…); reading the
// few leaf elements the shop needs does not call for an XML library.

function decodeEntities(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of the first element `name` (leaf elements only); undefined when absent. */
export function xmlText(xml: string, name: string): string | undefined {
  const m = new RegExp(`<${name}>([^<]*(?:<!\\[CDATA\\[[\\s\\S]*?\\]\\]>[^<]*)*)</${name}>`).exec(xml);
  return m ? decodeEntities(m[1]!) : undefined;
}

/** Leaf elements of the first `<parent>…</parent>` as a map. */
export function xmlLeaves(xml: string, parent: string): Record<string, string> {
  const m = new RegExp(`<${parent}>([\\s\\S]*?)</${parent}>`).exec(xml);
  const out: Record<string, string> = {};
  if (!m) return out;
  for (const leaf of m[1]!.matchAll(/<([A-Za-z_][\w]*)>([^<]*)<\/\1>/g)) out[leaf[1]!] = decodeEntities(leaf[2]!);
  return out;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Builds `<name>` with leaf children (for the sandbox's answers). */
export function xmlElement(name: string, leaves: Record<string, string | undefined>, inner = ''): string {
  const body = Object.entries(leaves)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<${k}>${escapeXml(v!)}</${k}>`)
    .join('');
  return `<${name}>${body}${inner}</${name}>`;
}
