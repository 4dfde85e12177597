// Building signed gateway requests the way the official Node SDK lays them out: the public
// parameters (and the sign) in the URL query, everything else (biz_content) in the form body.
import type { KeyObject } from 'node:crypto';
import { escapeHtml } from './html.js';
import { signRequestParams, type AlipayParams } from './signing.js';
import { alipayTimestamp } from './time.js';

/** Parameters the SDK puts into the URL query; the rest goes into the POST body. */
export const URL_PARAM_KEYS: ReadonlySet<string> = new Set([
  'app_id',
  'method',
  'format',
  'charset',
  'sign_type',
  'sign',
  'timestamp',
  'version',
  'notify_url',
  'return_url',
  'auth_token',
  'app_auth_token',
  'app_cert_sn',
  'alipay_root_cert_sn',
  'ws_service_url',
]);

export interface SignedRequestInput {
  appId: string;
  method: string;
  bizContent: Record<string, unknown>;
  appPrivateKey: string | KeyObject;
  notifyUrl?: string;
  returnUrl?: string;
  now?: Date;
}

/** All request parameters, `sign` included. Empty optional values are left out, never signed. */
export function signedRequestParams(input: SignedRequestInput): AlipayParams {
  const params: AlipayParams = {
    app_id: input.appId,
    method: input.method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTimestamp(input.now),
    version: '1.0',
    biz_content: JSON.stringify(input.bizContent),
  };
  if (input.notifyUrl) params.notify_url = input.notifyUrl;
  if (input.returnUrl) params.return_url = input.returnUrl;
  params.sign = signRequestParams(params, input.appPrivateKey);
  return params;
}

/** Splits signed parameters into the gateway URL (with the query part) and the body fields. */
export function splitForGateway(gatewayUrl: string, params: AlipayParams): { url: string; body: AlipayParams } {
  const url = new URL(gatewayUrl);
  const body: AlipayParams = {};
  for (const [k, v] of Object.entries(params)) {
    if (URL_PARAM_KEYS.has(k)) url.searchParams.set(k, v);
    else body[k] = v;
  }
  return { url: url.toString(), body };
}

/** The auto-submitting form that sends the buyer's browser to the cashier (page pay). */
export function autoSubmitForm(gatewayUrl: string, params: AlipayParams): string {
  const { url, body } = splitForGateway(gatewayUrl, params);
  const inputs = Object.entries(body)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}"/>`)
    .join('');
  return (
    `<form name="alipaysubmit" id="alipaysubmit" method="post" accept-charset="utf-8" action="${escapeHtml(url)}">${inputs}</form>` +
    `<script>document.forms["alipaysubmit"].submit();</script>`
  );
}
