// The operators' view of reconciliation: each provider's latest run of a day with its totals, the
// day's differences with what can be done about each, and the two actions. Core reconciles and
// resolves (`reconcileDay`, `resolveReconciliationItem`); this layer reads, checks every input
// before anything happens, turns core's refusals into the product's wording, and queues re-runs
// through the unit of work (the workers' bill-reconciliation job fetches and reconciles).
import { sql } from 'kysely';
import { inTransaction, LedgerRefusal, resolveReconciliationItem } from '@shop/core';
import type { Db, ProviderName } from '@shop/db';
import { jobIdFor } from '@shop/jobs';
import { BEIJING } from '@shop/payments';
import { addDays, checkIsoDate, dayInZone } from '@shop/payments/zoned-time';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { subjectAuditTrail, type AuditEntry } from './audit.js';
import { requireOperator } from './operator.js';
import { findItem, itemSelect, itemView, runView, type DaySummary, type ItemView, type ReconciliationActionName } from './reconciliation-views.js';

export { type DetailValue, type ItemView, type ReconciliationActionName, type RunView, type Totals } from './reconciliation-views.js';

type BillProvider = 'wechat' | 'alipay' | 'paypal';

const BILL_PROVIDERS: readonly ProviderName[] = ['wechat', 'alipay', 'paypal'];
export const NOTE_MAX = 500;
export const DAYS_MAX = 92;
/** A day has few differences; the view shows at most this many. */
const ITEMS_MAX = 1000;

/** The audit-trail subject of a reconciliation item. */
export const itemSubject = (itemId: string) => ({ type: 'reconciliation_item', id: itemId });

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
  const providers = runs.map((r) => runView(r, Number(counts.find((c) => c.provider === r.provider)?.n ?? 1), open.get(`${day}|${r.provider}`) ?? 0));
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
