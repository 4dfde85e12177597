// Server-to-server calls to gateway.do: signed request, raw-text response, response signature
// verified over the exact `…_response` substring with the Alipay public key.
import type { KeyObject } from 'node:crypto';
import { ProviderError } from '../provider.js';
import { signedRequestParams, splitForGateway } from './request-params.js';
import { extractSignedContent, responseKeyOf } from './response-envelope.js';
import { encodeForm, rsa2Verify } from './signing.js';

export interface GatewayClientConfig {
  gatewayUrl: string;
  appId: string;
  appPrivateKey: KeyObject;
  alipayPublicKey: KeyObject;
  timeoutMs: number;
}

/** The decoded `…_response` object: `code` "10000" means success, otherwise `sub_code` says why. */
export interface GatewayResult {
  code: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

const fail = (code: string, message: string, retryable: boolean, httpStatus?: number) => new ProviderError('alipay', code, message, retryable, httpStatus);

export async function callGateway(config: GatewayClientConfig, method: string, bizContent: Record<string, unknown>): Promise<GatewayResult> {
  const params = signedRequestParams({ appId: config.appId, method, bizContent, appPrivateKey: config.appPrivateKey });
  const { url, body } = splitForGateway(config.gatewayUrl, params);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: encodeForm(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw fail(timedOut ? 'TIMEOUT' : 'NETWORK', `${method}: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  const raw = await res.text().catch(() => '');
  if (res.status !== 200) throw fail(`HTTP_${res.status}`, `${method}: HTTP ${res.status}`, res.status >= 500 || res.status === 429, res.status);
  return verifiedResult(config, method, raw);
}

/** Parses and authenticates a raw gateway response (exported for the tests of tampered responses). */
export function verifiedResult(config: Pick<GatewayClientConfig, 'alipayPublicKey'>, method: string, raw: string): GatewayResult {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw fail('BAD_RESPONSE', `${method}: response is not JSON`, true);
  }
  let key = responseKeyOf(method);
  if (!(key in parsed) && 'error_response' in parsed) key = 'error_response';
  const value = parsed[key];
  const content = extractSignedContent(raw, key);
  if (!value || typeof value !== 'object' || content === null) throw fail('BAD_RESPONSE', `${method}: no ${key} in response`, false);
  const result = value as GatewayResult;
  const sign = typeof parsed.sign === 'string' ? parsed.sign : '';
  // Error answers may come unsigned (the Java SDK skips them too); a success must be signed.
  if (sign || result.code === '10000') {
    if (!rsa2Verify(content, sign, config.alipayPublicKey)) {
      throw fail('INVALID_RESPONSE_SIGNATURE', `${method}: response signature does not verify with the Alipay public key`, false);
    }
  }
  return result;
}

/** Whether trying the same call again may help, from Alipay's public error codes. */
function retryableResult(result: GatewayResult): boolean {
  if (result.code === '20000') return true; // service temporarily unavailable
  return result.sub_code === 'ACQ.SYSTEM_ERROR' || result.sub_code === 'aop.ACQ.SYSTEM_ERROR' || result.sub_code === 'isp.unknow-error';
}

export function resultError(method: string, result: GatewayResult): ProviderError {
  const code = result.sub_code || result.code || 'UNKNOWN';
  const text = [result.code, result.msg, result.sub_code, result.sub_msg].filter(Boolean).join(' ');
  return fail(code, `${method}: ${text}`, retryableResult(result));
}
