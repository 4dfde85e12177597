// The parameter sets Alipay sends back to the merchant: async notifies and the return redirect.
import { randomBytes } from 'node:crypto';
import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import { canonicalString, rsa2Sign, type AlipayParams } from '@shop/payments/alipay/signing';
import { alipayTimestamp } from '@shop/payments/alipay/time';
import type { AlipayTradeStatus } from '@shop/payments/alipay/trade-status';
import type { NotifyFaults } from './faults.js';
import type { ResolvedSandboxOptions } from './options.js';
import type { SandboxTrade } from './trades.js';

export function newNotifyId(): string {
  // Real notify ids are long opaque tokens; their format carries no meaning.
  return randomBytes(20).toString('hex');
}

/** Signs callback parameters: without sign and sign_type (documented), or with sign_type (option). */
function signCallback(params: AlipayParams, o: ResolvedSandboxOptions): AlipayParams {
  const exclude = o.notifySignIncludesSignType ? ['sign'] : ['sign', 'sign_type'];
  return { ...params, sign: rsa2Sign(canonicalString(params, { exclude }), o.alipayPrivateKey) };
}

/** Flips a few bytes inside the base64 so it still decodes but no longer verifies. */
function corrupt(sign: string): string {
  const mid = Math.floor(sign.length / 2);
  const c = sign[mid] === 'A' ? 'B' : 'A';
  return sign.slice(0, mid) + c + sign.slice(mid + 1);
}

export interface NotifyEventSpec {
  notifyId: string;
  tradeStatus: AlipayTradeStatus;
  notifyTime: Date;
}

/** A signed notify for one trade status, with the requested faults applied. */
export function notifyParams(trade: SandboxTrade, ev: NotifyEventSpec, o: ResolvedSandboxOptions, faults: NotifyFaults): AlipayParams {
  const paid = ev.tradeStatus === 'TRADE_SUCCESS' || ev.tradeStatus === 'TRADE_FINISHED';
  let amount = trade.totalAmount;
  if (faults.wrongAmount) amount = centsToDecimal((decimalToCents(amount) ?? 0) + 1);
  const appId = faults.wrongAppId ? `${o.appId.slice(0, -4)}9999` : o.appId;
  const p: AlipayParams = {
    notify_time: alipayTimestamp(ev.notifyTime),
    notify_type: 'trade_status_sync',
    notify_id: ev.notifyId,
    app_id: appId,
    auth_app_id: appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    seller_id: faults.wrongSellerId ? `2088${'0'.repeat(12)}` : o.sellerId,
    seller_email: o.sellerEmail,
    trade_status: ev.tradeStatus,
    total_amount: amount,
    subject: trade.subject,
    gmt_create: alipayTimestamp(trade.gmtCreate),
  };
  if (trade.body) p.body = trade.body;
  if (trade.buyerId) p.buyer_id = trade.buyerId;
  if (trade.buyerLogonId) p.buyer_logon_id = trade.buyerLogonId;
  if (paid) {
    Object.assign(p, {
      receipt_amount: amount,
      invoice_amount: amount,
      buyer_pay_amount: amount,
      point_amount: '0.00',
      gmt_payment: alipayTimestamp(trade.gmtPayment ?? ev.notifyTime),
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
    });
  }
  if (ev.tradeStatus === 'TRADE_CLOSED' && trade.gmtClose) p.gmt_close = alipayTimestamp(trade.gmtClose);
  const signed = signCallback(p, o);
  if (faults.badSign) signed.sign = corrupt(signed.sign!);
  return signed;
}

/** The signed return_url (synchronous return after payment), or undefined without return_url. */
export function returnUrl(trade: SandboxTrade, o: ResolvedSandboxOptions): string | undefined {
  if (!trade.returnUrl) return undefined;
  const url = new URL(trade.returnUrl);
  // The merchant's own query parameters stay in the URL and are signed along, so a verifier
  // that takes every query parameter (as the SDKs do) succeeds. [unverified at Alipay]
  const p = signCallback(
    {
      ...Object.fromEntries(url.searchParams),
      app_id: o.appId,
      auth_app_id: o.appId,
      charset: 'utf-8',
      method: 'alipay.trade.page.pay.return',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      total_amount: trade.totalAmount,
      seller_id: o.sellerId,
      timestamp: alipayTimestamp(o.now()),
      version: '1.0',
      sign_type: 'RSA2',
    },
    o,
  );
  for (const [k, v] of Object.entries(p)) url.searchParams.set(k, v);
  return url.toString();
}
