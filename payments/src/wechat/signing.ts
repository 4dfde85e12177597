// SHA256withRSA messages and the Authorization header of WeChat Pay API v3 (reference 4.1).
// Every message is a list of lines, each ending in "\n", including the last one.
import { createSign, createVerify, type KeyObject } from 'node:crypto';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** Merchant -> WeChat: METHOD, canonical URL (path + ?query, no host), timestamp, nonce, body. */
export function requestMessage(method: string, canonicalUrl: string, timestamp: string, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${canonicalUrl}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** WeChat -> merchant (responses and callbacks): timestamp, nonce, body (empty for 204). */
export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** JSAPI client parameters, signed by the merchant: appId, timeStamp, nonceStr, package. */
export function paySignMessage(appId: string, timeStamp: string, nonceStr: string, pkg: string): string {
  return `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;
}

export function rsaSign(privateKey: KeyObject | string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** False (never throws) for a wrong key, garbage base64 or a tampered message. */
export function rsaVerify(publicKey: KeyObject | string, message: string, signatureBase64: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signatureBase64, 'base64');
  } catch {
    return false;
  }
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  timestamp: string;
  serial_no: string;
  signature: string;
}

export function formatAuthorization(f: AuthorizationFields): string {
  return `${AUTH_SCHEMA} mchid="${f.mchid}",nonce_str="${f.nonce_str}",timestamp="${f.timestamp}",` + `serial_no="${f.serial_no}",signature="${f.signature}"`;
}

/** Parses the header; fields may come in any order. Null when the schema or a field is missing. */
export function parseAuthorization(header: string | undefined): AuthorizationFields | null {
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space) !== AUTH_SCHEMA) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(space + 1).matchAll(/([a-z_]+)="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  const { mchid, nonce_str, timestamp, serial_no, signature } = fields;
  if (!mchid || !nonce_str || !timestamp || !serial_no || !signature) return null;
  return { mchid, nonce_str, timestamp, serial_no, signature };
}
