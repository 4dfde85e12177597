// The in-memory state of one WeChat Pay sandbox: orders, keys, callback delivery and faults.
import { centsToDecimal } from '@shop/payments/provider';
import type { WechatCredentials } from '@shop/payments/wechat/credentials';
import { paymentNotificationBody, refundNotificationBody } from './notification-body.js';
import { RefundBook, type SandboxRefund } from './refunds.js';
import { resolveSetup, type SandboxSetup } from './setup.js';
import { NotificationDispatcher } from './notifier.js';
import { parseFaults, type NotificationFaults, type SigningKeyMode, type WechatSandboxOptions } from './options.js';
import { OrderBook, type Outcome, type SandboxOrder } from './orders.js';
import { PlatformSigner } from './platform-signer.js';
import { MerchantAuthenticator } from './request-auth.js';
import { OAuthCodeBook } from './oauth-codes.js';
import { SandboxClock } from '../bills/clock.js';
import { BillFaultBook } from '../bills/faults.js';
import { BillDesk, DownloadTokens } from './bills.js';

export interface OrderView {
  outTradeNo: string;
  tradeType: string;
  state: string;
  description: string;
  amountCents: number;
  amount: string;
  currency: string;
  notifyUrl: string;
  codeUrl?: string;
  prepayId?: string;
  transactionId?: string;
  payerOpenid?: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  successTime?: string;
  closedBy?: string;
  payerCancels: number;
  cashierUrl: string;
}

export class WechatSandbox {
  readonly credentials: WechatCredentials;
  readonly orders: OrderBook;
  readonly signer: PlatformSigner;
  readonly notifier: NotificationDispatcher;
  readonly auth: MerchantAuthenticator;
  readonly timeScale: number;
  /** Faults applied to every callback until changed (per-payment faults add to these). */
  defaultFaults: NotificationFaults = {};
  /** The merchant product this sandbox stands for (domestic CNY or WeChat Pay Global). */
  readonly setup: SandboxSetup;
  readonly refunds: RefundBook;
  /** Faults for the callbacks of refunds accepted from now on (set via _control/refund-faults). */
  defaultRefundFaults: NotificationFaults = {};
  /** Web authorization codes (snsapi_base) and the openids behind them. */
  readonly oauthCodes: OAuthCodeBook;
  /** Hosts a redirect_uri may point to (the Official Account's authorization domain). */
  oauthRedirectDomains: string[];
  private readonly refundTimers = new Set<NodeJS.Timeout>();
  /** WeChat's "now" for trades, refunds and bill windows (settable via _control/clock). */
  readonly clock = new SandboxClock();
  /** Per-trade bill faults (via _control/bill-faults). */
  readonly billFaults = new BillFaultBook();
  readonly bills: BillDesk;
  readonly downloads: DownloadTokens;

  constructor(readonly options: WechatSandboxOptions) {
    this.credentials = options.credentials;
    this.setup = resolveSetup(options);
    const now = () => this.clock.now();
    this.refunds = new RefundBook(this.setup, now);
    this.timeScale = options.timeScale ?? 1;
    this.orders = new OrderBook(
      {
        expiryClosesOrder: options.expiryClosesOrder ?? false,
        defaultPrepayLifetimeMs: options.defaultPrepayLifetimeMs ?? 2 * 3_600_000,
      },
      now,
    );
    this.bills = new BillDesk(
      this.setup,
      {
        feeRate: options.billFeeRate ?? '0.006',
        publishHour: options.billPublishHour ?? 9,
        historyMonths: options.billHistoryMonths ?? 3,
        historyDays: options.statementHistoryDays ?? 180,
        amountUnit: options.statementAmountUnit ?? 'major',
      },
      this.billFaults,
      now,
    );
    this.downloads = new DownloadTokens(options.billDownloadTtlMs ?? 5 * 60_000);
    this.signer = new PlatformSigner(options.credentials, options.signingKeyMode ?? 'publicKey');
    this.notifier = new NotificationDispatcher(this.signer, { timeScale: this.timeScale, ackTimeoutMs: options.ackTimeoutMs ?? 5000 });
    this.auth = new MerchantAuthenticator(options.credentials);
    this.oauthCodes = new OAuthCodeBook(options.oauthCodeLifetimeMs);
    this.oauthRedirectDomains = options.oauthRedirectDomains ?? [];
  }

  get signingKeyMode(): SigningKeyMode {
    return this.signer.mode;
  }

  set signingKeyMode(mode: SigningKeyMode) {
    this.signer.mode = mode;
  }

  /** The buyer pays: SUCCESS, then the encrypted TRANSACTION.SUCCESS callback goes out. */
  pay(outTradeNo: string, opts: { openid?: string; faults?: unknown } = {}): Outcome<SandboxOrder> {
    const result = this.orders.pay(outTradeNo, opts.openid);
    if ('error' in result) return result;
    const order = result.ok;
    const faults = { ...this.defaultFaults, ...parseFaults(opts.faults) };
    const { eventId, body } = paymentNotificationBody(order, this.credentials.apiV3Key, { wrongAmount: faults.wrongAmount, setup: this.setup });
    this.notifier.dispatch({ eventId, outTradeNo, url: order.request.notify_url, body, faults });
    return result;
  }

  view(order: SandboxOrder, baseUrl: string): OrderView {
    const currency = order.request.amount.currency ?? 'CNY';
    return {
      outTradeNo: order.outTradeNo,
      tradeType: order.tradeType,
      state: order.state,
      description: order.request.description,
      amountCents: order.request.amount.total,
      amount: centsToDecimal(order.request.amount.total),
      currency,
      notifyUrl: order.request.notify_url,
      codeUrl: order.codeUrl,
      prepayId: order.prepayId,
      transactionId: order.transactionId,
      payerOpenid: order.payerOpenid,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
      expired: this.orders.isExpired(order),
      successTime: order.successTime?.toISOString(),
      closedBy: order.closedBy,
      payerCancels: order.payerCancels,
      cashierUrl: cashierUrl(baseUrl, order.outTradeNo),
    };
  }

  /** Finds an order by out_trade_no, the pr token of a code_url, or a prepay id. */
  lookup(q: { out_trade_no?: string; code_url?: string; pr?: string; prepay_id?: string }): SandboxOrder | undefined {
    if (q.out_trade_no) return this.orders.get(q.out_trade_no);
    const token = q.pr ?? (q.code_url ? /[?&]pr=([^&]+)/.exec(q.code_url)?.[1] : undefined);
    if (token) return this.orders.find((o) => o.token === token && o.tradeType === 'NATIVE');
    const prepayId = q.prepay_id?.replace(/^prepay_id=/, '');
    if (prepayId) return this.orders.find((o) => o.prepayId === prepayId);
    return undefined;
  }

  /** A refund was accepted (PROCESSING): it succeeds a while later and the callback goes out. */
  scheduleRefund(refund: SandboxRefund, faults: NotificationFaults = {}): void {
    const timer = setTimeout(() => {
      this.refundTimers.delete(timer);
      this.finishRefund(refund, faults);
    }, this.setup.refundProcessingMs * this.timeScale);
    this.refundTimers.add(timer);
  }

  /** Moves a PROCESSING refund to SUCCESS now and sends REFUND.SUCCESS (control and timer). */
  finishRefund(refund: SandboxRefund, faults: NotificationFaults = {}): boolean {
    if (!this.refunds.succeed(refund)) return false;
    if (refund.notifyUrl) {
      const { eventId, body } = refundNotificationBody(this.refunds.view(refund, 'refund_status'), 'SUCCESS', this.credentials.apiV3Key);
      this.notifier.dispatch({
        eventId,
        outTradeNo: refund.order.outTradeNo,
        url: refund.notifyUrl,
        body,
        faults: { ...this.defaultFaults, ...parseFaults(faults) },
      });
    }
    return true;
  }

  close(): void {
    for (const t of this.refundTimers) clearTimeout(t);
    this.refundTimers.clear();
    this.notifier.close();
  }
}

export function cashierUrl(baseUrl: string, outTradeNo: string): string {
  return `${baseUrl}/cashier/${encodeURIComponent(outTradeNo)}`;
}
