// The sandbox's trades: created when the buyer's browser reaches the cashier (WAIT_BUYER_PAY),
// TRADE_FINISHED once paid (this product is final at payment), TRADE_CLOSED once unpaid past
// their timeout_rule (Alipay's default 12h; other values only when enabled), and their refunds.
import { randomBytes } from 'node:crypto';
import { convertMinor } from '@shop/payments/fx/convert';
import { ForexError, fee, httpUrl, type Params } from './request.js';
import type { ResolvedForexOptions } from './options.js';

export interface ForexTrade {
  token: string;
  service: string;
  outTradeNo: string;
  tradeNo: string;
  subject: string;
  body?: string;
  currency: string;
  /** Settlement-currency cents. */
  forexCents: number;
  /** What the buyer pays in CNY fen at the sandbox's rate. */
  cnyFen: number;
  notifyUrl?: string;
  returnUrl?: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  /** Canonical request: a repeat with other parameters is refused. */
  fingerprint: string;
  buyerId?: string;
  paidAt?: Date;
  /** When the buyer reached the cashier, and how long the trade stays payable from then (timeout_rule). */
  openedAt: Date;
  timeoutMs: number;
  refunds: Map<string, { outReturnNo: string; cents: number; at: Date }>;
}

const RULE_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A timeout_rule in milliseconds (documented values: minutes, hours or days up to 15d); null when malformed. */
function ruleMs(rule: string): number | null {
  const m = /^(\d{1,4})([mhd])$/.exec(rule);
  const ms = m ? Number(m[1]) * RULE_UNITS[m[2]!]! : NaN;
  return ms >= 60_000 && ms <= 15 * 86_400_000 ? ms : null;
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export class ForexTrades {
  private readonly byNo = new Map<string, ForexTrade>();

  constructor(private readonly o: ResolvedForexOptions) {}

  get(outTradeNo: string): ForexTrade | undefined {
    return this.closedIfDue(this.byNo.get(outTradeNo));
  }

  byToken(token: string): ForexTrade | undefined {
    return this.closedIfDue([...this.byNo.values()].find((t) => t.token === token));
  }

  all(): ForexTrade[] {
    return [...this.byNo.values()].map((t) => this.closedIfDue(t)!);
  }

  /** An unpaid trade past its timeout_rule is closed: it can no longer be paid. */
  private closedIfDue(trade: ForexTrade | undefined): ForexTrade | undefined {
    if (trade?.status === 'WAIT_BUYER_PAY' && this.o.now().getTime() >= trade.openedAt.getTime() + trade.timeoutMs) trade.status = 'TRADE_CLOSED';
    return trade;
  }

  clear(): void {
    this.byNo.clear();
  }

  /** create_forex_trade(_wap): the checks of reference 2.2, then the trade at the cashier. */
  open(p: Params): ForexTrade {
    for (const k of ['out_trade_no', 'subject', 'currency', 'product_code'] as const) if (!p[k]) throw new ForexError('ILLEGAL_ARGUMENT', `${k} is required`);
    if (p.out_trade_no!.length > 64) throw new ForexError('ILLEGAL_ARGUMENT', 'out_trade_no longer than 64');
    if (p.currency !== this.o.currency) throw new ForexError('ILLEGAL_CURRENCY', `the contract settles ${this.o.currency}, not ${p.currency}`);
    if ('total_fee' in p === 'rmb_fee' in p) throw new ForexError('ILLEGAL_ARGUMENT', 'send exactly one of total_fee and rmb_fee');
    const product = p.service === 'create_forex_trade_wap' ? 'NEW_WAP_OVERSEAS_SELLER' : 'NEW_OVERSEAS_SELLER';
    if (p.product_code !== product) throw new ForexError('ILLEGAL_ARGUMENT', `product_code must be ${product} for ${p.service}`);
    for (const k of ['notify_url', 'return_url'] as const)
      if (p[k] !== undefined && !httpUrl(p[k])) throw new ForexError('ILLEGAL_ARGUMENT', `${k} is not a URL`);
    const timeoutMs = p.timeout_rule === undefined ? ruleMs('12h')! : ruleMs(p.timeout_rule);
    if (timeoutMs === null) throw new ForexError('ILLEGAL_ARGUMENT', `timeout_rule ${p.timeout_rule} is not a documented value`);
    if (p.timeout_rule !== undefined && !this.o.enabledTimeoutRules.has(p.timeout_rule))
      throw new ForexError('ILLEGAL_ARGUMENT', `timeout_rule ${p.timeout_rule} is not enabled for this partner`);
    const amount = fee(p.total_fee ?? p.rmb_fee);
    if (amount === null) throw new ForexError('ILLEGAL_FEE', 'the amount must be 0.01..1000000.00 with at most two decimals');
    const fingerprint = JSON.stringify(
      Object.entries(p)
        .filter(([k]) => k !== 'sign')
        .sort(),
    );
    const existing = this.get(p.out_trade_no!);
    if (existing) {
      if (existing.status === 'TRADE_FINISHED') throw new ForexError('TRADE_HAS_SUCCESS');
      if (existing.fingerprint !== fingerprint) throw new ForexError('DUPLICATE_OUT_TRADE_NO', 'this out_trade_no was used with other parameters');
      return existing;
    }
    const forexCents = p.total_fee ? amount : Math.round(amount / Number(this.o.cnyRate));
    const trade: ForexTrade = {
      token: randomBytes(12).toString('hex'),
      service: p.service!,
      outTradeNo: p.out_trade_no!,
      tradeNo: `2026${digits(24)}`,
      subject: p.subject!,
      ...(p.body ? { body: p.body } : {}),
      currency: p.currency!,
      forexCents,
      cnyFen: p.rmb_fee ? amount : convertMinor(forexCents, this.o.cnyRate),
      ...(p.notify_url ? { notifyUrl: p.notify_url } : {}),
      ...(p.return_url ? { returnUrl: p.return_url } : {}),
      status: 'WAIT_BUYER_PAY',
      openedAt: this.o.now(),
      timeoutMs,
      fingerprint,
      refunds: new Map(),
    };
    this.byNo.set(trade.outTradeNo, trade);
    return trade;
  }

  pay(trade: ForexTrade): boolean {
    if (this.closedIfDue(trade)!.status !== 'WAIT_BUYER_PAY') return false;
    trade.status = 'TRADE_FINISHED';
    trade.paidAt = this.o.now();
    trade.buyerId = `2088${digits(12)}`;
    return true;
  }

  /** forex_refund: idempotent on out_return_no; never more than what was paid. */
  refund(p: Params): { outReturnNo: string; cents: number } {
    for (const k of ['out_return_no', 'out_trade_no', 'currency', 'gmt_return', 'product_code'] as const)
      if (!p[k]) throw new ForexError('ILLEGAL_ARGUMENT', `${k} is required`);
    if (!/^\d{14}$/.test(p.gmt_return!)) throw new ForexError('ILLEGAL_ARGUMENT', 'gmt_return must be yyyyMMddHHmmss');
    if (p.currency !== this.o.currency) throw new ForexError('ILLEGAL_CURRENCY');
    if ('return_amount' in p === 'return_rmb_amount' in p) throw new ForexError('ILLEGAL_ARGUMENT', 'send exactly one of return_amount and return_rmb_amount');
    const trade = this.get(p.out_trade_no!);
    if (!trade) throw new ForexError('TRADE_NOT_EXIST');
    if (trade.status !== 'TRADE_FINISHED') throw new ForexError('TRADE_STATUS_ERROR');
    const cents = fee(p.return_amount ?? p.return_rmb_amount);
    if (cents === null) throw new ForexError('ILLEGAL_FEE');
    const earlier = trade.refunds.get(p.out_return_no!);
    if (earlier) {
      if (earlier.cents !== cents) throw new ForexError('DUPLICATE_OUT_RETURN_NO', 'this out_return_no was used with another amount');
      return earlier;
    }
    const refunded = [...trade.refunds.values()].reduce((s, r) => s + r.cents, 0);
    const limit = p.return_rmb_amount ? trade.cnyFen : trade.forexCents;
    if (refunded + cents > limit) throw new ForexError('RETURN_AMOUNT_EXCEED');
    const r = { outReturnNo: p.out_return_no!, cents, at: this.o.now() };
    trade.refunds.set(r.outReturnNo, r);
    return r;
  }
}
