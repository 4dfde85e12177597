// A day reconciled against the provider's own bill, at every provider setup: trades bought through
// core's checkout and paid in the provider's sandbox on one day of the provider's clock, the bill
// fetched through the adapter, one fault per trade so every verdict appears on purpose; what
// follows on its own (a missing settlement settled), what waits for an operator, the operators'
// answers and refusals with their audit rows; the same day again changes nothing; a bill that
// fails its checksum is refused.
import { readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import { LedgerRefusal, reconcileDay, resolveReconciliationItem, settleAttempt, type CoreDeps } from '@shop/core';
import { DETAIL_CODES } from '@shop/core/reconciliation/detail-codes';
import { createAttempt, judgeBill, type LedgerAttempt, type LedgerRefund, type LedgerView } from '@shop/core/internal';
import { sha256Hex, type BillRow, type FetchedBill } from '@shop/payments';
import { addDays, dayInZone, startOfDay } from '@shop/payments/zoned-time';
import { checkoutFor, coreDeps, newBuyer } from '../helpers/core-deps.js';
import { setTimestamp } from '../helpers/db.js';
import { alipayForexKit, alipayKit, paypalKit, wechatKit, type BillKit } from './reconciliation-kits.js';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';

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
  t.match(item(`payment:${matched.intent.out_trade_no}`), { verdict: 'matched', state: 'closed', detail: '', detail_code: null, detail_values: null });
  t.match(item(`payment:${unsettled.intent.out_trade_no}`), { verdict: 'missing_settlement', state: 'settled' }, 'missing settlement: settled');
  // Each difference says why as a code with its values beside the English sentence.
  const said = (key: string) => {
    const i = item(key)!;
    return { code: i.detail_code, values: i.detail_values, detail: i.detail };
  };
  t.same(said(`payment:${unsettled.intent.out_trade_no}`).values, { status: unsettled.intent.status }, 'the attempt’s status in the shop');
  t.equal(said(`payment:${unsettled.intent.out_trade_no}`).code, 'not_settled_in_shop');
  const asked = { amountMinor: mismatched.intent.amount_cents, currency: mismatched.intent.currency };
  t.match(said(`payment:${mismatched.intent.out_trade_no}`), {
    code: 'amount_differs',
    values: { asked, billed: { amountMinor: asked.amountMinor + 100 } },
    detail: new RegExp(`^billed ${asked.amountMinor + 100} \\w+, the attempt asked for ${asked.amountMinor} ${asked.currency}$`),
  });
  t.match(said(items.find((i) => i.verdict === 'unknown_refund')!.row_key), { code: 'unknown_refund', values: {} });
  t.match(said(`shop:${missing.intent.out_trade_no}`), { code: 'missing_at_provider', values: {}, detail: 'settled in the shop, not in the provider’s bill' });
  t.match(said(`payment:${second.out_trade_no}`), { code: 'second_payment_refunded', detail: 'a second payment of a paid order, refunded' });
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
    const refusedRun = await deps.db
      .selectFrom('reconciliation_runs')
      .select(['outcome', 'detail', 'detail_code', 'detail_values'])
      .where('id', '=', refused.runId)
      .executeTakeFirstOrThrow();
    t.match(refusedRun, {
      outcome: 'rejected',
      detail_code: 'bill_rejected',
      detail_values: { reason: /^(hash_mismatch|summary_mismatch)$/, message: String },
    });
    t.equal(refusedRun.detail, refused.detail, 'the English detail is the reason and the check’s words');
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

// Every kind of difference a bill row can make, judged from the bill and the ledger alone: the code
// and values the console words, and the English sentence logs and audit data keep.
t.test('each verdict says why as a code with its values, and in English', async (t) => {
  const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
  let ids = 0;
  /** An attempt of the ledger; the paying one of its order unless `paidIntentId` says otherwise. */
  const attempt = (no: string, over: Partial<LedgerAttempt> = {}): LedgerAttempt => {
    const id = String(++ids);
    return {
      id,
      orderId: id,
      outTradeNo: no,
      status: 'succeeded',
      amountMinor: 7500,
      currency: 'EUR',
      paidIntentId: id,
      payer: null,
      liveRefundId: null,
      ...over,
    };
  };
  const at = new Date().toISOString();
  const pay = (outTradeNo: string, over: Partial<BillRow> = {}): BillRow => ({
    kind: 'payment',
    outTradeNo,
    amountMinor: 7500,
    currency: 'EUR',
    status: 'SUCCESS',
    occurredAt: at,
    fields: {},
    ...over,
  });
  const refundRow = (outTradeNo: string, refundNo: string, amountMinor: number): BillRow => ({
    kind: 'refund',
    outTradeNo,
    refundNo,
    amountMinor,
    currency: 'EUR',
    status: 'REFUND',
    occurredAt: at,
    fields: {},
  });
  const attempts = [
    attempt('OK'),
    attempt('PENDING', { status: 'pending', paidIntentId: null }),
    attempt('MORE', { status: 'pending', paidIntentId: null }),
    attempt('CNY', { payer: { amountMinor: 58000, currency: 'CNY' } }),
    attempt('SECOND', { paidIntentId: '99' }),
    attempt('SECOND-REFUNDED', { paidIntentId: '99', liveRefundId: '7' }),
    attempt('LACKING'),
  ];
  const refunds: LedgerRefund[] = [
    { id: '1', refundNo: 'RF-LESS', providerRefundId: null, amountMinor: 2500, currency: 'EUR', status: 'succeeded' },
    { id: '2', refundNo: 'RF-PENDING', providerRefundId: null, amountMinor: 2500, currency: 'EUR', status: 'pending' },
  ];
  const view: LedgerView = {
    attempts: new Map(attempts.filter((a) => a.outTradeNo !== 'LACKING').map((a) => [a.outTradeNo, a])),
    refundsByNo: new Map(refunds.map((r) => [r.refundNo, r])),
    refundsByProviderId: new Map(),
    settledThatDay: attempts.filter((a) => a.status === 'succeeded'),
    billedEarlier: new Set(),
  };
  const judged = judgeBill(
    [
      pay('OK'),
      pay('OK'),
      pay('UNKNOWN'),
      pay('PENDING'),
      pay('MORE', { amountMinor: 7600 }),
      pay('CNY', { payer: { amountMinor: 58100, currency: 'CNY' } }),
      pay('SECOND'),
      pay('SECOND-REFUNDED'),
      refundRow('OK', 'RF-UNKNOWN', 1000),
      refundRow('OK', 'RF-LESS', 2000),
      refundRow('OK', 'RF-PENDING', 2500),
    ],
    view,
  );
  const by = new Map(judged.map((j) => [j.key, { verdict: j.verdict, code: j.detailCode, values: j.detailValues, detail: j.detail }]));
  t.same(Object.fromEntries(by), {
    'payment:OK': { verdict: 'matched', code: null, values: null, detail: '' },
    'payment:OK#2': { verdict: 'duplicate_payment', code: 'billed_twice', values: {}, detail: 'billed twice under one number' },
    'payment:UNKNOWN': {
      verdict: 'missing_settlement',
      code: 'unknown_trade',
      values: {},
      detail: 'the provider took money under a number the shop does not know',
    },
    'payment:PENDING': {
      verdict: 'missing_settlement',
      code: 'not_settled_in_shop',
      values: { status: 'pending' },
      detail: 'paid at the provider, pending in the shop',
    },
    'payment:MORE': {
      verdict: 'amount_mismatch',
      code: 'amount_differs',
      values: { billed: eur(7600), asked: eur(7500) },
      detail: 'billed 7600 EUR, the attempt asked for 7500 EUR',
    },
    'payment:CNY': {
      verdict: 'amount_mismatch',
      code: 'payer_amount_differs',
      values: { billed: { amountMinor: 58100, currency: 'CNY' }, reported: { amountMinor: 58000, currency: 'CNY' } },
      detail: 'the payer was billed 58100 CNY, the provider reported 58000 CNY at settlement',
    },
    'payment:SECOND': {
      verdict: 'duplicate_payment',
      code: 'second_payment_not_refunded',
      values: {},
      detail: 'a second payment of a paid order, not refunded yet',
    },
    'payment:SECOND-REFUNDED': {
      verdict: 'duplicate_payment',
      code: 'second_payment_refunded',
      values: {},
      detail: 'a second payment of a paid order, refunded',
    },
    'refund:RF-UNKNOWN': {
      verdict: 'unknown_refund',
      code: 'unknown_refund',
      values: {},
      detail: 'the provider refunded money the shop did not ask back',
    },
    'refund:RF-LESS': {
      verdict: 'amount_mismatch',
      code: 'refund_amount_differs',
      values: { billed: eur(2000), asked: eur(2500) },
      detail: 'refund billed 2000 EUR, asked 2500 EUR',
    },
    'refund:RF-PENDING': { verdict: 'matched', code: 'refund_not_completed', values: { status: 'pending' }, detail: 'refund pending in the shop' },
    'shop:LACKING': {
      verdict: 'missing_at_provider',
      code: 'missing_at_provider',
      values: {},
      detail: 'settled in the shop, not in the provider’s bill',
    },
  });
});

// A trade the bill of its day lacks, found in the next day's bill: the item says where, as a code.
t.test('a trade missing at the provider, found in a later bill, says which', async (t) => {
  const deps = await coreDeps(t, {});
  const zone = 'Asia/Shanghai';
  const day = addDays(dayInZone(Date.now(), zone), -5);
  const next = addDays(day, 1);
  const buyer = await newBuyer(deps);
  const order = await deps.db
    .insertInto('orders')
    .values({
      order_no: `FL${process.pid}${Date.now()}`,
      user_id: buyer.id,
      book_id: 1,
      format: 'ebook',
      country: 'Germany',
      pay_type: 2,
      provider: 'wechat',
      unit_price_cents: 7500,
      amount_cents: 7500,
      expires_at: new Date(Date.now() + HOUR),
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  const attempt = await deps.db
    .transaction()
    .execute((trx) =>
      createAttempt(
        trx,
        { orderId: order.id, provider: 'wechat', method: 'native', outTradeNo: `${order.order_no}P1`, amountCents: 7500, currency: 'EUR' },
        { type: 'system' },
      ),
    );
  await deps.db.updateTable('payment_intents').set({ status: 'pending' }).where('id', '=', attempt.id).execute();
  await settleAttempt(deps, { intentId: attempt.id, source: 'notification' });
  // Paid late in the evening of the day; the provider books it the next day.
  await setTimestamp(deps.db, 'payment_intents', 'succeeded_at', new Date(startOfDay(next, zone) - HOUR), 'id', attempt.id);
  const bill = (date: string, rows: BillRow[]): FetchedBill => {
    const raw = Buffer.from(JSON.stringify(rows));
    return { provider: 'wechat', setup: 'overseas', date, raw, integrity: { algorithm: 'none' }, sha256: sha256Hex(raw), mediaType: 'application/json', rows };
  };
  const row: BillRow = {
    kind: 'payment',
    outTradeNo: attempt.out_trade_no,
    amountMinor: 7500,
    currency: 'EUR',
    status: 'SUCCESS',
    occurredAt: new Date(startOfDay(next, zone) + HOUR).toISOString(),
    fields: {},
  };

  t.match(await reconcileDay(deps, { provider: 'wechat', date: day, bill: bill(day, []) }), { differences: 1 });
  t.match(await reconcileDay(deps, { provider: 'wechat', date: next, bill: bill(next, [row]) }), { differences: 0 });
  const lacking = await deps.db
    .selectFrom('reconciliation_items')
    .select(['state', 'detail', 'detail_code', 'detail_values'])
    .where('bill_date', '=', day)
    .where('row_key', '=', `shop:${attempt.out_trade_no}`)
    .executeTakeFirstOrThrow();
  t.same(lacking, { state: 'found_later', detail: `in the bill of ${next}`, detail_code: 'found_later', detail_values: { date: next } });
});

// A code core writes is one the API can serve and the console can word, in both languages.
t.test('every detail code is in the SDL enum and has a text in zh and en', async (t) => {
  const sdl = readFileSync(new URL('../../schema/sdl/reconciliation.graphql', import.meta.url), 'utf8');
  const block = /enum ReconciliationDetailCode \{([^}]*)\}/.exec(sdl)?.[1] ?? '';
  const values = block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[A-Z_]+$/.test(l));
  const upper = DETAIL_CODES.map((c) => c.toUpperCase());
  t.same([...values].sort(), [...upper].sort(), 'the SDL enum lists exactly the codes');
  t.same(Object.keys(en.admin.reconciliation.details).sort(), [...upper].sort(), 'an English text for each');
  t.same(Object.keys(zh.admin.reconciliation.details).sort(), [...upper].sort(), 'a Chinese text for each');
});
