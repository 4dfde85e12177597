// What the operators' reconciliation screens read, shaped for them: a run with its totals, an item
// with its bill row, the shop's side and the actions core's review rules allow on it now. The rows'
// JSON columns (totals, bill_row, detail_values) are read defensively: a malformed value shows as
// missing, never as a crash of the day's view.
import type { Selectable } from 'kysely';
import type { Database, Db, ProviderName, ReconciliationDetailCode, ReconciliationOutcome, ReconciliationState, ReconciliationVerdict } from '@shop/db';

export type ReconciliationActionName = 'settle' | 'refund' | 'acknowledge';

export interface Totals {
  count: number;
  grossMinor: number;
  refundMinor: number;
  feeMinor: number | null;
  netMinor: number;
  currency: string | null;
}

/** A value a detail code names: an amount in minor units with its currency, or a text. */
export type DetailValue = { name: string; amountMinor: number; currency: string } | { name: string; text: string };

export interface RunView {
  id: string;
  provider: ProviderName;
  setup: string;
  outcome: ReconciliationOutcome;
  detail: string | null;
  detailCode: ReconciliationDetailCode | null;
  detailValues: DetailValue[] | null;
  startedAt: string;
  finishedAt: string;
  differences: number;
  providerTotals: Totals | null;
  shopTotals: Totals | null;
  runCount: number;
  openDifferences: number;
}

export interface ItemView {
  id: string;
  provider: ProviderName;
  billDate: string;
  verdict: ReconciliationVerdict;
  state: ReconciliationState;
  outTradeNo: string;
  refundNo: string | null;
  orderNo: string | null;
  bill: BillRowView | null;
  shopAmountMinor: number | null;
  shopCurrency: string | null;
  detail: string;
  detailCode: ReconciliationDetailCode | null;
  detailValues: DetailValue[] | null;
  recheckUntil: string | null;
  note: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  updatedAt: string;
  allowedActions: ReconciliationActionName[];
}

export interface BillRowView {
  kind: 'payment' | 'refund' | null;
  amountMinor: number | null;
  currency: string | null;
  feeMinor: number | null;
  payerAmountMinor: number | null;
  payerCurrency: string | null;
  providerRef: string | null;
  status: string | null;
  occurredAt: string | null;
}

export interface DaySummary {
  date: string;
  openDifferences: number;
  providers: { provider: ProviderName; outcome: ReconciliationOutcome; openDifferences: number }[];
}

/** What the review rules of core (reconciliation/review.ts) allow on an item now. */
export function allowedActions(i: {
  state: ReconciliationState;
  verdict: ReconciliationVerdict;
  intentId: string | null;
  intentStatus: string | null;
  paidIntentId: string | null;
  orderId: string | null;
}): ReconciliationActionName[] {
  if (i.state !== 'open') return [];
  const actions: ReconciliationActionName[] = [];
  if (i.intentId && i.intentStatus !== 'succeeded' && (i.verdict === 'missing_settlement' || i.verdict === 'amount_mismatch')) actions.push('settle');
  if (i.verdict === 'duplicate_payment' && i.intentId && i.orderId && i.intentStatus === 'succeeded' && i.paidIntentId !== i.intentId) actions.push('refund');
  actions.push('acknowledge');
  return actions;
}

/** A YYYY-MM-DD calendar day, else the product's refusal naming the field. */

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function totalsOf(v: unknown): Totals | null {
  if (!v || typeof v !== 'object') return null;
  const t = v as Record<string, unknown>;
  return {
    count: num(t.count) ?? 0,
    grossMinor: num(t.grossMinor) ?? 0,
    refundMinor: num(t.refundMinor) ?? 0,
    feeMinor: num(t.feeMinor),
    netMinor: num(t.netMinor) ?? 0,
    currency: str(t.currency),
  };
}

/** The values core stored with a detail code (core/src/reconciliation/detail-codes.ts), in its order; null without a code. */
function detailValuesOf(code: ReconciliationDetailCode | null, v: unknown): DetailValue[] | null {
  if (!code) return null;
  if (!v || typeof v !== 'object') return [];
  const out: DetailValue[] = [];
  for (const [name, value] of Object.entries(v as Record<string, unknown>)) {
    if (typeof value === 'string') out.push({ name, text: value });
    else if (value && typeof value === 'object') {
      const m = value as Record<string, unknown>;
      const amountMinor = num(m.amountMinor);
      const currency = str(m.currency);
      if (amountMinor !== null && currency) out.push({ name, amountMinor, currency });
    }
  }
  return out;
}

function billRowOf(v: unknown): BillRowView | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as Record<string, unknown>;
  const payer = r.payer && typeof r.payer === 'object' ? (r.payer as Record<string, unknown>) : null;
  return {
    kind: r.kind === 'payment' || r.kind === 'refund' ? r.kind : null,
    amountMinor: num(r.amountMinor),
    currency: str(r.currency),
    feeMinor: num(r.feeMinor),
    payerAmountMinor: payer ? num(payer.amountMinor) : null,
    payerCurrency: payer ? str(payer.currency) : null,
    providerRef: str(r.kind === 'refund' ? (r.providerRefundId ?? r.providerRef) : r.providerRef),
    status: str(r.status),
    occurredAt: str(r.occurredAt),
  };
}

export function itemSelect(db: Db) {
  return db
    .selectFrom('reconciliation_items as ri')
    .leftJoin('payment_intents as pi', 'pi.id', 'ri.intent_id')
    .leftJoin('orders as o', 'o.id', 'ri.order_id')
    .leftJoin('refunds as rf', 'rf.id', 'ri.refund_id')
    .leftJoin('users as u', 'u.id', 'ri.resolved_by')
    .select([
      'ri.id',
      'ri.provider',
      'ri.bill_date',
      'ri.verdict',
      'ri.state',
      'ri.out_trade_no',
      'ri.refund_no',
      'ri.order_id',
      'ri.intent_id',
      'ri.bill_row',
      'ri.detail',
      'ri.detail_code',
      'ri.detail_values',
      'ri.recheck_until',
      'ri.note',
      'ri.resolved_at',
      'ri.updated_at',
      'o.order_no',
      'o.paid_intent_id',
      'pi.status as intent_status',
      'pi.amount_cents as intent_amount',
      'pi.currency as intent_currency',
      'rf.amount_minor as refund_amount',
      'rf.currency as refund_currency',
      'u.email as resolved_email',
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemSelect>['execute']>>[number];

export function itemView(r: ItemRow): ItemView {
  const bill = billRowOf(r.bill_row);
  const isRefund = bill ? bill.kind === 'refund' : r.refund_no !== null;
  return {
    id: r.id,
    provider: r.provider,
    billDate: r.bill_date,
    verdict: r.verdict,
    state: r.state,
    outTradeNo: r.out_trade_no,
    refundNo: r.refund_no,
    orderNo: r.order_no,
    bill,
    shopAmountMinor: isRefund ? r.refund_amount : r.intent_amount,
    shopCurrency: isRefund ? r.refund_currency : r.intent_currency,
    detail: r.detail,
    detailCode: r.detail_code,
    detailValues: detailValuesOf(r.detail_code, r.detail_values),
    recheckUntil: r.recheck_until,
    note: r.note,
    resolvedBy: r.resolved_email,
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    updatedAt: r.updated_at.toISOString(),
    allowedActions: allowedActions({
      state: r.state,
      verdict: r.verdict,
      intentId: r.intent_id,
      intentStatus: r.intent_status,
      paidIntentId: r.paid_intent_id,
      orderId: r.order_id,
    }),
  };
}

export async function findItem(db: Db, itemId: string): Promise<ItemView | null> {
  if (!/^\d{1,18}$/.test(itemId)) return null;
  const r = await itemSelect(db).where('ri.id', '=', itemId).executeTakeFirst();
  return r ? itemView(r) : null;
}

/** A provider's latest run of a day as the console shows it, with how many runs the day had and its open differences. */
export function runView(r: Selectable<Database['reconciliation_runs']>, runCount: number, openDifferences: number): RunView {
  const totals = r.totals && typeof r.totals === 'object' ? (r.totals as Record<string, unknown>) : {};
  return {
    id: r.id,
    provider: r.provider,
    setup: r.setup,
    outcome: r.outcome,
    detail: r.detail,
    detailCode: r.detail_code,
    detailValues: detailValuesOf(r.detail_code, r.detail_values),
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at.toISOString(),
    differences: r.differences,
    providerTotals: totalsOf(totals.provider),
    shopTotals: totalsOf(totals.shop),
    runCount,
    openDifferences,
  };
}
