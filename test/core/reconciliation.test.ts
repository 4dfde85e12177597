// A day reconciled against the provider's own bill, at every provider setup: trades bought through
// core's checkout and paid in the provider's sandbox on one day of the provider's clock, the bill
// fetched through the adapter, one fault per trade so every verdict appears on purpose; what
// follows on its own (a missing settlement settled), what waits for an operator, the operators'
// answers and refusals with their audit rows; the same day again changes nothing; a bill that
// fails its checksum is refused.
import t, { type Test } from 'tap';
import { LedgerRefusal, reconcileDay, resolveReconciliationItem, settleAttempt, type CoreDeps } from '@shop/core';
import { createAttempt } from '@shop/core/internal';
import { addDays, dayInZone, startOfDay } from '@shop/payments/zoned-time';
import { checkoutFor, coreDeps, newBuyer } from '../helpers/core-deps.js';
import { setTimestamp } from '../helpers/db.js';
import { alipayForexKit, alipayKit, paypalKit, wechatKit, type BillKit } from './reconciliation-kits.js';

const HOUR = 3_600_000;

const buy = (deps: CoreDeps, kit: BillKit) => checkoutFor(deps, { provider: kit.provider, method: kit.method, charge: kit.charge });

/** Paid at the provider and settled in the shop at `at` (its notification arrived). */
async function paidAndSettled(deps: CoreDeps, kit: BillKit, at: Date) {
  const bought = await buy(deps, kit);
  await kit.pay(bought.intent);
  await settleAttempt(deps, { intentId: bought.intent.id, source: 'notification' });
  await setTimestamp(deps.db, 'payment_intents', 'succeeded_at', at, 'id', bought.intent.id);
  return bought;
}

/** Every row of the tables reconciliation and the ledger write, to show a refusal changed nothing. */
async function snapshot(deps: CoreDeps) {
  const tables = ['orders', 'payment_intents', 'refunds', 'reconciliation_items', 'audit_events', 'order_events', 'outbox'] as const;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await deps.db.selectFrom(table).selectAll().orderBy('id').execute();
  return JSON.stringify(out);
}

async function itemsOf(deps: CoreDeps, date: string) {
  return deps.db.selectFrom('reconciliation_items').selectAll().where('bill_date', '=', date).orderBy('id').execute();
}

async function auditOf(deps: CoreDeps, itemId: string) {
  return deps.db
    .selectFrom('audit_events')
    .selectAll()
    .where('subject_type', '=', 'reconciliation_item')
    .where('subject_id', '=', itemId)
    .orderBy('id')
    .execute();
}

async function walkOneDay(t: Test, kit: BillKit) {
  const deps = await coreDeps(t, { [kit.provider]: kit.adapter });
  const zone = kit.adapter.billZone!;
  const day = addDays(dayInZone(Date.now(), zone), -4);
  const at = new Date(startOfDay(day, zone) + 14 * HOUR);
  await kit.setClock(at);

  const matched = await paidAndSettled(deps, kit, at);
  const unsettled = await buy(deps, kit);
  await kit.pay(unsettled.intent);
  const mismatched = await paidAndSettled(deps, kit, at);
  const refundedUnasked = await paidAndSettled(deps, kit, at);
  const missing = await paidAndSettled(deps, kit, at);
  // A second attempt of a paid order, paid too (as an order from before the close-first rule could be).
  const dupOrder = await paidAndSettled(deps, kit, at);
  const second = await deps.db.transaction().execute((trx) =>
    createAttempt(
      trx,
      {
        orderId: dupOrder.order.id,
        provider: kit.provider,
        method: kit.method,
        outTradeNo: `${dupOrder.order.order_no}P9`,
        amountCents: dupOrder.intent.amount_cents,
        currency: dupOrder.intent.currency,
      },
      { type: 'system' },
    ),
  );
  const created = await kit.adapter.createAttempt({
    outTradeNo: second.out_trade_no,
    orderNo: dupOrder.order.order_no,
    description: 'older attempt',
    amountCents: second.amount_cents,
    currency: second.currency,
    method: kit.method,
    notifyUrl: 'http://127.0.0.1:9/api/pay/notify',
    returnUrl: 'http://127.0.0.1:9/return',
    expiresAt: dupOrder.order.expires_at,
  });
  await kit.pay({ out_trade_no: second.out_trade_no, provider_ref: created.providerRef ?? null, next_action: created.nextAction });
  const dup = await settleAttempt(deps, { intentId: second.id, source: 'notification', providerRef: created.providerRef ?? null });
  t.ok(dup.duplicateRefundNo, 'the duplicate is refunded automatically when it is heard of');

  await kit.alterAmount(mismatched.intent.out_trade_no, 100);
  await kit.unknownRefund(refundedUnasked.intent.out_trade_no, 1000);
  await kit.omit(missing.intent.out_trade_no);

  // The bill of the day, once the provider publishes it.
  await kit.setClock(new Date(startOfDay(addDays(day, 1), zone) + 11 * HOUR));
  const first = await reconcileDay(deps, { provider: kit.provider, date: day });
  t.equal(first.outcome, 'reconciled');
  t.equal(first.settled, 1, 'one missing settlement settled on its own');
  const items = await itemsOf(deps, day);
  const item = (key: string) => items.find((i) => i.row_key === key);
  t.match(item(`payment:${matched.intent.out_trade_no}`), { verdict: 'matched', state: 'closed' });
  t.match(item(`payment:${unsettled.intent.out_trade_no}`), { verdict: 'missing_settlement', state: 'settled' }, 'missing settlement: settled');
  const settledOrder = await deps.db.selectFrom('orders').select(['status', 'paid_intent_id']).where('id', '=', unsettled.order.id).executeTakeFirstOrThrow();
  t.same(settledOrder, { status: 'paid', paid_intent_id: unsettled.intent.id }, 'through the normal path: the order is paid by that attempt');
  t.match(item(`payment:${mismatched.intent.out_trade_no}`), { verdict: 'amount_mismatch', state: 'open' });
  t.match(
    items.find((i) => i.verdict === 'unknown_refund'),
    { out_trade_no: refundedUnasked.intent.out_trade_no, state: 'open' },
    'the unasked refund waits for an operator',
  );
  t.match(item(`shop:${missing.intent.out_trade_no}`), { verdict: 'missing_at_provider', state: 'open', recheck_until: addDays(day, 2) });
  t.match(item(`payment:${second.out_trade_no}`), { verdict: 'duplicate_payment', state: 'refunded' }, 'the duplicate, already refunded');
  t.match(item(`payment:${dupOrder.intent.out_trade_no}`), { verdict: 'matched' });
  t.equal(first.differences, 3, 'three differences wait for an operator');
  const run = await deps.db.selectFrom('reconciliation_runs').selectAll().where('id', '=', first.runId).executeTakeFirstOrThrow();
  t.match(run.totals, { provider: { count: 6 }, shop: { count: 5 } }, 'the totals of both sides (the bill lacks one, the shop settled one later)');
  const bills = await deps.db.selectFrom('provider_bills').select(['sha256', 'row_count']).execute();
  t.equal(bills.length, 1, 'the bill is kept as fetched');
  t.match(await auditOf(deps, item(`payment:${unsettled.intent.out_trade_no}`)!.id), [
    { type: 'verdict', actor_type: 'system' },
    { type: 'settled', actor_type: 'system' },
  ]);

  // The same day again: the same result, nothing new, nothing acted on twice.
  const before = await snapshot(deps);
  const again = await reconcileDay(deps, { provider: kit.provider, date: day });
  t.match(again, { outcome: 'reconciled', settled: 0, differences: 3, verdicts: {} }, 'a re-run judges nothing anew');
  t.equal(await snapshot(deps), before, 'and changes nothing in the ledger or the items');
  t.equal((await deps.db.selectFrom('provider_bills').select('id').execute()).length, 1, 'the same bill is kept once');

  // The operators' answers, and their refusals (each changing nothing).
  const operator = await newBuyer(deps, 'operator');
  const unknown = items.find((i) => i.verdict === 'unknown_refund')!;
  const mismatch = item(`payment:${mismatched.intent.out_trade_no}`)!;
  const refusals: [string, Parameters<typeof resolveReconciliationItem>[1], string][] = [
    ['an acknowledgement without a note', { itemId: unknown.id, action: 'acknowledge', operatorId: operator.id }, 'note_required'],
    ['a refund of a refund', { itemId: unknown.id, action: 'refund', operatorId: operator.id }, 'action_not_allowed'],
    ['settling a settled attempt', { itemId: mismatch.id, action: 'settle', operatorId: operator.id }, 'action_not_allowed'],
    [
      'an answer to a matched row',
      { itemId: item(`payment:${matched.intent.out_trade_no}`)!.id, action: 'acknowledge', note: 'x', operatorId: operator.id },
      'item_not_open',
    ],
    ['an unknown item', { itemId: '999999999', action: 'acknowledge', note: 'x', operatorId: operator.id }, 'item_not_found'],
    ['a note too long', { itemId: unknown.id, action: 'acknowledge', note: 'x'.repeat(501), operatorId: operator.id }, 'note_too_long'],
  ];
  for (const [what, input, reason] of refusals) {
    const was = await snapshot(deps);
    await t.rejects(resolveReconciliationItem(deps, input), new LedgerRefusal(reason as never), `${what}: refused (${reason})`);
    t.equal(await snapshot(deps), was, `${what}: nothing changed`);
  }
  const note = 'refund made by hand at the provider’s console for a complaint';
  t.same(await resolveReconciliationItem(deps, { itemId: unknown.id, action: 'acknowledge', note, operatorId: operator.id }), {
    itemId: unknown.id,
    state: 'acknowledged',
  });
  t.match(await auditOf(deps, unknown.id), [
    { type: 'verdict', actor_type: 'system' },
    { type: 'acknowledged', actor_type: 'operator', actor_id: String(operator.id), data: { note } },
  ]);
  await t.rejects(
    resolveReconciliationItem(deps, { itemId: unknown.id, action: 'acknowledge', note, operatorId: operator.id }),
    new LedgerRefusal('item_not_open'),
    'answered once',
  );

  // A bill that no longer matches its checksum is refused and reported; nothing is judged.
  if (kit.corrupt) {
    await kit.clearFaults();
    await kit.corrupt(matched.intent.out_trade_no);
    const was = await snapshot(deps);
    const refused = await reconcileDay(deps, { provider: kit.provider, date: day });
    t.match(refused, { outcome: 'rejected', detail: /^(hash_mismatch|summary_mismatch)/ });
    t.equal(await snapshot(deps), was, 'a refused bill changes nothing');
    t.ok(deps.warnings.includes('bill refused: it failed its integrity check'), 'and is reported');
    t.match(await deps.db.selectFrom('reconciliation_runs').select(['outcome', 'detail']).where('id', '=', refused.runId).executeTakeFirstOrThrow(), {
      outcome: 'rejected',
    });
  }
}

for (const make of [() => wechatKit('domestic'), () => wechatKit('overseas'), paypalKit, alipayKit, alipayForexKit]) {
  t.test('a day reconciled', async (t) => {
    const kit = await make();
    t.teardown(() => kit.close());
    t.comment(kit.label);
    await walkOneDay(t, kit);
  });
}
