import t from 'tap';
import { jobIdFor } from '@shop/jobs';
import { dayInZone } from '@shop/payments/zoned-time';
import { sandboxPayments } from '../helpers/admin-state.js';
import { startInProcess, type InProcessStack } from '../helpers/stack.js';
import { buyerWithoutMail, gqlOk, operator } from './helpers.js';
import { pastBeijingDay, seedReconciledDay } from './reconciliation-seed.js';

// The operators' reconciliation page over real GraphQL: a WeChat Pay day reconciled through core
// with a bill of every kind of difference, read as an operator (totals side by side, differences
// with what can be done now), resolved (acknowledged with a note, settled, a duplicate refunded)
// with its audit trail, and every refusal leaving the database as it was.

const TOTALS = 'count gross refunds fees net currency';
const ITEM = `id provider billDate verdict state outTradeNo refundNo orderNo billKind billAmount billCurrency billFee providerRef billStatus billedAt
  shopAmount shopCurrency detail detailCode detailValues { name amount currency text } recheckUntil note resolvedBy resolvedAt updatedAt allowedActions`;
const DAY = `query($d: String!) { reconciliationDay(date: $d) {
  date reconcilableProviders
  providers { provider setup runCount openDifferences latestRun { id outcome detail detailCode detailValues { name } startedAt finishedAt differences providerTotals { ${TOTALS} } shopTotals { ${TOTALS} } } }
  items { ${ITEM} } } }`;
const DAYS = `query($f: String!, $t: String!) { reconciliationDays(from: $f, to: $t) { date openDifferences providers { provider outcome openDifferences } } }`;
const RESOLVE = `mutation($i: ID!, $a: ReconciliationAction!, $n: String) { resolveReconciliationItem(itemId: $i, action: $a, note: $n) { refundNo item { ${ITEM} } } }`;
const EVENTS = `query($i: ID!) { reconciliationItemEvents(itemId: $i) { type actorType actorId actorEmail createdAt data } }`;
const RERUN = `mutation($p: PaymentProvider!, $d: String!) { rerunReconciliation(provider: $p, date: $d) { provider date changed } }`;

type Item = Record<string, unknown> & { id: string; verdict: string; state: string; outTradeNo: string; allowedActions: string[] };

/** Everything a refusal must leave as it was: the items, their audit rows, refunds, attempts and orders. */
async function snapshot(stack: InProcessStack) {
  const [items, audit, refunds, intents, orders, outbox] = await Promise.all([
    stack.db.selectFrom('reconciliation_items').select(['id', 'state', 'note', 'resolved_by', 'resolved_at', 'updated_at']).orderBy('id').execute(),
    stack.db.selectFrom('audit_events').select(['id']).where('subject_type', '=', 'reconciliation_item').orderBy('id').execute(),
    stack.db.selectFrom('refunds').select(['id', 'status']).orderBy('id').execute(),
    stack.db.selectFrom('payment_intents').select(['id', 'status']).orderBy('id').execute(),
    stack.db.selectFrom('orders').select(['id', 'status']).orderBy('id').execute(),
    stack.db.selectFrom('outbox').select(['id']).orderBy('id').execute(),
  ]);
  return { items, audit, refunds, intents, orders, outbox };
}

t.test('operators read a reconciled day, resolve its differences, and every refusal changes nothing', async (t) => {
  // The payment sandboxes as providers (their bills make the providers reconcilable); no callback is needed.
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '50', ...payments.env }, { workers: false });
  const seeded = await seedReconciledDay(stack);
  t.equal(seeded.result.outcome, 'reconciled');
  t.equal(seeded.result.differences, 6, 'six differences left open by the run');
  const op = await operator(stack);
  const buyer = await buyerWithoutMail(stack);
  const guest = stack.client();

  type Day = {
    reconciliationDay: {
      date: string;
      reconcilableProviders: string[];
      providers: Record<string, unknown>[];
      items: Item[];
    };
  };
  const day = async () => (await gqlOk<Day>(op.client, DAY, { d: seeded.date })).reconciliationDay;
  const first = await day();
  t.equal(first.date, seeded.date);
  t.same([...first.reconcilableProviders].sort(), ['ALIPAY', 'PAYPAL', 'WECHAT'], 'the sandboxes publish bills for the three online providers');
  t.equal(first.providers.length, 1, 'one provider reconciled that day');
  t.match(first.providers[0], {
    provider: 'WECHAT',
    runCount: 1,
    openDifferences: 6,
    latestRun: {
      outcome: 'RECONCILED',
      detail: null,
      detailCode: null,
      detailValues: null,
      differences: 6,
      providerTotals: { count: 7, gross: '520.00', refunds: '25.00', fees: '3.15', net: '491.85', currency: 'EUR' },
      shopTotals: { count: 4, gross: '300.00', refunds: '0.00', fees: null, net: '300.00', currency: 'EUR' },
    },
  });

  const byTrade = (items: Item[], trade: string, verdict?: string) => items.find((i) => i.outTradeNo === trade && (!verdict || i.verdict === verdict))!;
  t.equal(first.items.length, 7, 'every item but the matched ones');
  t.notOk(
    first.items.some((i) => i.verdict === 'MATCHED'),
    'no matched row is listed',
  );
  t.same(
    first.items.slice(0, 6).map((i) => i.state),
    Array(6).fill('OPEN'),
    'open differences first',
  );
  const mismatch = byTrade(first.items, seeded.trades.mismatch);
  t.match(mismatch, {
    provider: 'WECHAT',
    billDate: seeded.date,
    verdict: 'AMOUNT_MISMATCH',
    state: 'OPEN',
    orderNo: seeded.orders.mismatch,
    billKind: 'PAYMENT',
    billAmount: '70.00',
    billCurrency: 'EUR',
    billFee: '0.45',
    providerRef: `42000${seeded.trades.mismatch}`,
    billStatus: 'SUCCESS',
    shopAmount: '75.00',
    shopCurrency: 'EUR',
    detail: 'billed 7000 EUR, the attempt asked for 7500 EUR',
    detailCode: 'AMOUNT_DIFFERS',
    note: null,
    resolvedBy: null,
    allowedActions: ['SETTLE', 'ACKNOWLEDGE'],
  });
  t.same(
    Object.fromEntries((mismatch.detailValues as { name: string }[]).map(({ name, ...v }) => [name, v])),
    {
      billed: { amount: '70.00', currency: 'EUR', text: null },
      asked: { amount: '75.00', currency: 'EUR', text: null },
    },
    'the amounts the detail names, as decimal strings with their currency',
  );
  const duplicate = byTrade(first.items, seeded.trades.duplicate);
  t.match(duplicate, { detailCode: 'SECOND_PAYMENT_NOT_REFUNDED', detailValues: [] });
  t.match(duplicate, { verdict: 'DUPLICATE_PAYMENT', state: 'OPEN', orderNo: seeded.orders.paidTwice, allowedActions: ['REFUND', 'ACKNOWLEDGE'] });
  const billedTwice = byTrade(first.items, seeded.trades.matched, 'DUPLICATE_PAYMENT');
  t.match(
    billedTwice,
    { detail: 'billed twice under one number', detailCode: 'BILLED_TWICE', detailValues: [], allowedActions: ['ACKNOWLEDGE'] },
    'a row billed twice under the paid attempt cannot be refunded',
  );
  const refund = first.items.find((i) => i.verdict === 'UNKNOWN_REFUND')!;
  t.match(refund, {
    refundNo: seeded.unknownRefundNo,
    billKind: 'REFUND',
    billAmount: '25.00',
    shopAmount: null,
    detailCode: 'UNKNOWN_REFUND',
    providerRef: `50300${seeded.unknownRefundNo.slice(2)}`,
    allowedActions: ['ACKNOWLEDGE'],
  });
  const lacking = byTrade(first.items, seeded.trades.missingAtProvider);
  t.match(lacking, {
    verdict: 'MISSING_AT_PROVIDER',
    billKind: null,
    billAmount: null,
    shopAmount: '75.00',
    orderNo: seeded.orders.missingAtProvider,
    detailCode: 'MISSING_AT_PROVIDER',
    allowedActions: ['ACKNOWLEDGE'],
  });
  t.ok(lacking.recheckUntil, 'a trade missing at the provider is looked for again');
  t.match(byTrade(first.items, seeded.trades.unknownTrade), {
    verdict: 'MISSING_SETTLEMENT',
    orderNo: null,
    detailCode: 'UNKNOWN_TRADE',
    allowedActions: ['ACKNOWLEDGE'],
  });
  t.match(
    byTrade(first.items, seeded.trades.autoSettled),
    {
      verdict: 'MISSING_SETTLEMENT',
      state: 'SETTLED',
      resolvedBy: null,
      allowedActions: [],
      detailCode: 'NOT_SETTLED_IN_SHOP',
      detailValues: [{ name: 'status', amount: null, currency: null, text: 'pending' }],
    },
    'settled by the run itself',
  );

  // The list of days shows the day with its open differences.
  type Days = { reconciliationDays: { date: string; openDifferences: number; providers: unknown[] }[] };
  const today = dayInZone(Date.now(), 'Asia/Shanghai');
  const days = (await gqlOk<Days>(op.client, DAYS, { f: pastBeijingDay(20), t: today })).reconciliationDays;
  t.same(days, [{ date: seeded.date, openDifferences: 6, providers: [{ provider: 'WECHAT', outcome: 'RECONCILED', openDifferences: 6 }] }]);

  // Refusals, each in the product's wording, each leaving everything as it was.
  const refusal = async (who: typeof op.client, query: string, vars: Record<string, unknown>, locale = 'en') => {
    const before = await snapshot(stack);
    who.headers.locale = locale;
    const r = await who.gql(query, vars);
    who.headers.locale = 'en';
    t.same(await snapshot(stack), before, `nothing changed (${JSON.stringify(vars)})`);
    t.equal(r.data?.[Object.keys(r.data ?? {})[0] ?? ''] ?? null, null, 'no answer');
    const e = r.errors?.[0];
    return { code: e?.extensions?.code, message: e?.message, field: e?.extensions?.field };
  };
  t.same(await refusal(op.client, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE' }), {
    code: 'BAD_USER_INPUT',
    message: 'Please enter a note saying why the difference is accepted',
    field: 'note',
  });
  t.same(await refusal(op.client, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE', n: '   ' }, 'zh'), {
    code: 'BAD_USER_INPUT',
    message: '请填写接受该差异的原因备注',
    field: 'note',
  });
  t.same(await refusal(op.client, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE', n: 'x'.repeat(501) }), {
    code: 'BAD_USER_INPUT',
    message: 'Length cannot exceed 500',
    field: 'note',
  });
  t.same(await refusal(op.client, RESOLVE, { i: refund.id, a: 'SETTLE' }), {
    code: 'WRONG_ITEM_STATE',
    message: 'This action is not possible for this difference',
    field: 'action',
  });
  t.same(await refusal(op.client, RESOLVE, { i: billedTwice.id, a: 'REFUND', n: 'paid once only' }, 'zh'), {
    code: 'WRONG_ITEM_STATE',
    message: '该差异不能执行此操作',
    field: 'action',
  });
  for (const id of ['999999999', 'abc', '-1', '1'.repeat(30)])
    t.same(await refusal(op.client, RESOLVE, { i: id, a: 'ACKNOWLEDGE', n: 'note' }), {
      code: 'NOT_FOUND',
      message: 'The reconciliation difference does not exist',
      field: 'itemId',
    });
  t.same(await refusal(buyer.client, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE', n: 'mine now' }), {
    code: 'FORBIDDEN',
    message: 'No Permission',
    field: undefined,
  });
  t.same(await refusal(guest, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE', n: 'mine now' }), {
    code: 'UNAUTHENTICATED',
    message: 'Please log in first',
    field: undefined,
  });
  for (const [who, code] of [
    [buyer.client, 'FORBIDDEN'],
    [guest, 'UNAUTHENTICATED'],
  ] as const) {
    t.equal((await who.gql(DAY, { d: seeded.date })).errors?.[0]?.extensions?.code, code, `the day refused: ${code}`);
    t.equal((await who.gql(DAYS, { f: seeded.date, t: seeded.date })).errors?.[0]?.extensions?.code, code, `the days refused: ${code}`);
    t.equal((await who.gql(EVENTS, { i: refund.id })).errors?.[0]?.extensions?.code, code, `the trail refused: ${code}`);
  }
  for (const [vars, message, field] of [
    [{ d: '2026-02-30' }, 'Please enter a valid date', 'date'],
    [{ d: 'yesterday' }, 'Please enter a valid date', 'date'],
  ] as const) {
    const r = await op.client.gql(DAY, vars);
    t.match(r.errors?.[0], { message, extensions: { code: 'BAD_USER_INPUT', field } }, `day ${vars.d} refused`);
  }
  t.match((await op.client.gql(DAYS, { f: '2026-01-01', t: '2026-06-30' })).errors?.[0], {
    message: 'The period can be at most 92 days',
    extensions: { code: 'BAD_USER_INPUT', field: 'to' },
  });
  t.match((await op.client.gql(DAYS, { f: '2026-03-02', t: '2026-03-01' })).errors?.[0], { extensions: { code: 'BAD_USER_INPUT', field: 'from' } });
  t.match((await op.client.gql(EVENTS, { i: '999999999' })).errors?.[0], { extensions: { code: 'NOT_FOUND', field: 'itemId' } });

  // Acknowledged with a note: resolved by this operator, and a second answer is refused.
  type Resolve = { resolveReconciliationItem: { refundNo: string | null; item: Item } };
  const ack = (await gqlOk<Resolve>(op.client, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE', n: '  Refund made at the WeChat merchant portal  ' }))
    .resolveReconciliationItem;
  t.match(ack, {
    refundNo: null,
    item: { id: refund.id, state: 'ACKNOWLEDGED', note: 'Refund made at the WeChat merchant portal', resolvedBy: op.email, allowedActions: [] },
  });
  t.ok(ack.item.resolvedAt, 'when it was resolved');
  t.same(await refusal(op.client, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE', n: 'again' }), {
    code: 'WRONG_ITEM_STATE',
    message: 'This difference has already been resolved',
    field: 'itemId',
  });
  t.same(await refusal(op.client, RESOLVE, { i: refund.id, a: 'ACKNOWLEDGE', n: 'again' }, 'zh'), {
    code: 'WRONG_ITEM_STATE',
    message: '该差异已处理',
    field: 'itemId',
  });

  // Settled: the attempt the provider billed as paid goes through the normal settlement.
  const settled = (await gqlOk<Resolve>(op.client, RESOLVE, { i: mismatch.id, a: 'SETTLE' })).resolveReconciliationItem;
  t.match(settled.item, { state: 'SETTLED', note: null, resolvedBy: op.email, allowedActions: [] });
  const mismatchOrder = await stack.db
    .selectFrom('orders')
    .select(['status', 'paid_intent_id'])
    .where('order_no', '=', seeded.orders.mismatch)
    .executeTakeFirstOrThrow();
  t.equal(mismatchOrder.status, 'paid', 'the order is paid');

  // Refunded: the duplicate payment goes back to the payer.
  const refunded = (await gqlOk<Resolve>(op.client, RESOLVE, { i: duplicate.id, a: 'REFUND', n: 'paid twice by the buyer' })).resolveReconciliationItem;
  t.match(refunded.item, { state: 'REFUNDED', note: 'paid twice by the buyer', resolvedBy: op.email, allowedActions: [] });
  t.ok(refunded.refundNo, 'the refund number is answered');
  const refundRow = await stack.db.selectFrom('refunds').selectAll().where('refund_no', '=', refunded.refundNo!).executeTakeFirstOrThrow();
  t.match(refundRow, { kind: 'duplicate_payment', amount_minor: 7500, currency: 'EUR', provider: 'wechat' });

  // Two operators acknowledging one difference at once: one answer resolves it, the other is refused.
  const op2 = await operator(stack, 'op2');
  const race = await Promise.all([
    op.client.gql<Resolve>(RESOLVE, { i: lacking.id, a: 'ACKNOWLEDGE', n: 'first' }),
    op2.client.gql<Resolve>(RESOLVE, { i: lacking.id, a: 'ACKNOWLEDGE', n: 'second' }),
  ]);
  t.equal(race.filter((r) => r.data?.resolveReconciliationItem).length, 1, 'one of two operators resolved it');
  t.same(
    race.flatMap((r) => r.errors?.map((e) => e.extensions?.code) ?? []),
    ['WRONG_ITEM_STATE'],
    'the other was told it is resolved',
  );
  const lackingEvents = await stack.db
    .selectFrom('audit_events')
    .select('type')
    .where('subject_type', '=', 'reconciliation_item')
    .where('subject_id', '=', lacking.id)
    .execute();
  t.same(
    lackingEvents.map((e) => e.type),
    ['verdict', 'acknowledged'],
    'one acknowledgement in the trail',
  );

  // The audit trail of the acknowledged difference: its verdict, then the operator's answer.
  type Events = { reconciliationItemEvents: { type: string; actorType: string; actorId: string | null; actorEmail: string | null; data: string }[] };
  const events = (await gqlOk<Events>(op.client, EVENTS, { i: refund.id })).reconciliationItemEvents;
  t.match(events, [
    { type: 'verdict', actorType: 'SYSTEM', actorEmail: null },
    { type: 'acknowledged', actorType: 'OPERATOR', actorId: String(op.userId), actorEmail: op.email },
  ]);
  t.same(JSON.parse(events[1]!.data), { verdict: 'unknown_refund', note: 'Refund made at the WeChat merchant portal' });
  t.same(JSON.parse(events[0]!.data), {
    verdict: 'unknown_refund',
    detail: 'the provider refunded money the shop did not ask back',
    date: seeded.date,
    provider: 'wechat',
  });
  const refundEvents = (await gqlOk<Events>(op.client, EVENTS, { i: duplicate.id })).reconciliationItemEvents;
  t.same(
    refundEvents.map((e) => e.type),
    ['verdict', 'refunded'],
  );
  t.match(JSON.parse(refundEvents[1]!.data), { verdict: 'duplicate_payment', refundNo: refunded.refundNo });

  // The day now: three fewer open differences, the resolved ones with who and when.
  const after = await day();
  t.equal(after.providers[0]!.openDifferences, 2, 'two differences still open');
  t.same(
    after.items.filter((i) => i.state === 'OPEN').map((i) => i.id),
    [billedTwice.id, byTrade(first.items, seeded.trades.unknownTrade).id].sort((a, b) => Number(a) - Number(b)),
  );
  t.equal((await gqlOk<Days>(op.client, DAYS, { f: seeded.date, t: seeded.date })).reconciliationDays[0]!.openDifferences, 2);
});

t.test('operators queue a re-run of a provider day; refusals queue nothing', async (t) => {
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '50', ...payments.env }, { workers: false });
  const op = await operator(stack);
  const buyer = await buyerWithoutMail(stack);
  const queue = stack.app.queues['bill-reconciliation'];
  const date = pastBeijingDay(1);
  const jobs = async () => (await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).map((j) => j.id).sort();
  const outboxRows = async () =>
    (await stack.db.selectFrom('outbox').select(['queue', 'payload']).where('queue', '=', 'bill-reconciliation').execute()).map((r) => r.payload);

  const refused = async (vars: Record<string, unknown>, who = op.client, locale = 'en') => {
    who.headers.locale = locale;
    const r = await who.gql(RERUN, vars);
    who.headers.locale = 'en';
    t.same(await outboxRows(), [], 'nothing written to the outbox');
    t.same(await jobs(), [], 'nothing queued');
    return { code: r.errors?.[0]?.extensions?.code, message: r.errors?.[0]?.message, field: r.errors?.[0]?.extensions?.field };
  };
  t.same(await refused({ p: 'BANK_TRANSFER', d: date }), {
    code: 'BAD_USER_INPUT',
    message: 'This payment provider has no bills the shop can reconcile',
    field: 'provider',
  });
  t.same(await refused({ p: 'BANK_TRANSFER', d: date }, op.client, 'zh'), {
    code: 'BAD_USER_INPUT',
    message: '该支付渠道没有可供对账的账单',
    field: 'provider',
  });
  t.same(await refused({ p: 'WECHAT', d: '2026-13-01' }), { code: 'BAD_USER_INPUT', message: 'Please enter a valid date', field: 'date' });
  t.same(await refused({ p: 'WECHAT', d: dayInZone(Date.now(), 'Asia/Shanghai') }), {
    code: 'BAD_USER_INPUT',
    message: "The provider publishes a day's bill only after the day is over: please choose an earlier day",
    field: 'date',
  });
  t.same(await refused({ p: 'ALIPAY', d: '2999-01-01' }, op.client, 'zh'), {
    code: 'BAD_USER_INPUT',
    message: '支付渠道在当日结束后才发布账单，请选择更早的日期',
    field: 'date',
  });
  t.match(await refused({ p: 'WECHAT', d: date }, buyer.client), { code: 'FORBIDDEN' });
  t.match(await refused({ p: 'WECHAT', d: date }, stack.client()), { code: 'UNAUTHENTICATED' });

  type Rerun = { rerunReconciliation: { provider: string; date: string; changed: boolean } };
  t.same((await gqlOk<Rerun>(op.client, RERUN, { p: 'WECHAT', d: date })).rerunReconciliation, { provider: 'WECHAT', date, changed: true });
  const id = jobIdFor('bill-reconciliation', { provider: 'wechat', date });
  t.same(await outboxRows(), [{ provider: 'wechat', date }], 'written through the outbox');
  t.same(await jobs(), [id], 'relayed to the queue under the day’s job id');
  t.same(
    (await gqlOk<Rerun>(op.client, RERUN, { p: 'WECHAT', d: date })).rerunReconciliation,
    { provider: 'WECHAT', date, changed: false },
    'asked again while it waits: nothing more',
  );
  t.same(await jobs(), [id], 'still one job');
  t.same((await gqlOk<Rerun>(op.client, RERUN, { p: 'PAYPAL', d: date })).rerunReconciliation.changed, true, 'another provider is its own run');
  t.same((await jobs()).length, 2);
});
