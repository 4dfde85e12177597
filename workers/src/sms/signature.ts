import { createHmac } from 'node:crypto';

// Alibaba Cloud RPC-style request signing (signature version 1.0, HMAC-SHA1), as documented for
// every RPC API of the platform (SendSms included): the parameters are sorted by name, each name and
// value is percent-encoded per RFC 3986 (so '*' is %2A, '~' stays, a space is %20), joined into the
// canonical query, and the string to sign is `METHOD&%2F&<encoded canonical query>`. The key is the
// AccessKey secret followed by '&'.

/** RFC 3986 percent-encoding: encodeURIComponent leaves !'()* unescaped, the platform does not. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical query of a request: every parameter but Signature, sorted by name. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

export function stringToSign(method: string, params: Record<string, string>): string {
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function rpcSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}
