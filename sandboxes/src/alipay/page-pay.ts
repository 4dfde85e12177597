// alipay.trade.page.pay: validating the request that the buyer's browser brings to the cashier.
import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import type { AlipayParams } from '@shop/payments/alipay/signing';
import { parseAlipayTimestamp } from '@shop/payments/alipay/time';
import { businessFailure, type GatewayFailure } from './gateway-request.js';
import type { PageRequest, TradeBook } from './trades.js';

type PageFields = Omit<PageRequest, 'token'>;

function parseTimeout(express: string, now: Date): Date | undefined {
  // timeout_express: "90m", "2h", "1d", "1c" (until the end of today; approximated as 24 h).
  const m = /^(\d+)([mhdc])$/.exec(express);
  if (!m) return undefined;
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000, c: 86_400_000 }[m[2] as 'm' | 'h' | 'd' | 'c'];
  return new Date(now.getTime() + Number(m[1]) * unit);
}

/** The page request from verified parameters, or the failure Alipay would show on its error page. */
export function pagePayRequest(params: AlipayParams, biz: Record<string, unknown>, book: TradeBook, now: Date): PageFields | GatewayFailure {
  // page.pay (desktop) and wap.pay (phones) differ only in their product code here.
  const product = params.method === 'alipay.trade.wap.pay' ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY';
  const s = (k: string) => (typeof biz[k] === 'string' ? (biz[k] as string) : undefined);
  const bad = (msg: string) => businessFailure('ACQ.INVALID_PARAMETER', msg);
  const outTradeNo = s('out_trade_no');
  if (!outTradeNo || outTradeNo.length > 64) return bad('out_trade_no is required, at most 64 characters');
  if (s('product_code') !== product) return businessFailure('ACQ.PRODUCT_CODE_INVALID', `product_code must be ${product}`);
  // Alipay takes the amount as a JSON string or number; it answers it back normalized ("88.80").
  const rawAmount = typeof biz.total_amount === 'number' ? String(biz.total_amount) : s('total_amount');
  const cents = rawAmount === undefined ? null : decimalToCents(rawAmount);
  if (cents === null || cents < 1 || cents > 100_000_000_00) {
    return bad(`total_amount must be a decimal between 0.01 and 100000000, got ${String(biz.total_amount)}`);
  }
  const totalAmount = centsToDecimal(cents);
  const subject = s('subject');
  if (!subject || subject.length > 256) return bad('subject is required, at most 256 characters');
  // A mainland merchant's product is CNY yuan and has no currency field: never more permissive.
  if (biz.trans_currency !== undefined || biz.currency !== undefined) return bad('the mainland product charges CNY only; it defines no currency field');
  let timeExpire: Date | undefined;
  if (s('time_expire')) {
    timeExpire = parseAlipayTimestamp(s('time_expire')!) ?? undefined;
    if (!timeExpire) return bad(`bad time_expire ${s('time_expire')}`);
  } else if (s('timeout_express')) {
    timeExpire = parseTimeout(s('timeout_express')!, now);
    if (!timeExpire) return bad(`bad timeout_express ${s('timeout_express')}`);
  }
  const existing = book.find(outTradeNo);
  if (existing) {
    if (existing.status === 'TRADE_SUCCESS' || existing.status === 'TRADE_FINISHED') return businessFailure('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    if (existing.status === 'TRADE_CLOSED') return businessFailure('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    if (existing.totalAmount !== totalAmount || existing.subject !== subject) {
      return businessFailure('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    }
  }
  return {
    outTradeNo,
    totalAmount,
    subject,
    body: s('body'),
    notifyUrl: params.notify_url,
    returnUrl: params.return_url,
    timeExpire,
  };
}
