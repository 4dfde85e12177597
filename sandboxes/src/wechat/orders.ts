// The sandbox's out_trade_no book: NOTPAY -> SUCCESS | CLOSED, with WeChat's reuse rules
// (same number + identical parameters while unpaid = same answer; anything else is refused).
import { randomBytes, randomUUID } from 'node:crypto';
import { randomAlnum, randomDigits } from '@shop/payments/wechat/random';
import { parseRfc3339, toChinaRfc3339 } from '@shop/payments/wechat/time';
import type { GlobalPrepayRequest, PrepayRequest, Transaction } from '@shop/payments/wechat/wire';
import { convertMinor, scaledRate } from '@shop/payments/fx/convert';
import type { SandboxSetup } from './setup.js';

export type SandboxTradeType = 'NATIVE' | 'JSAPI';
export type SandboxTradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED';

export interface SandboxOrder {
  outTradeNo: string;
  tradeType: SandboxTradeType;
  request: PrepayRequest;
  /** Canonical JSON of the prepay body: "identical parameters" means an identical fingerprint. */
  fingerprint: string;
  state: SandboxTradeState;
  createdAt: Date;
  expiresAt: Date;
  /** Token in weixin://wxpay/bizpayurl?pr=<token> (NATIVE) or looked up by prepay id (JSAPI). */
  token: string;
  codeUrl?: string;
  prepayId?: string;
  transactionId?: string;
  successTime?: Date;
  payerOpenid?: string;
  closedBy?: 'merchant' | 'control' | 'expiry';
  /** Times the buyer pressed Cancel in the cashier (the order stays payable, as in WeChat). */
  payerCancels: number;
  /** Overseas (WeChat Pay Global): the order body as sent, with its mode's ids. */
  global?: GlobalPrepayRequest;
  /** Set by refunds: the whole amount went back (trade_state REFUND). */
  refunded?: boolean;
}

export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export type Outcome<T> = { ok: T } | { error: ApiError };

const fail = (status: number, code: string, message: string): { error: ApiError } => ({ error: { status, code, message } });

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export class OrderBook {
  private readonly orders = new Map<string, SandboxOrder>();

  constructor(
    private readonly opts: { expiryClosesOrder: boolean; defaultPrepayLifetimeMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Marks orders past their expiry (lazily, whenever they are read). */
  private refresh(order: SandboxOrder): SandboxOrder {
    if (order.state === 'NOTPAY' && this.isExpired(order) && this.opts.expiryClosesOrder) {
      order.state = 'CLOSED';
      order.closedBy = 'expiry';
    }
    return order;
  }

  isExpired(order: SandboxOrder): boolean {
    return order.expiresAt.getTime() <= this.now();
  }

  get(outTradeNo: string): SandboxOrder | undefined {
    const o = this.orders.get(outTradeNo);
    return o && this.refresh(o);
  }

  all(): SandboxOrder[] {
    return [...this.orders.values()].map((o) => this.refresh(o));
  }

  find(pred: (o: SandboxOrder) => boolean): SandboxOrder | undefined {
    return this.all().find(pred);
  }

  prepay(tradeType: SandboxTradeType, request: PrepayRequest, global?: GlobalPrepayRequest): Outcome<SandboxOrder> {
    const fingerprint = canonicalJson({ tradeType, request: global ?? request });
    const existing = this.get(request.out_trade_no);
    if (existing) {
      if (existing.state === 'SUCCESS') return fail(403, 'ORDERPAID', '该订单已支付');
      if (existing.tradeType !== tradeType) return fail(403, 'OUT_TRADE_NO_USED', `商户订单号重复：已用于${existing.tradeType}下单`);
      if (existing.state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.fingerprint !== fingerprint) return fail(403, 'OUT_TRADE_NO_USED', '商户订单号重复');
      return { ok: existing };
    }
    const createdAt = new Date(this.now());
    const expiresAt = request.time_expire ? parseRfc3339(request.time_expire)! : new Date(createdAt.getTime() + this.opts.defaultPrepayLifetimeMs);
    const order: SandboxOrder = {
      outTradeNo: request.out_trade_no,
      tradeType,
      request,
      fingerprint,
      state: 'NOTPAY',
      createdAt,
      expiresAt,
      token: this.uniqueToken(),
      payerCancels: 0,
      ...(global ? { global } : {}),
    };
    if (tradeType === 'NATIVE') order.codeUrl = `weixin://wxpay/bizpayurl?pr=${order.token}`;
    else order.prepayId = `wx${toChinaRfc3339(createdAt).replace(/\D/g, '').slice(0, 14)}${randomBytes(11).toString('hex')}`;
    this.orders.set(order.outTradeNo, order);
    return { ok: order };
  }

  private uniqueToken(): string {
    for (;;) {
      const token = randomAlnum(7);
      if (![...this.orders.values()].some((o) => o.token === token)) return token;
    }
  }

  /** The buyer paid (cashier Pay or _control pay). */
  pay(outTradeNo: string, payerOpenid?: string): Outcome<SandboxOrder> {
    const order = this.get(outTradeNo);
    if (!order) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (order.state === 'SUCCESS') return fail(409, 'ORDERPAID', '该订单已支付');
    if (order.state === 'CLOSED') return fail(409, 'ORDER_CLOSED', '订单已关闭');
    if (this.isExpired(order)) return fail(409, 'ORDER_EXPIRED', '订单已过期，无法支付');
    order.state = 'SUCCESS';
    order.transactionId = `42000${randomDigits(23)}`;
    order.successTime = new Date(this.now());
    order.payerOpenid = order.request.payer?.openid ?? payerOpenid ?? `o${randomAlnum(27)}`;
    return { ok: order };
  }

  /** Close by the merchant API (or a control). Re-closing answers ORDER_CLOSED like the API. */
  close(outTradeNo: string, by: 'merchant' | 'control'): Outcome<SandboxOrder> {
    const order = this.get(outTradeNo);
    if (!order) return fail(404, 'ORDERNOTEXIST', '订单不存在');
    if (order.state === 'SUCCESS') return fail(403, 'ORDERPAID', '订单已支付，不能关闭');
    if (order.state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
    order.state = 'CLOSED';
    order.closedBy = by;
    return { ok: order };
  }

  /** Moves time_expire to now: the QR / prepay id can no longer be paid. */
  expire(outTradeNo: string): Outcome<SandboxOrder> {
    const order = this.get(outTradeNo);
    if (!order) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (order.state !== 'NOTPAY') return fail(409, `ORDER_${order.state}`, `订单状态为${order.state}`);
    order.expiresAt = new Date(this.now() - 1);
    return { ok: this.refresh(order) };
  }

  clear(): void {
    this.orders.clear();
  }
}

const STATE_DESC: Record<SandboxTradeState, string> = { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭' };

/** What a WeChat Pay Global payer is charged: CNY fen at the sandbox's rate, and the rate as WeChat scales it (10^8). */
export function payerCharge(order: SandboxOrder, setup: SandboxSetup): { payerTotal: number; rate: number } {
  return { payerTotal: convertMinor(order.request.amount.total, setup.payerRate), rate: Number(scaledRate(setup.payerRate)) };
}

/** The global product's Transaction (cross-border reference 1.4): mode ids, payer CNY and rate. */
function globalTransactionOf(order: SandboxOrder, setup: SandboxSetup): Transaction {
  const g = order.global!;
  const ids =
    setup.mode === 'institutional'
      ? { sp_mchid: g.sp_mchid, sp_appid: g.sp_appid, sub_mchid: g.sub_mchid, ...(g.sub_appid ? { sub_appid: g.sub_appid } : {}) }
      : { mchid: g.mchid, appid: g.appid };
  const state = order.refunded && order.state === 'SUCCESS' ? 'REFUND' : order.state;
  const tx: Transaction = {
    ...ids,
    out_trade_no: order.outTradeNo,
    trade_state: state,
    trade_state_desc: state === 'REFUND' ? '转入退款' : STATE_DESC[order.state],
    ...(g.attach !== undefined ? { attach: g.attach } : {}),
    amount: { total: g.amount.total, currency: g.amount.currency },
  };
  if (order.state === 'SUCCESS') {
    const { payerTotal, rate } = payerCharge(order, setup);
    const payer =
      setup.mode === 'institutional'
        ? g.payer?.sub_openid
          ? { sub_openid: order.payerOpenid }
          : { sp_openid: order.payerOpenid }
        : { openid: order.payerOpenid };
    Object.assign(tx, {
      [setup.transactionIdKey]: order.transactionId,
      trade_type: order.tradeType,
      bank_type: 'OTHERS',
      success_time: toChinaRfc3339(order.successTime!),
      payer,
      amount: {
        total: g.amount.total,
        currency: g.amount.currency,
        payer_total: payerTotal,
        payer_currency: 'CNY',
        exchange_rate: { type: 'SETTLEMENT_RATE', rate },
      },
      promotion_detail: [],
    });
  }
  return tx;
}

/** The Transaction as query returns it and callbacks carry it. */
export function transactionOf(order: SandboxOrder, setup?: SandboxSetup): Transaction {
  if (order.global && setup) return globalTransactionOf(order, setup);
  const r = order.request;
  const currency = r.amount.currency ?? 'CNY';
  const tx: Transaction = {
    appid: r.appid,
    mchid: r.mchid,
    out_trade_no: order.outTradeNo,
    trade_state: order.refunded && order.state === 'SUCCESS' ? 'REFUND' : order.state,
    trade_state_desc: order.refunded && order.state === 'SUCCESS' ? '转入退款' : STATE_DESC[order.state],
    ...(r.attach !== undefined ? { attach: r.attach } : {}),
    amount: { total: r.amount.total, currency, payer_currency: currency },
  };
  if (order.state === 'SUCCESS') {
    Object.assign(tx, {
      transaction_id: order.transactionId,
      trade_type: order.tradeType,
      bank_type: 'OTHERS',
      success_time: toChinaRfc3339(order.successTime!),
      payer: { openid: order.payerOpenid },
      amount: { total: r.amount.total, payer_total: r.amount.total, currency, payer_currency: currency },
      promotion_detail: [],
    });
  }
  return tx;
}

export const newEventId = (): string => randomUUID();
