// Server-call methods: alipay.trade.query and alipay.trade.close, answering `…_response` bodies.
import { businessFailure, type GatewayFailure } from './gateway-request.js';
import { SandboxError, type TradeActions } from './trade-actions.js';
import { alipayTimestamp } from '@shop/payments/alipay/time';
import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import type { SandboxTrade } from './trades.js';

type Body = Record<string, unknown>;

const NOT_EXIST = (): GatewayFailure => businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');

function str(biz: Body, key: string): string | undefined {
  const v = biz[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function lookup(actions: TradeActions, biz: Body): SandboxTrade | GatewayFailure {
  const outTradeNo = str(biz, 'out_trade_no');
  const tradeNo = str(biz, 'trade_no');
  if (!outTradeNo && !tradeNo) return businessFailure('ACQ.INVALID_PARAMETER', 'out_trade_no 和 trade_no 不能同时为空');
  // Before the cashier was opened there is no trade, whatever page requests were made.
  return actions.expireIfDue(actions.book.find(outTradeNo, tradeNo)) ?? NOT_EXIST();
}

const isTrade = (v: SandboxTrade | GatewayFailure): v is SandboxTrade => 'tradeNo' in v;

export function queryTrade(actions: TradeActions, biz: Body): Body {
  const found = lookup(actions, biz);
  if (!isTrade(found)) return { ...found };
  const t = found;
  const paid = t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED';
  const body: Body = {
    code: '10000',
    msg: 'Success',
    out_trade_no: t.outTradeNo,
    trade_no: t.tradeNo,
    trade_status: t.status,
    total_amount: t.totalAmount,
    buyer_pay_amount: paid ? t.totalAmount : '0.00',
    point_amount: '0.00',
    invoice_amount: paid ? t.totalAmount : '0.00',
    receipt_amount: paid ? t.totalAmount : '0.00',
  };
  if (t.buyerLogonId) body.buyer_logon_id = t.buyerLogonId;
  if (t.buyerId) body.buyer_user_id = t.buyerId;
  if (paid && t.gmtPayment) body.send_pay_date = alipayTimestamp(t.gmtPayment);
  return body;
}

export function closeTrade(actions: TradeActions, biz: Body): Body {
  const found = lookup(actions, biz);
  if (!isTrade(found)) return { ...found };
  try {
    actions.closeTrade(found);
  } catch (err) {
    if (err instanceof SandboxError) return { ...businessFailure(err.code, '交易状态不合法') };
    throw err;
  }
  return { code: '10000', msg: 'Success', trade_no: found.tradeNo, out_trade_no: found.outTradeNo };
}

/** alipay.trade.refund: idempotent on out_request_no (fund_change N on a repeat), never beyond the payment. */
export function refundTrade(actions: TradeActions, biz: Body): Body {
  const found = lookup(actions, biz);
  if (!isTrade(found)) return { ...found };
  const t = found;
  if (t.status !== 'TRADE_SUCCESS' && t.status !== 'TRADE_FINISHED') return { ...businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法') };
  const raw = typeof biz.refund_amount === 'number' ? String(biz.refund_amount) : str(biz, 'refund_amount');
  const cents = raw === undefined ? null : decimalToCents(raw);
  if (cents === null || cents < 1) return { ...businessFailure('ACQ.INVALID_PARAMETER', 'refund_amount 格式错误') };
  const requestNo = str(biz, 'out_request_no') ?? t.outTradeNo;
  t.refunds ??= new Map();
  const earlier = t.refunds.get(requestNo);
  if (earlier && earlier.cents !== cents) return { ...businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '同一退款请求号的退款金额不一致') };
  const refunded = [...t.refunds.values()].reduce((sum, r) => sum + r.cents, 0);
  if (!earlier && refunded + cents > (decimalToCents(t.totalAmount) ?? 0)) return { ...businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限') };
  if (!earlier) t.refunds.set(requestNo, { cents, at: actions.o.now() });
  const total = [...t.refunds.values()].reduce((sum, r) => sum + r.cents, 0);
  return {
    code: '10000',
    msg: 'Success',
    out_trade_no: t.outTradeNo,
    trade_no: t.tradeNo,
    buyer_logon_id: t.buyerLogonId ?? '',
    fund_change: earlier ? 'N' : 'Y',
    refund_fee: centsToDecimal(total),
    gmt_refund_pay: alipayTimestamp(t.refunds.get(requestNo)!.at),
  };
}

/** alipay.trade.fastpay.refund.query: the refund under out_request_no, or no refund fields when there is none. */
export function queryRefund(actions: TradeActions, biz: Body): Body {
  const found = lookup(actions, biz);
  if (!isTrade(found)) return { ...found };
  const requestNo = str(biz, 'out_request_no');
  if (!requestNo) return { ...businessFailure('ACQ.INVALID_PARAMETER', 'out_request_no 不能为空') };
  const r = found.refunds?.get(requestNo);
  const base = { code: '10000', msg: 'Success', out_trade_no: found.outTradeNo, trade_no: found.tradeNo, out_request_no: requestNo };
  return r
    ? {
        ...base,
        total_amount: found.totalAmount,
        refund_amount: centsToDecimal(r.cents),
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: alipayTimestamp(r.at),
      }
    : base;
}
