// A provider's daily bill, in one shape for every provider and merchant setup. The adapters fetch
// and check the bill as the provider publishes it (`PaymentProvider.fetchBill`); reconciliation in
// core compares the rows with the shop's ledger and gives each one verdict
// (../shared/reference/reconciliation.md). The raw bytes are kept as fetched, with their hash.
import { createHash } from 'node:crypto';
import type { ProviderName } from './provider.js';

/** One row of a bill: a payment the provider took, or a refund it executed. */
export interface BillRow {
  kind: 'payment' | 'refund';
  /**
   * The shop's number for the attempt (out_trade_no / invoice id); for a refund, of the trade
   * refunded. Empty for a refund row whose file names the payment only by the provider's id
   * (then `providerRef` is the refunded trade's id): match such a row by `providerRef`.
   */
  outTradeNo: string;
  /** The provider's id of the trade (WeChat transaction id, Alipay trade_no, PayPal capture id). */
  providerRef?: string;
  /** Refund rows: the shop's refund number (out_refund_no / out_return_no / the refund's invoice). */
  refundNo?: string;
  /** Refund rows: the provider's refund id. */
  providerRefundId?: string;
  /** Minor units of `currency`, positive for payments and refunds alike. */
  amountMinor: number;
  /** The currency the trade is priced in at the provider (EUR for the overseas setups, CNY domestic). */
  currency: string;
  /** What the buyer paid when it differs from `currency` (cross-border), with the provider's rate. */
  payer?: { amountMinor: number; currency: string; rate?: string };
  /** What the provider books for the merchant when it differs from `currency` (cross-border settlement). */
  settlement?: { amountMinor: number; currency: string };
  /**
   * The provider's fee for this row, minor units of `feeCurrency` (default `currency`): positive
   * when charged to the merchant, negative when given back (whatever sign the file writes it with).
   */
  feeMinor?: number;
  feeCurrency?: string;
  /** The provider's own status word for the row, as billed (SUCCESS, REFUND, S, TRADE_SUCCESS…). */
  status: string;
  /** When the provider says the row happened, ISO 8601 with offset. */
  occurredAt: string;
  /** The row's fields by the bill's header names, for operators and the audit. */
  fields: Record<string, string>;
}

/** The bill's own totals line, where the format has one (checked against the rows). */
export interface BillSummary {
  count: number;
  grossMinor: number;
  refundMinor: number;
  feeMinor: number;
  currency: string;
}

export interface FetchedBill {
  provider: ProviderName;
  setup: 'overseas' | 'domestic';
  /** The bill's day, YYYY-MM-DD, in the provider's time zone (`billZone`). */
  date: string;
  /** The file exactly as downloaded (before any decompression), to be stored. */
  raw: Buffer;
  /** How the provider lets the file be checked, and the value it gave; checked before parsing. */
  integrity: { algorithm: 'sha1' | 'none'; expected?: string };
  /**
   * The key a stored bill is known by: sha256 of `raw`, or for PayPal of its pages without their
   * refresh time (which changes from one fetch to the next while the data does not).
   */
  sha256: string;
  /** What the file is (for download by an operator): text/csv, application/zip, application/json… */
  mediaType: string;
  rows: BillRow[];
  summary?: BillSummary;
}

/** The day's bill is not published yet (too early, or the provider said so): try again later. */
export class BillNotReady extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly date: string,
    message: string,
  ) {
    super(message);
    this.name = 'BillNotReady';
  }
}

/**
 * The bill failed its integrity check (hash mismatch, a summary that disagrees with its rows, a
 * file that does not parse): it is refused and reported, never reconciled.
 */
export class BillRejected extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly date: string,
    readonly reason: 'hash_mismatch' | 'summary_mismatch' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'BillRejected';
  }
}

/** The time zone a provider's bill days are cut in. */
export const BEIJING = 'Asia/Shanghai';

/** sha256 of the bytes, lower-case hex (FetchedBill.sha256). */
export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** sha1 of the bytes, lower-case hex (the WeChat bills' integrity value). */
export function sha1Hex(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** Minor units from a decimal with at most two places and an optional sign ("-1.05" -> -105); null when malformed. */
export function signedDecimalToMinor(value: string): number | null {
  const m = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const abs = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -abs : abs;
}
