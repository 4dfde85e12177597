// MAPI (cross-border website payment) signing, cross-border reference 2.3: every parameter except
// `sign` and `sign_type`, empty values left out, sorted by key, raw `k=v` joined with `&`, signed
// with the merchant's RSA key. RSA2 is SHA256withRSA; plain RSA is taken as SHA1withRSA, the usual
// Alipay convention (UNVERIFIED for MAPI, hence configurable).
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { canonicalString, type AlipayParams } from '../signing.js';

export type ForexSignType = 'RSA2' | 'RSA';

const HASH: Record<ForexSignType, string> = { RSA2: 'RSA-SHA256', RSA: 'RSA-SHA1' };

export function forexSignContent(params: AlipayParams): string {
  return canonicalString(params, { exclude: ['sign', 'sign_type'], skipEmpty: true });
}

export function forexSign(params: AlipayParams, signType: ForexSignType, privateKey: KeyObject): string {
  return createSign(HASH[signType]).update(forexSignContent(params), 'utf8').sign(privateKey, 'base64');
}

export function forexVerify(params: AlipayParams, publicKey: KeyObject): boolean {
  const signType = params.sign_type as ForexSignType | undefined;
  if (!params.sign || !signType || !(signType in HASH)) return false;
  try {
    return createVerify(HASH[signType]).update(forexSignContent(params), 'utf8').verify(publicKey, params.sign, 'base64');
  } catch {
    return false;
  }
}

/** Adds sign_type and sign to a parameter set (empty values dropped first: they are never sent). */
export function signedForexParams(params: AlipayParams, signType: ForexSignType, privateKey: KeyObject): AlipayParams {
  const out: AlipayParams = {};
  for (const [k, v] of Object.entries(params)) if (v !== '') out[k] = v;
  return { ...out, sign: forexSign(out, signType, privateKey), sign_type: signType };
}
