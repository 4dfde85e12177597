import { createHmac, timingSafeEqual } from 'node:crypto';

// The provider's side of RPC signing, written apart from the workers' adapter on purpose: the
// sandbox recomputes the signature from what arrived on the wire, so a mistake in the adapter's
// encoding shows up as SignatureDoesNotMatch, as it would against the real endpoint.

const rfc3986 = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

export function serverStringToSign(method: string, params: Record<string, string>): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`)
    .join('&');
  return `${method}&${rfc3986('/')}&${rfc3986(canonical)}`;
}

export function signatureMatches(method: string, params: Record<string, string>, secret: string): boolean {
  const expected = createHmac('sha1', `${secret}&`).update(serverStringToSign(method, params), 'utf8').digest();
  const given = Buffer.from(params.Signature ?? '', 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
