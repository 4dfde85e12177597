// Field checks of POST /v3/global/transactions/native|jsapi (cross-border reference 1.2): only the
// fields the global product defines, the ids of the configured mode, trade_type matching the path,
// an accepted merchant_category_code, an integer amount in a contracted currency.
import type { GlobalPrepayRequest, PrepayRequest } from '@shop/payments/wechat/wire';
import { parseRfc3339 } from '@shop/payments/wechat/time';
import type { Outcome } from './orders.js';
import { notifyUrlProblem, paramError, parsePrepayBody } from './prepay-fields.js';
import type { MerchantIdentity } from './request-auth.js';
import type { SandboxSetup } from './setup.js';

const DEFINED = new Set([
  'appid',
  'mchid',
  'sp_appid',
  'sp_mchid',
  'sub_mchid',
  'sub_appid',
  'description',
  'out_trade_no',
  'trade_type',
  'notify_url',
  'attach',
  'time_start',
  'time_expire',
  'goods_tag',
  'limit_pay',
  'merchant_category_code',
  'amount',
  'payer',
  'detail',
  'scene_info',
]);

export interface GlobalPrepay {
  /** The order book's view: appid/mchid are the signing merchant's, payer.openid whichever id was sent. */
  request: PrepayRequest;
  raw: GlobalPrepayRequest;
}

export function validateGlobalPrepay(
  raw: string,
  tradeType: 'NATIVE' | 'JSAPI',
  merchant: MerchantIdentity,
  setup: SandboxSetup,
  opts: { requireHttps: boolean },
): Outcome<GlobalPrepay> {
  const parsed = parsePrepayBody<GlobalPrepayRequest>(raw);
  if ('error' in parsed) return parsed;
  const body = parsed.ok;
  const undefinedFields = Object.keys(body).filter((k) => !DEFINED.has(k));
  if (undefinedFields.length) return paramError(`不支持的参数：${undefinedFields.join(', ')}`);

  const institutional = setup.mode === 'institutional';
  const ids = institutional ? (['sp_appid', 'sp_mchid', 'sub_mchid'] as const) : (['appid', 'mchid'] as const);
  const foreign = institutional ? (['appid', 'mchid'] as const) : (['sp_appid', 'sp_mchid', 'sub_mchid', 'sub_appid'] as const);
  for (const f of ids) if (typeof body[f] !== 'string' || !body[f]) return paramError(`${f}为必填项`);
  for (const f of foreign) if (body[f] !== undefined) return paramError(`${f}不适用于${institutional ? '机构' : '普通'}模式`);
  const mchid = institutional ? body.sp_mchid : body.mchid;
  const appid = institutional ? body.sp_appid : body.appid;
  if (mchid !== merchant.mchid) return paramError('商户号与请求签名的商户号不一致');
  if (appid !== merchant.appid) return { error: { status: 400, code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mchid不匹配' } };
  if (institutional && body.sub_mchid !== setup.subMchid) return { error: { status: 400, code: 'MCH_NOT_EXISTS', message: '子商户号不存在或未与机构绑定' } };
  if (body.sub_appid !== undefined && body.sub_appid !== setup.subAppid)
    return { error: { status: 400, code: 'APPID_MCHID_NOT_MATCH', message: 'sub_appid和sub_mchid不匹配' } };

  for (const f of ['description', 'out_trade_no', 'notify_url', 'trade_type', 'merchant_category_code'] as const) {
    if (typeof body[f] !== 'string' || body[f] === '') return paramError(`${f}为必填项`);
  }
  if (body.trade_type !== tradeType) return paramError(`trade_type应为${tradeType}`);
  if (!setup.merchantCategoryCodes.includes(body.merchant_category_code)) return paramError('暂不支持该mcc码');
  if ([...body.description].length > 127) return paramError('description超过长度限制');
  if (!/^[0-9A-Za-z_\-*|]{1,32}$/.test(body.out_trade_no)) return paramError('out_trade_no格式错误');
  if (body.attach !== undefined && (typeof body.attach !== 'string' || [...body.attach].length > 128)) return paramError('attach超过长度限制');
  const notifyProblem = notifyUrlProblem(body.notify_url, opts.requireHttps);
  if (notifyProblem) return paramError(notifyProblem);

  const amount = body.amount;
  if (!amount || !Number.isInteger(amount.total) || amount.total <= 0) return paramError('amount.total必须为正整数（币种最小单位）');
  if (typeof amount.currency !== 'string' || !setup.currencies.includes(amount.currency)) return paramError(`不支持的币种${String(amount.currency)}`);
  if (body.time_expire !== undefined && !(typeof body.time_expire === 'string' && parseRfc3339(body.time_expire))) return paramError('time_expire格式错误');

  let openid: string | undefined;
  if (tradeType === 'JSAPI') {
    const payer = body.payer ?? {};
    openid = institutional ? (payer.sub_openid ?? payer.sp_openid) : payer.openid;
    if (!openid) return paramError(institutional ? 'JSAPI下单缺少payer.sp_openid或payer.sub_openid' : 'JSAPI下单缺少payer.openid');
    if (payer.sub_openid && !body.sub_appid) return paramError('使用sub_openid时sub_appid为必填项');
  } else if (body.payer !== undefined) {
    return paramError('NATIVE下单不需要payer');
  }
  return {
    ok: {
      raw: body,
      request: {
        appid: appid!,
        mchid: mchid!,
        description: body.description,
        out_trade_no: body.out_trade_no,
        notify_url: body.notify_url,
        ...(body.attach !== undefined ? { attach: body.attach } : {}),
        ...(body.time_expire !== undefined ? { time_expire: body.time_expire } : {}),
        amount: { total: amount.total, currency: amount.currency },
        ...(openid ? { payer: { openid } } : {}),
      },
    },
  };
}
