// One interface for every payment provider. An "attempt" is one try at paying an order, with
// its own out_trade_no (WeChat refuses to reuse a number across trade types), so an order may
// have several attempts and at most one of them succeeds.

import type { FetchedBill } from './bills.js';

export type ProviderName = 'wechat' | 'alipay' | 'paypal' | 'bank_transfer';

/** How the buyer continues after an attempt is created. */
export type NextAction =
  | { type: 'qr'; codeUrl: string }
  | { type: 'jsapi'; paySign: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string } }
  /** A complete auto-submitting HTML form (Alipay page pay). */
  | { type: 'form'; body: string }
  | { type: 'redirect'; href: string }
  | { type: 'offline'; reference: string };

export interface CreateAttemptInput {
  outTradeNo: string;
  orderNo: string;
  description: string;
  amountCents: number;
  currency: string;
  /** native (WeChat QR), jsapi (WeChat in-app), page (Alipay), redirect (PayPal), offline (bank transfer). */
  method: 'native' | 'jsapi' | 'page' | 'redirect' | 'offline';
  openId?: string;
  clientIp?: string;
  notifyUrl: string;
  returnUrl: string;
  cancelUrl?: string;
  expiresAt: Date;
  locale?: 'zh' | 'en';
  /** The buyer's device: Alipay has one product for desktop browsers and one for phones. */
  device?: 'desktop' | 'phone';
}

export interface CreatedAttempt {
  /** Provider's id for the attempt when it has one at creation (PayPal order id, WeChat prepay id). */
  providerRef?: string;
  nextAction: NextAction;
}

/**
 * pending: payable, not paid yet (includes "trade does not exist yet" at Alipay);
 * approved: the buyer approved, a capture is still needed (PayPal);
 * succeeded: money received (for PayPal only a COMPLETED capture);
 * failed: declined or denied; closed: closed/expired/voided at the provider.
 */
export type AttemptState = 'pending' | 'approved' | 'succeeded' | 'failed' | 'closed';

export interface AttemptStatus {
  state: AttemptState;
  outTradeNo: string;
  providerRef?: string;
  amountCents?: number;
  currency?: string;
  merchantId?: string;
  appId?: string;
  /** Provider-specific detail, for the audit trail only. */
  detail?: string;
  /** What the buyer was charged when it differs from the order currency (cross-border products). */
  payer?: PayerAmount;
}

/** The payer's side of a cross-border payment, as the provider reports it. */
export interface PayerAmount {
  /** Minor units of `currency` (fen for CNY). */
  amountMinor: number;
  currency: string;
  /** The provider's rate as it reports it (e.g. WeChat's scaled integer), for operators. */
  rate?: string;
}

/** A dated conversion rate with the source an operator took it from. */
export interface ExchangeRate {
  from: string;
  to: string;
  /** Decimal string: units of `to` per one unit of `from`. */
  rate: string;
  source: string;
  /** ISO date (YYYY-MM-DD) the rate is from. */
  date: string;
}

/** What an attempt asks the provider for: the order's amount, or the converted one. */
export interface Charge {
  amountMinor: number;
  currency: string;
  /** Set when the charge was converted from the order's currency. */
  rate?: ExchangeRate;
}

export interface NotificationInput {
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  /** The body exactly as received; signatures are computed over it. */
  rawBody: string;
}

export interface VerifiedNotification extends AttemptStatus {
  /** Provider's event id, unique per event and the same across redeliveries. */
  eventId: string;
  eventType: string;
  /** Set when the event reports a refund rather than a payment. */
  refund?: RefundStatus;
}

/** What closing a trade came to at the provider. */
export type CloseAnswer = { state: 'closed' } | { state: 'paid' } | { state: 'open'; payableUntil: Date };

/** A refund asked of the provider; `refundNo` is the idempotency key, derived from a business key. */
export interface RefundInput {
  refundNo: string;
  outTradeNo: string;
  providerRef?: string;
  /** Minor units of `currency`, the payment's currency at the provider. */
  amountMinor: number;
  /** The whole payment, in the same units (WeChat asks for both). */
  totalMinor: number;
  currency: string;
  reason?: string;
  notifyUrl?: string;
}

/** pending: accepted, the result comes later; succeeded: money sent back; failed: refused or closed. */
export type RefundState = 'pending' | 'succeeded' | 'failed';

export interface RefundStatus {
  state: RefundState;
  refundNo: string;
  outTradeNo?: string;
  providerRefundId?: string;
  amountMinor?: number;
  currency?: string;
  detail?: string;
}

export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Thrown when a notification fails verification (signature, timestamp, decryption, probe). */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/**
 * Thrown for an authentic event the shop does not act on (e.g. a type it did not subscribe to):
 * it is recorded and acknowledged, so the provider stops redelivering it.
 */
export class NotificationIgnored extends Error {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
  ) {
    super(`event ${eventType} is not acted on`);
    this.name = 'NotificationIgnored';
  }
}

/** Thrown when the provider answers with an error; `retryable` says whether trying again may help. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The merchant identity notifications must carry (checked against every notification). */
  readonly identity: { merchantId?: string; appId?: string };
  createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt>;
  /**
   * True when `createAttempt` asks no one (bank transfer): the attempt is then handed out in the
   * checkout's own transaction instead of around a network call.
   */
  readonly offline?: boolean;
  /** Current state at the provider; never throws for "not found yet" (answers pending). */
  query(outTradeNo: string, providerRef?: string): Promise<AttemptStatus>;
  /**
   * Closes the trade at the provider so it can no longer be paid; idempotent. Answers `paid` when
   * the buyer paid it first, and `open` when the provider has no close for it (the trade stays
   * payable until it times out there). Throws a retryable ProviderError when the close is not
   * confirmed yet (provider down, buyer mid-payment).
   */
  close(outTradeNo: string, providerRef?: string): Promise<CloseAnswer>;
  /** Verifies signature/timestamp and decodes; throws NotificationRejected when not authentic. */
  verifyNotification(input: NotificationInput): Promise<VerifiedNotification>;
  /** The answer the provider expects: acknowledged or not (then it redelivers). */
  answer(acknowledged: boolean): NotificationAnswer;
  /** Which merchant product this adapter speaks to (overseas: EUR; domestic: CNY). */
  readonly setup?: 'overseas' | 'domestic';
  /** What an attempt for this order amount asks the provider for; absent means the order amount. */
  charge?(amountCents: number, currency: string): Charge;
  /** Asks for a refund; the same refundNo again answers the same refund (idempotent). */
  refund?(input: RefundInput): Promise<RefundStatus>;
  /** The refund's state at the provider now. */
  queryRefund?(input: RefundInput): Promise<RefundStatus>;
  /** PayPal: capture an approved order server-side; answers the resulting state. */
  capture?(outTradeNo: string, providerRef: string): Promise<AttemptStatus>;
  /** The time zone the provider cuts its bill days in (Asia/Shanghai for WeChat and Alipay). */
  readonly billZone?: string;
  /**
   * The provider's bill of one day (YYYY-MM-DD in `billZone`), fetched, integrity-checked and
   * parsed. Throws BillNotReady before the provider publishes it, BillRejected when it fails its check.
   */
  fetchBill?(date: string): Promise<FetchedBill>;
}

/** Decimal string with two places from integer cents: 7500 -> "75.00". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer cents from a decimal string; null when it is not a plain amount with at most 2 places. */
export function decimalToCents(value: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
