// OpenAPI v2 parameter signing (RSA2 = RSA-SHA256 over a canonical "k=v&k=v" string).
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from './keys.js';

export type AlipayParams = Record<string, string>;

export interface CanonicalOptions {
  /** Keys left out of the string; requests leave out only `sign`, notifies also `sign_type`. */
  exclude?: readonly string[];
  /** Alipay's own signer skips empty values; the Node SDK's notify check keeps them. */
  skipEmpty?: boolean;
}

/** Sorted by key (ASCII), joined as `k=v&…`, values taken as they are: no URL-encoding. */
export function canonicalString(params: AlipayParams, options: CanonicalOptions = {}): string {
  const exclude = new Set(options.exclude ?? ['sign']);
  const skipEmpty = options.skipEmpty ?? true;
  return Object.keys(params)
    .filter((k) => !exclude.has(k) && !(skipEmpty && params[k] === ''))
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: string | KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(loadPrivateKey(privateKey), 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: string | KeyObject): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(loadPublicKey(publicKey), signature, 'base64');
  } catch {
    return false;
  }
}

/** The `sign` of a request: every parameter except `sign` itself (sign_type included). */
export function signRequestParams(params: AlipayParams, appPrivateKey: string | KeyObject): string {
  return rsa2Sign(canonicalString(params, { exclude: ['sign'] }), appPrivateKey);
}

/**
 * Verifies a notify or return parameter set. The documented rule drops `sign` and `sign_type`;
 * the SDK also tries with `sign_type` kept "for historical reasons", so both are accepted, and
 * empty values are tried both skipped (Alipay's signer) and kept (the Node SDK's checker).
 */
export function verifyCallbackParams(params: AlipayParams, publicKey: string | KeyObject): boolean {
  const signature = params.sign ?? '';
  if (!signature) return false;
  const key = loadPublicKey(publicKey);
  const hasEmpty = Object.values(params).some((v) => v === '');
  const variants: CanonicalOptions[] = [
    { exclude: ['sign', 'sign_type'], skipEmpty: true },
    { exclude: ['sign'], skipEmpty: true },
  ];
  if (hasEmpty) variants.push({ exclude: ['sign', 'sign_type'], skipEmpty: false }, { exclude: ['sign'], skipEmpty: false });
  return variants.some((v) => rsa2Verify(canonicalString(params, v), signature, key));
}

/** Form-urlencoded text to a plain map (last value wins, as Alipay never repeats a key). */
export function parseForm(body: string): AlipayParams {
  const out: AlipayParams = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

export function encodeForm(params: AlipayParams): string {
  return new URLSearchParams(params).toString();
}
