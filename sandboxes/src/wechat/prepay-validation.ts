// Field checks WeChat applies to a Native/JSAPI prepay body (reference 4.1), answered as
// 400 PARAM_ERROR / APPID_MCHID_NOT_MATCH like the real API.
import { parseRfc3339 } from '@shop/payments/wechat/time';
import type { PrepayRequest } from '@shop/payments/wechat/wire';
import type { Outcome } from './orders.js';
import { notifyUrlProblem, paramError, parsePrepayBody } from './prepay-fields.js';
import type { MerchantIdentity } from './request-auth.js';

export function validatePrepay(
  raw: string,
  tradeType: 'NATIVE' | 'JSAPI',
  merchant: MerchantIdentity,
  opts: { requireHttps: boolean; currencies: string[] },
): Outcome<PrepayRequest> {
  const parsed = parsePrepayBody<PrepayRequest>(raw);
  if ('error' in parsed) return parsed;
  const body = parsed.ok;
  for (const field of ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '')
      return paramError(`输入源“/body/${field}”映射到字段“${field}”必填性规则校验失败，此字段为必填项`);
  }
  if (body.mchid !== merchant.mchid) return paramError('mchid与请求签名的商户号不一致');
  if (body.appid !== merchant.appid) return { error: { status: 400, code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' } };
  if ([...body.description].length > 127) return paramError('description超过长度限制127');
  if (!/^[0-9A-Za-z_\-*|]{6,32}$/.test(body.out_trade_no)) return paramError('out_trade_no格式错误：6-32位数字、字母、_-*|');
  if (body.attach !== undefined && (typeof body.attach !== 'string' || [...body.attach].length > 128)) return paramError('attach超过长度限制128');
  const notifyProblem = notifyUrlProblem(body.notify_url, opts.requireHttps);
  if (notifyProblem) return paramError(notifyProblem);

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
