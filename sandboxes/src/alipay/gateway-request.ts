// Reading and authenticating a gateway.do call: parameters may be split between the URL query and
// a form body (the SDK puts public parameters in the query), and all of them are signed together.
import type { FastifyRequest } from 'fastify';
import { canonicalString, parseForm, rsa2Verify, type AlipayParams } from '@shop/payments/alipay/signing';
import { parseAlipayTimestamp } from '@shop/payments/alipay/time';
import type { ResolvedSandboxOptions } from './options.js';

/** The body of an Alipay error answer (`code` other than 10000). */
export interface GatewayFailure {
  code: string;
  msg: string;
  sub_code: string;
  sub_msg: string;
}

export const SUPPORTED_METHODS: ReadonlySet<string> = new Set([
  'alipay.trade.page.pay',
  'alipay.trade.wap.pay',
  'alipay.trade.query',
  'alipay.trade.close',
  'alipay.trade.refund',
  'alipay.trade.fastpay.refund.query',
  'alipay.data.dataservice.bill.downloadurl.query',
]);

const missing = (what: string): GatewayFailure => ({
  code: '40001',
  msg: 'Missing Required Arguments',
  sub_code: `isv.missing-${what}`,
  sub_msg: `缺少参数 ${what}`,
});
const invalid = (what: string, detail: string): GatewayFailure => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: `isv.invalid-${what}`,
  sub_msg: detail,
});

/** Query parameters (decoded from the raw URL, `+` as space) overlaid by form-body parameters. */
export function gatewayParams(request: FastifyRequest): AlipayParams {
  const queryAt = request.url.indexOf('?');
  const params = queryAt >= 0 ? parseForm(request.url.slice(queryAt + 1)) : {};
  if (typeof request.body === 'string') Object.assign(params, parseForm(request.body));
  return params;
}

/** Checks the public parameters and the RSA2 signature with the app public key; null when fine. */
export function authenticate(params: AlipayParams, o: ResolvedSandboxOptions): GatewayFailure | null {
  if (!params.app_id) return missing('app-id');
  if (!params.method) return missing('method');
  if (!params.sign_type) return missing('signature-type');
  if (!params.sign) return missing('signature');
  if (!params.timestamp) return missing('timestamp');
  if (!params.version) return missing('version');
  if (params.app_id !== o.appId) return invalid('app-id', `无效的AppID参数 ${params.app_id}`);
  if (!SUPPORTED_METHODS.has(params.method)) return invalid('method', `不存在的方法名 ${params.method}`);
  if (params.format && params.format.toUpperCase() !== 'JSON') return invalid('format', `无效的数据格式 ${params.format}`);
  if (params.charset && params.charset.toLowerCase() !== 'utf-8') return invalid('charset', `无效的字符集 ${params.charset}`);
  if (params.version !== '1.0') return invalid('version', `无效的版本 ${params.version}`);
  if (params.sign_type !== 'RSA2') return invalid('signature-type', `sandbox only holds an RSA2 key, got ${params.sign_type}`);
  if (!parseAlipayTimestamp(params.timestamp)) return invalid('timestamp', `非法的时间戳参数 ${params.timestamp}`);
  const content = canonicalString(params, { exclude: ['sign'], skipEmpty: true });
  if (!rsa2Verify(content, params.sign, o.appPublicKey)) {
    // Alipay echoes the string it verified, which is how integrators debug a mismatch.
    return invalid('signature', `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${content}`);
  }
  return null;
}

export type BizContent = { ok: true; biz: Record<string, unknown> } | { ok: false; failure: GatewayFailure };

/** biz_content as an object, or a failure when absent or not a JSON object. */
export function bizContent(params: AlipayParams): BizContent {
  if (!params.biz_content) return { ok: false, failure: missing('biz-content') };
  try {
    const v = JSON.parse(params.biz_content) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return { ok: true, biz: v as Record<string, unknown> };
  } catch {
    /* reported below */
  }
  return { ok: false, failure: invalid('parameter', 'biz_content is not a JSON object') };
}

/** A business failure (40004) with Alipay's ACQ sub code. */
export function businessFailure(subCode: string, subMsg: string): GatewayFailure {
  return { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg };
}
