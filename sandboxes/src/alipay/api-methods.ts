// Server-call methods: alipay.trade.query and alipay.trade.close, answering `…_response` bodies.
import { businessFailure, type GatewayFailure } from './gateway-request.js';
import { SandboxError, type TradeActions } from './trade-actions.js';
import { alipayTimestamp } from '@shop/payments/alipay/time';
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
  if (t.transCurrency) body.trans_currency = t.transCurrency;
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
