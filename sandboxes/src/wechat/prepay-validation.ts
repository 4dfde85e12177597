// Field checks WeChat applies to a Native/JSAPI prepay body (reference 4.1), answered as
// 400 PARAM_ERROR / APPID_MCHID_NOT_MATCH like the real API.
import { parseRfc3339 } from '@shop/payments/wechat/time';
import type { PrepayRequest } from '@shop/payments/wechat/wire';
import type { Outcome } from './orders.js';
import type { MerchantIdentity } from './request-auth.js';

const paramError = (message: string) => ({ error: { status: 400, code: 'PARAM_ERROR', message } });

export function validatePrepay(
  raw: string,
  tradeType: 'NATIVE' | 'JSAPI',
  merchant: MerchantIdentity,
  opts: { requireHttps: boolean; currencies: string[] },
): Outcome<PrepayRequest> {
  let body: PrepayRequest;
  try {
    body = JSON.parse(raw) as PrepayRequest;
  } catch {
    return paramError('请求体不是合法的JSON');
  }
  if (!body || typeof body !== 'object') return paramError('请求体不是JSON对象');
  for (const field of ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '')
      return paramError(`输入源“/body/${field}”映射到字段“${field}”必填性规则校验失败，此字段为必填项`);
  }
  if (body.mchid !== merchant.mchid) return paramError('mchid与请求签名的商户号不一致');
  if (body.appid !== merchant.appid) return { error: { status: 400, code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' } };
  if ([...body.description].length > 127) return paramError('description超过长度限制127');
  if (!/^[0-9A-Za-z_\-*|]{6,32}$/.test(body.out_trade_no)) return paramError('out_trade_no格式错误：6-32位数字、字母、_-*|');
  if (body.attach !== undefined && (typeof body.attach !== 'string' || [...body.attach].length > 128)) return paramError('attach超过长度限制128');

  let notify: URL;
  try {
    notify = new URL(body.notify_url);
  } catch {
    return paramError('notify_url格式错误');
  }
  if (notify.search || notify.hash) return paramError('notify_url不能携带参数');
  if (notify.protocol !== 'https:' && (opts.requireHttps || notify.protocol !== 'http:')) return paramError('notify_url必须为https地址');

  const amount = body.amount;
  if (!amount || !Number.isInteger(amount.total) || amount.total <= 0) return paramError('amount.total必须为正整数（单位：分）');
  if (amount.currency !== undefined && !opts.currencies.includes(amount.currency)) return paramError(`不支持的币种${amount.currency}`);

  if (body.time_expire !== undefined) {
    const at = typeof body.time_expire === 'string' ? parseRfc3339(body.time_expire) : null;
    if (!at) return paramError('time_expire格式错误，应为rfc3339格式');
    if (at.getTime() <= Date.now()) return paramError('time_expire不能早于当前时间');
  }
  if (tradeType === 'JSAPI' && (typeof body.payer?.openid !== 'string' || body.payer.openid === '')) {
    return paramError('JSAPI下单缺少payer.openid');
  }
  return { ok: body };
}
