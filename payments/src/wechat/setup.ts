// The two WeChat Pay merchant products the shop can run on, and what differs between them on the
// wire: paths, the merchant ids in bodies and queries, and the currency the product takes.
//   overseas: WeChat Pay Global API v3 (apihk.mch.weixin.qq.com, /v3/global/...), EUR amounts,
//             common mode (appid + mchid) or institutional mode (sp_* + sub_*).
//   domestic: WeChat Pay API v3 for a mainland merchant (/v3/pay/...), CNY only.

export type WechatSetup = 'overseas' | 'domestic';
export type WechatMode = 'common' | 'institutional';

export const WECHAT_DOMESTIC_BASE = 'https://api.mch.weixin.qq.com';
export const WECHAT_GLOBAL_BASE = 'https://apihk.mch.weixin.qq.com';

export interface WechatMerchant {
  setup: WechatSetup;
  mode: WechatMode;
  /** common: mchid; institutional: the institution's sp_mchid (it signs the requests). */
  mchid: string;
  /** common: appid; institutional: sp_appid. */
  appid: string;
  subMchid?: string;
  subAppid?: string;
}

/** Merchant ids as the order, close and refund bodies carry them. */
export function merchantBody(m: WechatMerchant): Record<string, string> {
  if (m.mode === 'institutional') {
    return { sp_appid: m.appid, sp_mchid: m.mchid, sub_mchid: m.subMchid!, ...(m.subAppid ? { sub_appid: m.subAppid } : {}) };
  }
  return { appid: m.appid, mchid: m.mchid };
}

/** Merchant ids of a close body: only the merchant numbers. */
export function closeBody(m: WechatMerchant): Record<string, string> {
  return m.mode === 'institutional' ? { sp_mchid: m.mchid, sub_mchid: m.subMchid! } : { mchid: m.mchid };
}

/** The query string that names the merchant on GET calls. */
export function merchantQuery(m: WechatMerchant): string {
  const q = new URLSearchParams(m.mode === 'institutional' ? { sp_mchid: m.mchid, sub_mchid: m.subMchid! } : { mchid: m.mchid });
  return q.toString();
}

/** The payer object of a JSAPI order: openid, or sp_openid / sub_openid in institutional mode. */
export function payerOf(m: WechatMerchant, openId: string): Record<string, string> {
  if (m.mode !== 'institutional') return { openid: openId };
  return m.subAppid ? { sub_openid: openId } : { sp_openid: openId };
}

/** The AppID the openid belongs to, which the JSAPI paySign must name. */
export function payingAppId(m: WechatMerchant): string {
  return m.mode === 'institutional' && m.subAppid ? m.subAppid : m.appid;
}

export const wechatPaths = {
  order: (s: WechatSetup, method: 'native' | 'jsapi') => (s === 'overseas' ? `/v3/global/transactions/${method}` : `/v3/pay/transactions/${method}`),
  query: (s: WechatSetup, outTradeNo: string) =>
    `${s === 'overseas' ? '/v3/global/transactions' : '/v3/pay/transactions'}/out-trade-no/${encodeURIComponent(outTradeNo)}`,
  close: (s: WechatSetup, outTradeNo: string) =>
    `${s === 'overseas' ? '/v3/global/transactions' : '/v3/pay/transactions'}/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
  refund: (s: WechatSetup) => (s === 'overseas' ? '/v3/global/refunds' : '/v3/refund/domestic/refunds'),
  refundQuery: (s: WechatSetup, outRefundNo: string) =>
    s === 'overseas' ? `/v3/global/refunds/out-refund-no/${encodeURIComponent(outRefundNo)}` : `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`,
  certificates: (s: WechatSetup) => (s === 'overseas' ? '/v3/global/certificates' : '/v3/certificates'),
};
