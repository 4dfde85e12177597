// In-memory state: verified page-pay requests (what the buyer's browser brought to the cashier)
// and trades (which exist only from the moment the cashier is opened or scanned).
import { randomBytes, randomInt } from 'node:crypto';
import type { AlipayTradeStatus } from '@shop/payments/alipay/trade-status';
import { alipayTimestamp } from '@shop/payments/alipay/time';

/** A page.pay request whose signature verified; several may exist for one out_trade_no. */
export interface PageRequest {
  token: string;
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  body?: string;
  notifyUrl?: string;
  returnUrl?: string;
  timeExpire?: Date;
}

/** A trade keeps what its page.pay request asked for (less the cashier token). */
export interface SandboxTrade extends Omit<PageRequest, 'token'> {
  tradeNo: string;
  status: AlipayTradeStatus;
  gmtCreate: Date;
  gmtPayment?: Date;
  gmtClose?: Date;
  buyerId?: string;
  buyerLogonId?: string;
  /** alipay.trade.refund by out_request_no. */
  refunds?: Map<string, { cents: number; at: Date }>;
}

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

export class TradeBook {
  private readonly pages = new Map<string, PageRequest>();
  private readonly trades = new Map<string, SandboxTrade>();
  /** out_trade_nos whose payment window was forced shut before any trade existed. */
  private readonly expired = new Set<string>();

  constructor(private readonly now: () => Date) {}

  addPage(req: Omit<PageRequest, 'token'>): PageRequest {
    const page = { ...req, token: randomBytes(12).toString('hex') };
    this.pages.set(page.token, page);
    return page;
  }

  page(token: string): PageRequest | undefined {
    return this.pages.get(token);
  }

  /** The most recent page request for an out_trade_no (what a control "open" acts on). */
  latestPage(outTradeNo: string): PageRequest | undefined {
    let found: PageRequest | undefined;
    for (const p of this.pages.values()) if (p.outTradeNo === outTradeNo) found = p;
    return found;
  }

  markExpired(outTradeNo: string): void {
    this.expired.add(outTradeNo);
  }

  isExpired(outTradeNo: string): boolean {
    return this.expired.has(outTradeNo);
  }

  pagesFor(outTradeNo: string): PageRequest[] {
    return [...this.pages.values()].filter((p) => p.outTradeNo === outTradeNo);
  }

  /** Every trade, in creation order. */
  all(): SandboxTrade[] {
    return [...this.trades.values()];
  }

  /** trade_no wins when both are given, as at Alipay. */
  find(outTradeNo?: string, tradeNo?: string): SandboxTrade | undefined {
    if (tradeNo) {
      for (const t of this.trades.values()) if (t.tradeNo === tradeNo) return t;
      return undefined;
    }
    return outTradeNo ? this.trades.get(outTradeNo) : undefined;
  }

  /** Creates the trade from a page request (WAIT_BUYER_PAY); answers the existing one if any. */
  create(page: PageRequest): { trade: SandboxTrade; created: boolean } {
    const existing = this.trades.get(page.outTradeNo);
    if (existing) return { trade: existing, created: false };
    const now = this.now();
    const trade: SandboxTrade = {
      outTradeNo: page.outTradeNo,
      tradeNo: `${alipayTimestamp(now).slice(0, 10).replaceAll('-', '')}22001${digits(15)}`,
      status: 'WAIT_BUYER_PAY',
      totalAmount: page.totalAmount,
      subject: page.subject,
      body: page.body,
      notifyUrl: page.notifyUrl,
      returnUrl: page.returnUrl,
      timeExpire: page.timeExpire,
      gmtCreate: now,
    };
    this.trades.set(trade.outTradeNo, trade);
    return { trade, created: true };
  }

  /** A buyer (logged in or scanning) is attached; the same one pays. */
  attachBuyer(trade: SandboxTrade): void {
    trade.buyerId ??= `2088${digits(12)}`;
    trade.buyerLogonId ??= `buy***@sandbox.example`;
  }

  markPaid(trade: SandboxTrade): void {
    this.attachBuyer(trade);
    trade.status = 'TRADE_SUCCESS';
    trade.gmtPayment = this.now();
  }

  markClosed(trade: SandboxTrade): void {
    trade.status = 'TRADE_CLOSED';
    trade.gmtClose = this.now();
  }

  /** An unpaid trade past its time_expire. */
  isDue(trade: SandboxTrade): boolean {
    return trade.status === 'WAIT_BUYER_PAY' && !!trade.timeExpire && trade.timeExpire.getTime() <= this.now().getTime();
  }

  clear(): void {
    this.pages.clear();
    this.trades.clear();
    this.expired.clear();
  }
}
