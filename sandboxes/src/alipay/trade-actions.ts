// What can happen to a trade, whoever triggers it (cashier buttons, gateway calls, controls).
import { returnUrl } from './callback-params.js';
import type { NotifyFaults } from './faults.js';
import type { Notifier } from './notifier.js';
import type { ResolvedSandboxOptions } from './options.js';
import type { PageRequest, SandboxTrade, TradeBook } from './trades.js';

export class SandboxError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 409,
  ) {
    super(message);
  }
}

export class TradeActions {
  /** Switches applied to every notify unless a pay call brings its own. */
  globalFaults: NotifyFaults = {};

  constructor(
    readonly o: ResolvedSandboxOptions,
    readonly book: TradeBook,
    readonly notifier: Notifier,
  ) {}

  /** Closes an unpaid trade whose time_expire passed (checked lazily on every touch). */
  expireIfDue(trade: SandboxTrade | undefined): SandboxTrade | undefined {
    if (trade && this.book.isDue(trade)) this.closeTrade(trade);
    return trade;
  }

  /** The buyer opened the cashier (or scanned): the trade now exists at Alipay. */
  open(page: PageRequest): SandboxTrade {
    const past = !!page.timeExpire && page.timeExpire.getTime() <= this.o.now().getTime();
    if ((past || this.book.isExpired(page.outTradeNo)) && !this.book.find(page.outTradeNo)) {
      throw new SandboxError('ACQ.TRADE_HAS_CLOSE', 'the payment window (time_expire) has passed');
    }
    const { trade } = this.book.create(page);
    return this.expireIfDue(trade)!;
  }

  /** Opens from the latest page request for the out_trade_no (control "open"). */
  openByOutTradeNo(outTradeNo: string): SandboxTrade {
    const existing = this.book.find(outTradeNo);
    if (existing) return this.expireIfDue(existing)!;
    const page = this.book.latestPage(outTradeNo);
    if (!page) throw new SandboxError('UNKNOWN_TRADE', `no page.pay request was submitted for ${outTradeNo}`, 404);
    return this.open(page);
  }

  /** The buyer pays: TRADE_SUCCESS, then the notify chain starts. Answers the signed return URL. */
  pay(trade: SandboxTrade, faults?: NotifyFaults): { trade: SandboxTrade; returnUrl?: string } {
    this.expireIfDue(trade);
    if (trade.status === 'TRADE_CLOSED') throw new SandboxError('ACQ.TRADE_HAS_CLOSE', 'the trade is closed');
    if (trade.status === 'WAIT_BUYER_PAY') {
      this.book.markPaid(trade);
      this.notifier.send(trade, 'TRADE_SUCCESS', faults ?? this.globalFaults);
    }
    return { trade, returnUrl: returnUrl(trade, this.o) };
  }

  /** The buyer scanned (a buyer is now attached) and walked away: the trade waits. */
  abandon(trade: SandboxTrade): SandboxTrade {
    this.expireIfDue(trade);
    if (trade.status === 'WAIT_BUYER_PAY') this.book.attachBuyer(trade);
    return trade;
  }

  /** Closes an unpaid trade (merchant close, buyer cancel, expiry); paid or closed ones refuse. */
  closeTrade(trade: SandboxTrade, faults?: NotifyFaults): SandboxTrade {
    if (trade.status !== 'WAIT_BUYER_PAY') throw new SandboxError('ACQ.TRADE_STATUS_ERROR', `the trade is ${trade.status}`);
    this.book.markClosed(trade);
    if (this.o.notifyTradeClosed) this.notifier.send(trade, 'TRADE_CLOSED', faults ?? this.globalFaults);
    return trade;
  }

  /**
   * Forces the payment window shut: forms for this out_trade_no (submitted yet or not) can no
   * longer open the cashier, and a waiting trade closes.
   */
  expire(outTradeNo: string): SandboxTrade | undefined {
    const now = this.o.now();
    const pages = this.book.pagesFor(outTradeNo);
    const trade = this.book.find(outTradeNo);
    for (const p of pages) p.timeExpire = now;
    if (!trade) this.book.markExpired(outTradeNo);
    if (trade?.status === 'WAIT_BUYER_PAY') {
      trade.timeExpire = now;
      this.closeTrade(trade);
    }
    return trade;
  }

  /** The refund window ended: TRADE_FINISHED, which is notified too. */
  finish(trade: SandboxTrade, faults?: NotifyFaults): SandboxTrade {
    if (trade.status !== 'TRADE_SUCCESS') throw new SandboxError('ACQ.TRADE_STATUS_ERROR', `the trade is ${trade.status}`);
    trade.status = 'TRADE_FINISHED';
    this.notifier.send(trade, 'TRADE_FINISHED', faults ?? this.globalFaults);
    return trade;
  }
}
