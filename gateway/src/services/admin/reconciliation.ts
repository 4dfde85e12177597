// The operators' view of reconciliation: each provider's latest run of a day with its totals, the
// day's differences with what can be done about each, and the two actions. Core reconciles and
// resolves (`reconcileDay`, `resolveReconciliationItem`); this layer reads, checks every input
// before anything happens, turns core's refusals into the product's wording, and queues re-runs
// through the unit of work (the workers' bill-reconciliation job fetches and reconciles).
import { sql } from 'kysely';
import { inTransaction, LedgerRefusal, resolveReconciliationItem } from '@shop/core';
import type { Db, ProviderName, ReconciliationDetailCode, ReconciliationOutcome, ReconciliationState, ReconciliationVerdict } from '@shop/db';
import { jobIdFor } from '@shop/jobs';
import { BEIJING } from '@shop/payments';
import { addDays, checkIsoDate, dayInZone } from '@shop/payments/zoned-time';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { subjectAuditTrail, type AuditEntry } from './audit.js';
import { requireOperator } from './operator.js';

export type ReconciliationActionName = 'settle' | 'refund' | 'acknowledge';
type BillProvider = 'wechat' | 'alipay' | 'paypal';

const BILL_PROVIDERS: readonly ProviderName[] = ['wechat', 'alipay', 'paypal'];
export const NOTE_MAX = 500;
export const DAYS_MAX = 92;
/** A day has few differences; the view shows at most this many. */
const ITEMS_MAX = 1000;

/** The audit-trail subject of a reconciliation item. */
export const itemSubject = (itemId: string) => ({ type: 'reconciliation_item', id: itemId });

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
export function validDay(value: string | null | undefined, field: string): string {
  const v = value?.trim() ?? '';
  try {
    checkIsoDate(v);
  } catch {
    throw appError('dateInvalid', { field });
  }
  return v;
}

const validItemId = (itemId: string) => {
  if (!/^\d{1,18}$/.test(itemId)) throw appError('reconciliationItemNotFound', { field: 'itemId' });
  return itemId;
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function totalsOf(v: unknown): Totals | null {
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

function itemSelect(db: Db) {
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

function itemView(r: ItemRow): ItemView {
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

/** The providers of this gateway whose bills can be fetched (configured, with a bill). */
export function reconcilableProviders(deps: Pick<ServiceDeps, 'providers'>): ProviderName[] {
  return BILL_PROVIDERS.filter((p) => typeof deps.providers[p]?.fetchBill === 'function');
}

/** A day: each provider's latest run with the day's open differences, and the items not matched. */
export async function reconciliationDay(deps: ServiceDeps, user: SessionUser | null, date: string) {
  requireOperator(user);
  const day = validDay(date, 'date');
  const db = deps.db;
  const [runs, counts, open, items] = await Promise.all([
    db.selectFrom('reconciliation_runs').selectAll().distinctOn('provider').where('bill_date', '=', day).orderBy('provider').orderBy('id', 'desc').execute(),
    db
      .selectFrom('reconciliation_runs')
      .select(['provider', (eb) => eb.fn.countAll<string>().as('n')])
      .where('bill_date', '=', day)
      .groupBy('provider')
      .execute(),
    openCounts(db, day, day),
    itemSelect(db)
      .where('ri.bill_date', '=', day)
      .where('ri.verdict', '<>', 'matched')
      .orderBy(sql`ri.state = 'open'`, 'desc')
      .orderBy('ri.id')
      .limit(ITEMS_MAX)
      .execute(),
  ]);
  const providers: RunView[] = runs.map((r) => {
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
      runCount: Number(counts.find((c) => c.provider === r.provider)?.n ?? 1),
      openDifferences: open.get(`${day}|${r.provider}`) ?? 0,
    };
  });
  return { date: day, providers, items: items.map(itemView), reconcilableProviders: reconcilableProviders(deps) };
}

async function openCounts(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('reconciliation_items')
    .select(['bill_date', 'provider', (eb) => eb.fn.countAll<string>().as('n')])
    .where('state', '=', 'open')
    .where('bill_date', '>=', from)
    .where('bill_date', '<=', to)
    .groupBy(['bill_date', 'provider'])
    .execute();
  return new Map(rows.map((r) => [`${r.bill_date}|${r.provider}`, Number(r.n)]));
}

/** Days from..to with runs, newest first: each provider's latest outcome and its open differences. */
export async function reconciliationDays(deps: ServiceDeps, user: SessionUser | null, fromArg: string, toArg: string): Promise<DaySummary[]> {
  requireOperator(user);
  const from = validDay(fromArg, 'from');
  const to = validDay(toArg, 'to');
  if (from > to) throw appError('dateInvalid', { field: 'from' });
  if (addDays(from, DAYS_MAX - 1) < to) throw appError('dateRangeTooLong', { field: 'to' });
  const [runs, open] = await Promise.all([
    deps.db
      .selectFrom('reconciliation_runs')
      .select(['bill_date', 'provider', 'outcome'])
      .distinctOn(['bill_date', 'provider'])
      .where('bill_date', '>=', from)
      .where('bill_date', '<=', to)
      .orderBy('bill_date', 'desc')
      .orderBy('provider')
      .orderBy('id', 'desc')
      .execute(),
    openCounts(deps.db, from, to),
  ]);
  const days = new Map<string, DaySummary>();
  for (const r of runs) {
    const d = days.get(r.bill_date) ?? { date: r.bill_date, openDifferences: 0, providers: [] };
    const n = open.get(`${r.bill_date}|${r.provider}`) ?? 0;
    d.providers.push({ provider: r.provider, outcome: r.outcome, openDifferences: n });
    d.openDifferences += n;
    days.set(r.bill_date, d);
  }
  return [...days.values()];
}

export async function itemEvents(deps: ServiceDeps, user: SessionUser | null, itemId: string): Promise<AuditEntry[]> {
  requireOperator(user);
  const id = validItemId(itemId);
  const exists = await deps.db.selectFrom('reconciliation_items').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw appError('reconciliationItemNotFound', { field: 'itemId' });
  return subjectAuditTrail(deps.db, itemSubject(id));
}

const refusals = {
  item_not_found: () => appError('reconciliationItemNotFound', { field: 'itemId' }),
  item_not_open: () => appError('reconciliationItemNotOpen', { field: 'itemId' }),
  action_not_allowed: () => appError('reconciliationActionNotAllowed', { field: 'action' }),
  note_required: () => appError('reconciliationNoteRequired', { field: 'note' }),
  note_too_long: () => appError('tooLong500', { field: 'note' }),
} as const;

/** An operator settles, refunds or acknowledges an open difference: checked here, decided by core. */
export async function resolveItem(
  deps: ServiceDeps,
  user: SessionUser | null,
  input: { itemId: string; action: ReconciliationActionName; note?: string | null },
): Promise<{ item: ItemView; refundNo: string | null }> {
  const { user: op } = requireOperator(user);
  const id = validItemId(input.itemId);
  const note = input.note?.trim() ?? '';
  if ([...note].length > NOTE_MAX) throw appError('tooLong500', { field: 'note' });
  if (input.action === 'acknowledge' && !note) throw appError('reconciliationNoteRequired', { field: 'note' });
  let refundNo: string | null;
  try {
    const r = await resolveReconciliationItem(deps, { itemId: id, action: input.action, ...(note ? { note } : {}), operatorId: op.id });
    refundNo = r.refundNo ?? null;
  } catch (err) {
    if (err instanceof LedgerRefusal && err.reason in refusals) throw refusals[err.reason as keyof typeof refusals]();
    throw err;
  }
  deps.log.info({ itemId: id, action: input.action, operatorId: op.id, refundNo }, 'reconciliation difference resolved');
  const item = await findItem(deps.db, id);
  if (!item) throw appError('reconciliationItemNotFound', { field: 'itemId' });
  return { item, refundNo };
}

/**
 * Queues a new run of a provider's day. Only a provider this gateway can fetch bills of, and only a
 * day that is over in the provider's time zone. The job is written through the unit of work (an
 * outbox row relayed after the commit) under the day's job id, so asking twice queues one run.
 */
export async function rerunDay(
  deps: ServiceDeps,
  user: SessionUser | null,
  input: { provider: ProviderName; date: string },
  now = Date.now(),
): Promise<{ provider: ProviderName; date: string; changed: boolean }> {
  const { user: op } = requireOperator(user);
  const date = validDay(input.date, 'date');
  const provider = input.provider;
  const adapter = BILL_PROVIDERS.includes(provider) ? deps.providers[provider] : undefined;
  if (!adapter?.fetchBill) throw appError('reconciliationUnsupported', { field: 'provider' });
  if (date >= dayInZone(now, adapter.billZone ?? BEIJING)) throw appError('reconciliationDayNotOver', { field: 'date' });
  const payload = { provider: provider as BillProvider, date };
  const jobId = jobIdFor('bill-reconciliation', payload);
  if (await queuedAlready(deps, jobId)) return { provider, date, changed: false };
  await inTransaction(deps, ({ enqueue }) => enqueue('bill-reconciliation', payload));
  deps.log.info({ provider, date, operatorId: op.id, jobId }, 'reconciliation re-run queued');
  return { provider, date, changed: true };
}

/** A run of the day waiting or running already; when the queue cannot say, the outbox decides. */
async function queuedAlready(deps: ServiceDeps, jobId: string): Promise<boolean> {
  try {
    const job = await deps.queues['bill-reconciliation'].getJob(jobId);
    if (!job) return false;
    const state = await job.getState();
    return state === 'waiting' || state === 'active' || state === 'delayed' || state === 'prioritized' || state === 'waiting-children';
  } catch {
    return false;
  }
}
