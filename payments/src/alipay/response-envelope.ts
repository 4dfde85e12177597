// Gateway responses look like {"alipay_trade_query_response":{…},"sign":"…"}. Alipay signs the
// exact bytes of the inner object as it wrote them (it escapes "/" as "\/", for instance), so the
// signed text must be cut from the raw response, never re-serialized from parsed JSON.
import type { KeyObject } from 'node:crypto';
import { rsa2Sign } from './signing.js';

/** "alipay.trade.query" -> "alipay_trade_query_response". */
export function responseKeyOf(method: string): string {
  return `${method.replaceAll('.', '_')}_response`;
}

/**
 * The raw text of the value of `"<responseKey>":`, up to the last top-level `"sign"` (or, when the
 * sign comes first or is missing, up to the closing brace of the envelope). Null when absent.
 */
export function extractSignedContent(raw: string, responseKey: string): string | null {
  const keyAt = raw.indexOf(`"${responseKey}"`);
  if (keyAt < 0) return null;
  const colonAt = raw.indexOf(':', keyAt + responseKey.length + 2);
  if (colonAt < 0) return null;
  const signAt = raw.lastIndexOf('"sign"');
  const end = signAt > colonAt ? signAt : raw.lastIndexOf('}');
  if (end <= colonAt) return null;
  // Trim the separators between the value and what follows it: whitespace and one comma.
  const content = raw
    .slice(colonAt + 1, end)
    .trim()
    .replace(/,$/, '')
    .trim();
  return content.startsWith('{') && content.endsWith('}') ? content : null;
}

/** Alipay writes JSON with "/" escaped; reproduced so clients are forced to use the raw text. */
export function alipayJson(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}

/** Sandbox side: a signed envelope `{"<key>":<body>,"sign":"…"}` with the sign over `<body>`. */
export function signedEnvelope(responseKey: string, body: Record<string, unknown>, alipayPrivateKey: string | KeyObject): string {
  const content = alipayJson(body);
  const sign = rsa2Sign(content, alipayPrivateKey);
  return `{"${responseKey}":${content},"sign":"${sign}"}`;
}
