// The verdict of every bill row, decided from the bill and the shop's ledger alone (no I/O), as
// ../shared/reference/reconciliation.md tabulates it. The command in reconcile.ts loads what this
// needs, stores the verdicts and takes the one automatic action (settling a missing settlement).
import type { ReconciliationVerdict } from '@shop/db';
import type { BillRow } from '@shop/payments';
import { said, SAID_NOTHING, type Detail } from './detail-codes.js';

/** The verdicts, as the database's CHECK lists them (`unmatched_credit` is a bank statement's). */
export type Verdict = ReconciliationVerdict;

/** What the ledger holds of an attempt the bill names (or that the bill should name). */
export interface LedgerAttempt {
  id: string;
  orderId: string;
  outTradeNo: string;
  status: string;
  amountMinor: number;
  currency: string;
  /** The order's paying attempt. */
  paidIntentId: string | null;
  /** What the payer was charged as the provider reported it at settlement (cross-border), if stored. */
  payer: { amountMinor: number; currency: string } | null;
  /** A refund of this attempt that is live (requested, pending or succeeded). */
  liveRefundId: string | null;
}

export interface LedgerRefund {
  id: string;
  refundNo: string;
  providerRefundId: string | null;
  amountMinor: number;
  currency: string;
  status: string;
}

export interface Judged extends Detail {
  /** One key per row of the day: `payment:<outTradeNo>`, `refund:<refundNo>`, `shop:<outTradeNo>`. */
  key: string;
  verdict: Verdict;
  /** What follows on its own: settle the attempt (a missing settlement), or nothing. */
  action: 'settle' | null;
  outTradeNo: string;
  refundNo: string | null;
  attempt: LedgerAttempt | null;
  refund: LedgerRefund | null;
  row: BillRow | null;
}

export interface LedgerView {
  attempts: Map<string, LedgerAttempt>;
  refundsByNo: Map<string, LedgerRefund>;
  refundsByProviderId: Map<string, LedgerRefund>;
  /** Attempts the shop settled that day at this provider (the provider's day), by out_trade_no. */
  settledThatDay: LedgerAttempt[];
  /** out_trade_nos a bill of an earlier day already holds (a payment just before midnight). */
  billedEarlier: Set<string>;
}

/** The payer's amount may differ from the stored one by rounding only (one minor unit). */
const PAYER_TOLERANCE = 1;

function judgePayment(row: BillRow, attempt: LedgerAttempt | undefined): Omit<Judged, 'key' | 'row' | 'refund' | 'refundNo' | 'outTradeNo'> {
  if (!attempt) return { verdict: 'missing_settlement', action: null, attempt: null, ...said('unknown_trade') };
  if (attempt.amountMinor !== row.amountMinor || attempt.currency.toUpperCase() !== row.currency.toUpperCase())
    return {
      verdict: 'amount_mismatch',
      action: null,
      attempt,
      ...said('amount_differs', {
        billed: { amountMinor: row.amountMinor, currency: row.currency },
        asked: { amountMinor: attempt.amountMinor, currency: attempt.currency },
      }),
    };
  if (
    row.payer &&
    attempt.payer &&
    (row.payer.currency !== attempt.payer.currency || Math.abs(row.payer.amountMinor - attempt.payer.amountMinor) > PAYER_TOLERANCE)
  )
    return {
      verdict: 'amount_mismatch',
      action: null,
      attempt,
      ...said('payer_amount_differs', {
        billed: { amountMinor: row.payer.amountMinor, currency: row.payer.currency },
        reported: { amountMinor: attempt.payer.amountMinor, currency: attempt.payer.currency },
      }),
    };
  if (attempt.status !== 'succeeded')
    return { verdict: 'missing_settlement', action: 'settle', attempt, ...said('not_settled_in_shop', { status: attempt.status }) };
  if (attempt.paidIntentId !== attempt.id)
    return {
      verdict: 'duplicate_payment',
      action: null,
      attempt,
      ...said(attempt.liveRefundId ? 'second_payment_refunded' : 'second_payment_not_refunded'),
    };
  return { verdict: 'matched', action: null, attempt, ...SAID_NOTHING };
}

function judgeRefund(row: BillRow, view: LedgerView): Pick<Judged, 'verdict' | 'refund' | keyof Detail> {
  const refund = (row.refundNo && view.refundsByNo.get(row.refundNo)) || (row.providerRefundId && view.refundsByProviderId.get(row.providerRefundId)) || null;
  if (!refund) return { verdict: 'unknown_refund', refund: null, ...said('unknown_refund') };
  if (refund.amountMinor !== row.amountMinor || refund.currency.toUpperCase() !== row.currency.toUpperCase())
    return {
      verdict: 'amount_mismatch',
      refund,
      ...said('refund_amount_differs', {
        billed: { amountMinor: row.amountMinor, currency: row.currency },
        asked: { amountMinor: refund.amountMinor, currency: refund.currency },
      }),
    };
  return { verdict: 'matched', refund, ...(refund.status === 'succeeded' ? SAID_NOTHING : said('refund_not_completed', { status: refund.status })) };
}

/** Every row of the bill judged, then every attempt the shop settled that day that the bill lacks. */
export function judgeBill(rows: BillRow[], view: LedgerView): Judged[] {
  const judged: Judged[] = [];
  const seen = new Map<string, number>();
  const billed = new Set<string>();
  for (const row of rows) {
    const base = row.kind === 'payment' ? `payment:${row.outTradeNo}` : `refund:${row.refundNo ?? row.providerRefundId ?? row.outTradeNo}`;
    // A row billed twice under one number keeps both, the second with its ordinal.
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const key = n === 1 ? base : `${base}#${n}`;
    if (row.kind === 'payment') {
      billed.add(row.outTradeNo);
      const attempt = view.attempts.get(row.outTradeNo);
      const j =
        n === 1 ? judgePayment(row, attempt) : { verdict: 'duplicate_payment' as const, action: null, attempt: attempt ?? null, ...said('billed_twice') };
      judged.push({ key, row, outTradeNo: row.outTradeNo, refundNo: null, refund: null, ...j });
    } else {
      const j = judgeRefund(row, view);
      judged.push({
        key,
        row,
        outTradeNo: row.outTradeNo,
        refundNo: row.refundNo ?? null,
        attempt: view.attempts.get(row.outTradeNo) ?? null,
        action: null,
        ...j,
      });
    }
  }
  for (const attempt of view.settledThatDay) {
    if (billed.has(attempt.outTradeNo) || view.billedEarlier.has(attempt.outTradeNo)) continue;
    judged.push({
      key: `shop:${attempt.outTradeNo}`,
      verdict: 'missing_at_provider',
      action: null,
      outTradeNo: attempt.outTradeNo,
      refundNo: null,
      attempt,
      refund: null,
      row: null,
      ...said('missing_at_provider'),
    });
  }
  return judged;
}

export interface BillTotals {
  count: number;
  grossMinor: number;
  refundMinor: number;
  feeMinor: number;
  netMinor: number;
  currency: string | null;
}

/** The bill's side of the day: payments, refunds, fees and what is left. */
export function billTotals(rows: BillRow[]): BillTotals {
  const t = { count: 0, grossMinor: 0, refundMinor: 0, feeMinor: 0, netMinor: 0, currency: rows[0]?.currency ?? null };
  for (const r of rows) {
    if (r.kind === 'payment') {
      t.count++;
      t.grossMinor += r.amountMinor;
    } else t.refundMinor += r.amountMinor;
    t.feeMinor += r.feeMinor ?? 0;
  }
  t.netMinor = t.grossMinor - t.refundMinor - t.feeMinor;
  return t;
}
