// What the ledger holds for one provider's day, loaded in a few set queries (one array parameter
// each, so a day of tens of thousands of trades is still a handful of round trips).
import { sql } from 'kysely';
import type { Db } from '@shop/db';
import type { BillRow, ProviderName } from '@shop/payments';
import type { LedgerAttempt, LedgerRefund, LedgerView } from './verdicts.js';

interface Day {
  provider: ProviderName;
  date: string;
  dayStart: Date;
  dayEnd: Date;
}

function attemptsQuery(db: Db, provider: ProviderName) {
  return db
    .selectFrom('payment_intents as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .leftJoin('refunds as r', (j) => j.onRef('r.intent_id', '=', 'a.id').on('r.status', '<>', 'failed'))
    .select([
      'a.id',
      'a.order_id',
      'a.out_trade_no',
      'a.status',
      'a.amount_cents',
      'a.currency',
      'a.payer_amount',
      'a.payer_currency',
      'o.paid_intent_id',
      'r.id as refund_id',
    ])
    .where('a.provider', '=', provider);
}

type AttemptRow = Awaited<ReturnType<ReturnType<typeof attemptsQuery>['execute']>>[number];

const toAttempt = (r: AttemptRow): LedgerAttempt => ({
  id: r.id,
  orderId: r.order_id,
  outTradeNo: r.out_trade_no,
  status: r.status,
  amountMinor: r.amount_cents,
  currency: r.currency,
  paidIntentId: r.paid_intent_id,
  payer: r.payer_amount !== null && r.payer_currency ? { amountMinor: r.payer_amount, currency: r.payer_currency } : null,
  liveRefundId: r.refund_id,
});

export async function loadLedgerView(db: Db, day: Day & { rows: BillRow[] }): Promise<LedgerView> {
  const tradeNos = [...new Set(day.rows.map((r) => r.outTradeNo))];
  const refundNos = day.rows.flatMap((r) => (r.kind === 'refund' && r.refundNo ? [r.refundNo] : []));
  const providerRefundIds = day.rows.flatMap((r) => (r.kind === 'refund' && r.providerRefundId ? [r.providerRefundId] : []));
  const [billed, settled, refunds] = await Promise.all([
    tradeNos.length
      ? attemptsQuery(db, day.provider)
          .where(sql<boolean>`a.out_trade_no = any(${tradeNos})`)
          .execute()
      : [],
    attemptsQuery(db, day.provider)
      .where('a.status', '=', 'succeeded')
      .where('a.succeeded_at', '>=', day.dayStart)
      .where('a.succeeded_at', '<', day.dayEnd)
      .execute(),
    refundNos.length || providerRefundIds.length
      ? db
          .selectFrom('refunds')
          .select(['id', 'refund_no', 'provider_refund_id', 'amount_minor', 'currency', 'status'])
          .where('provider', '=', day.provider)
          .where((eb) => eb.or([sql<boolean>`refund_no = any(${refundNos})`, sql<boolean>`provider_refund_id = any(${providerRefundIds})`]))
          .execute()
      : [],
  ]);
  const settledNos = settled.map((a) => a.out_trade_no);
  const earlier = settledNos.length
    ? await db
        .selectFrom('reconciliation_items')
        .select('out_trade_no')
        .where('provider', '=', day.provider)
        .where('bill_date', '<', day.date)
        .where('row_key', 'like', 'payment:%')
        .where(sql<boolean>`out_trade_no = any(${settledNos})`)
        .execute()
    : [];
  const ledgerRefunds: LedgerRefund[] = refunds.map((r) => ({
    id: r.id,
    refundNo: r.refund_no,
    providerRefundId: r.provider_refund_id,
    amountMinor: r.amount_minor,
    currency: r.currency,
    status: r.status,
  }));
  return {
    attempts: new Map(billed.map((r) => [r.out_trade_no, toAttempt(r)])),
    refundsByNo: new Map(ledgerRefunds.map((r) => [r.refundNo, r])),
    refundsByProviderId: new Map(ledgerRefunds.flatMap((r) => (r.providerRefundId ? [[r.providerRefundId, r] as const] : []))),
    settledThatDay: settled.map(toAttempt),
    billedEarlier: new Set(earlier.map((e) => e.out_trade_no)),
  };
}

/** The shop's side of the day at one provider: payments settled and refunds done in it. */
export async function shopTotals(db: Db, day: Omit<Day, 'date'>) {
  const [paid, refunded] = await Promise.all([
    db
      .selectFrom('payment_intents')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string | null>('amount_cents').as('gross'), eb.fn.max('currency').as('currency')])
      .where('provider', '=', day.provider)
      .where('status', '=', 'succeeded')
      .where('succeeded_at', '>=', day.dayStart)
      .where('succeeded_at', '<', day.dayEnd)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refunds')
      .select((eb) => eb.fn.sum<string | null>('amount_minor').as('sum'))
      .where('provider', '=', day.provider)
      .where('status', '=', 'succeeded')
      .where('completed_at', '>=', day.dayStart)
      .where('completed_at', '<', day.dayEnd)
      .executeTakeFirstOrThrow(),
  ]);
  const grossMinor = Number(paid.gross ?? 0);
  const refundMinor = Number(refunded.sum ?? 0);
  return { count: Number(paid.n), grossMinor, refundMinor, feeMinor: null, netMinor: grossMinor - refundMinor, currency: paid.currency ?? null };
}
