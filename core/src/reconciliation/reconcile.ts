// Reconciling one provider's day: fetch its bill (outside any transaction), keep it as fetched
// with its hash, judge every row against the ledger (verdicts.ts), store one item per row keyed by
// the row, and take the one automatic step, settling a missing settlement through the normal
// path. Everything else waits for an operator (review.ts). A re-run of the day stores nothing
// twice and acts on nothing twice: only items it inserts lead to an action.
import { sql } from 'kysely';
import { BillNotReady, BillRejected, type FetchedBill, type ProviderName } from '@shop/payments';
import { addDays, checkIsoDate, dayInZone, startOfDay } from '@shop/payments/zoned-time';
import type { CoreDeps } from '../deps.js';
import { LedgerRefusal } from '../refusal.js';
import { advanceRefund } from '../refunds/execute.js';
import { settleAttemptIn } from '../settle.js';
import { inTransaction } from '../unit-of-work.js';
import { auditItems } from './audit.js';
import { loadLedgerView, shopTotals } from './ledger-view.js';
import { detailColumns, said, type Detail } from './detail-codes.js';
import { billTotals, judgeBill, type Judged, type Verdict } from './verdicts.js';

/** Bills of day D are re-checked for a trade missing at the provider until D + this many days. */
export const RECHECK_DAYS = 2;

export interface ReconcileDay {
  provider: ProviderName;
  /** YYYY-MM-DD in the provider's time zone. */
  date: string;
  /** A bill already fetched (tests, benchmarks); absent, the provider is asked. */
  bill?: FetchedBill;
}

export interface ReconcileResult {
  outcome: 'reconciled' | 'not_ready' | 'rejected';
  runId: string;
  /** Items of the day still waiting for an operator. */
  differences: number;
  /** Verdicts of the rows this run judged for the first time. */
  verdicts: Partial<Record<Verdict, number>>;
  /** Missing settlements this run settled. */
  settled: number;
  detail?: string;
}

const CHUNK = 1000;

export async function reconcileDay(deps: CoreDeps, input: ReconcileDay): Promise<ReconcileResult> {
  checkIsoDate(input.date);
  const provider = deps.providers[input.provider];
  if (!provider?.fetchBill && !input.bill) throw new LedgerRefusal('reconciliation_unsupported', `${input.provider} publishes no bill the shop can fetch`);
  const setup = provider?.setup ?? 'overseas';
  const zone = provider?.billZone ?? 'Asia/Shanghai';
  const started = new Date();
  const run = (outcome: 'not_ready' | 'rejected', detail: Detail) =>
    deps.db
      .insertInto('reconciliation_runs')
      .values({ provider: input.provider, setup, bill_date: input.date, outcome, ...detailColumns(detail), started_at: started })
      .returning('id')
      .executeTakeFirstOrThrow();
  let bill: FetchedBill;
  try {
    bill = input.bill ?? (await provider!.fetchBill!(input.date));
  } catch (err) {
    if (err instanceof BillNotReady) {
      const detail = said('bill_not_ready', { message: err.message });
      return { outcome: 'not_ready', runId: (await run('not_ready', detail)).id, differences: 0, verdicts: {}, settled: 0, detail: detail.detail };
    }
    if (err instanceof BillRejected) {
      const detail = said('bill_rejected', { reason: err.reason, message: err.message });
      deps.log.warn({ provider: input.provider, date: input.date, reason: err.reason }, 'bill refused: it failed its integrity check');
      return { outcome: 'rejected', runId: (await run('rejected', detail)).id, differences: 0, verdicts: {}, settled: 0, detail: detail.detail };
    }
    throw err;
  }

  const dayStart = new Date(startOfDay(input.date, zone));
  const dayEnd = new Date(startOfDay(addDays(input.date, 1), zone));
  const view = await loadLedgerView(deps.db, { provider: input.provider, date: input.date, dayStart, dayEnd, rows: bill.rows });
  const judged = judgeBill(bill.rows, view);

  // The bill and the new items in one transaction; the settlements after it, each its own.
  const stored = await inTransaction(deps, async ({ trx }) => {
    const billRow = await trx
      .insertInto('provider_bills')
      .values({
        provider: input.provider,
        setup,
        bill_date: input.date,
        sha256: bill.sha256,
        integrity: bill.integrity.algorithm,
        integrity_expected: bill.integrity.expected ?? null,
        media_type: bill.mediaType,
        raw: bill.raw,
        row_count: bill.rows.length,
      })
      .onConflict((oc) => oc.constraint('provider_bills_one_per_content').doUpdateSet({ fetched_at: sql`provider_bills.fetched_at` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const fresh: (Judged & { itemId: string })[] = [];
    for (let i = 0; i < judged.length; i += CHUNK) {
      const chunk = judged.slice(i, i + CHUNK);
      const inserted = await trx
        .insertInto('reconciliation_items')
        .values(
          chunk.map((j) => ({
            provider: input.provider,
            setup,
            bill_date: input.date,
            row_key: j.key,
            verdict: j.verdict,
            state: initialState(j),
            out_trade_no: j.outTradeNo,
            refund_no: j.refundNo,
            order_id: j.attempt?.orderId ?? null,
            intent_id: j.attempt?.id ?? null,
            refund_id: j.refund?.id ?? null,
            bill_id: billRow.id,
            bill_row: j.row ? JSON.stringify(j.row) : null,
            ...detailColumns(j),
            recheck_until: j.verdict === 'missing_at_provider' ? addDays(input.date, RECHECK_DAYS) : null,
          })),
        )
        .onConflict((oc) => oc.constraint('reconciliation_items_one_per_row').doNothing())
        .returning(['id', 'row_key'])
        .execute();
      const ids = new Map(inserted.map((r) => [r.row_key, r.id]));
      for (const j of chunk) if (ids.has(j.key)) fresh.push({ ...j, itemId: ids.get(j.key)! });
    }
    await auditItems(
      trx,
      fresh.filter((j) => j.verdict !== 'matched'),
      (j) => ({ type: 'verdict', actor: { type: 'system' }, data: { verdict: j.verdict, detail: j.detail, date: input.date, provider: input.provider } }),
    );
    // A trade an earlier bill lacked that turns up in this one: no longer missing.
    const billedNos = bill.rows.filter((r) => r.kind === 'payment').map((r) => r.outTradeNo);
    const found = billedNos.length
      ? await trx
          .updateTable('reconciliation_items')
          .set({ state: 'found_later', ...detailColumns(said('found_later', { date: input.date })), updated_at: new Date() })
          .where('provider', '=', input.provider)
          .where('verdict', '=', 'missing_at_provider')
          .where('state', '=', 'open')
          .where('bill_date', '<', input.date)
          .where(sql<boolean>`out_trade_no = any(${billedNos})`)
          .returning(['id', 'out_trade_no'])
          .execute()
      : [];
    await auditItems(
      trx,
      found.map((f) => ({ itemId: f.id })),
      () => ({ type: 'found_later', actor: { type: 'system' }, data: { date: input.date } }),
    );
    return { billId: billRow.id, fresh };
  });

  // Each missing settlement through the normal path, with its item and audit row in the same unit of work.
  let settled = 0;
  for (const j of stored.fresh) {
    if (j.action !== 'settle' || !j.attempt) continue;
    const outcome = await inTransaction(deps, async (uow) => {
      const done = await settleAttemptIn(deps, uow, { intentId: j.attempt!.id, source: 'reconciliation', providerRef: j.row?.providerRef ?? null });
      await uow.trx
        .updateTable('reconciliation_items')
        .set({ state: 'settled', updated_at: new Date() })
        .where('id', '=', j.itemId)
        .where('state', '=', 'open')
        .execute();
      await auditItems(uow.trx, [j], () => ({
        type: 'settled',
        actor: { type: 'system' },
        data: { intentId: j.attempt!.id, orderSettled: done.transitioned, ...(done.duplicateRefundNo ? { duplicateRefundNo: done.duplicateRefundNo } : {}) },
      }));
      return done;
    });
    settled++;
    if (outcome.duplicateRefundNo) await advanceRefund(deps, { refundNo: outcome.duplicateRefundNo });
  }

  const verdicts: Partial<Record<Verdict, number>> = {};
  for (const j of stored.fresh) verdicts[j.verdict] = (verdicts[j.verdict] ?? 0) + 1;
  const open = await deps.db
    .selectFrom('reconciliation_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('provider', '=', input.provider)
    .where('bill_date', '=', input.date)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  const differences = Number(open.n);
  const totals = { provider: billTotals(bill.rows), shop: await shopTotals(deps.db, { provider: input.provider, dayStart, dayEnd }) };
  const runRow = await deps.db
    .insertInto('reconciliation_runs')
    .values({
      provider: input.provider,
      setup,
      bill_date: input.date,
      bill_id: stored.billId,
      outcome: 'reconciled',
      totals: JSON.stringify(totals),
      differences,
      started_at: started,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (differences) deps.log.warn({ provider: input.provider, date: input.date, differences }, 'reconciliation found differences');
  return { outcome: 'reconciled', runId: runRow.id, differences, verdicts, settled };
}

function initialState(j: Judged): 'closed' | 'open' | 'refunded' {
  if (j.verdict === 'matched') return 'closed';
  if (j.verdict === 'duplicate_payment' && j.attempt?.liveRefundId) return 'refunded';
  // A missing settlement with its attempt is settled right after this transaction (state 'settled').
  return 'open';
}

export interface ReconcileDueDays {
  provider: ProviderName;
  now?: Date;
}

/**
 * The daily run: the provider's last finished day, and the RECHECK_DAYS days before it again (a
 * trade missing from a bill may turn up in a later one; a re-run is otherwise a no-op). The newest
 * day comes first.
 */
export async function reconcileDueDays(deps: CoreDeps, input: ReconcileDueDays): Promise<(ReconcileResult & { date: string })[]> {
  const zone = deps.providers[input.provider]?.billZone ?? 'Asia/Shanghai';
  const last = addDays(dayInZone((input.now ?? new Date()).getTime(), zone), -1);
  const results: (ReconcileResult & { date: string })[] = [];
  for (let i = 0; i <= RECHECK_DAYS; i++) {
    const date = addDays(last, -i);
    results.push({ ...(await reconcileDay(deps, { provider: input.provider, date })), date });
  }
  return results;
}
