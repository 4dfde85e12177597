// The core tier of an order's life: checkout, settlement, a second payment, expiry and a bank
// transfer, on core's commands alone (no gateway, no workers), with a provider held in memory.
import t from 'tap';
import { BankTransferProvider } from '@shop/payments';
import { LedgerRefusal, completeBankTransfer, expireDueOrders, settleAttempt, type CoreDeps } from '@shop/core';
import { checkoutFor, coreDeps, newBuyer } from '../helpers/core-deps.js';
import { MemoryProvider } from '../helpers/memory-provider.js';

async function orderRow(deps: CoreDeps, orderNo: string) {
  return deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}

/** A jsonb column's value, whether the driver parsed it or not. */
const json = (v: unknown): Record<string, unknown> => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

async function eventsOf(deps: CoreDeps, orderId: string, type: string) {
  const rows = await deps.db
    .selectFrom('order_events')
    .select(['before', 'after', 'data'])
    .where('order_id', '=', orderId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ before: json(r.before), after: json(r.after), data: json(r.data) }));
}

/** The outbox rows of a job for one order (mail of a kind, e-book copy). */
async function queued(deps: CoreDeps, jobName: string, orderNo: string, kind?: string) {
  const rows = await deps.db.selectFrom('outbox').select('payload').where('job_name', '=', jobName).execute();
  return rows
    .map((r) => json(r.payload) as { orderNo?: string; kind?: string })
    .filter((p) => p.orderNo === orderNo && (kind === undefined || p.kind === kind));
}

t.test('a checkout opens an order and its attempt; the same buyer and book again reuse the order and close the first attempt', async (t) => {
  const wechat = new MemoryProvider('wechat');
  const alipay = new MemoryProvider('alipay');
  const deps = await coreDeps(t, { wechat, alipay });
  const first = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  t.equal(first.order.status, 'pending_payment');
  t.equal(first.intent.status, 'pending', 'the provider answered: the attempt is payable');
  t.equal(first.order.amount_cents, 7500);
  t.ok(wechat.trades.has(first.intent.out_trade_no), 'the trade was opened at the provider');

  const second = await checkoutFor(deps, { provider: 'alipay', method: 'page', buyer: first.buyer });
  t.equal(second.order.order_no, first.order.order_no, 'the open order of the same book is reused');
  t.not(second.intent.id, first.intent.id, 'with a new attempt at the other provider');
  t.ok(wechat.closes.includes(first.intent.out_trade_no), 'the first trade was closed at its provider');
  const attempts = await deps.db.selectFrom('payment_intents').select(['id', 'status']).where('order_id', '=', first.order.id).orderBy('id').execute();
  t.same(
    attempts.map((a) => a.status),
    ['closed', 'pending'],
    'one payable attempt per order',
  );
});

t.test('a paid attempt settles its order once: one paid event, one receipt, one e-book copy', async (t) => {
  const wechat = new MemoryProvider('wechat');
  const deps = await coreDeps(t, { wechat });
  const { order, intent } = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  wechat.pay(intent.out_trade_no);

  const settled = await settleAttempt(deps, { intentId: intent.id, source: 'notification', providerRef: 'MEM-REF-1' });
  t.same(settled, { transitioned: true, orderNo: order.order_no });
  const again = await Promise.all([
    settleAttempt(deps, { intentId: intent.id, source: 'poll' }),
    settleAttempt(deps, { intentId: intent.id, source: 'return' }),
  ]);
  t.same(
    again.map((o) => o.transitioned),
    [false, false],
    'the poll and the return page after the notification change nothing',
  );

  const row = await orderRow(deps, order.order_no);
  t.equal(row.status, 'paid');
  t.equal(String(row.paid_intent_id), String(intent.id), 'the order records the attempt that paid it');
  const paid = await eventsOf(deps, order.id, 'paid');
  t.equal(paid.length, 1, 'one paid event');
  t.match(paid[0]!.before, { status: 'pending_payment' });
  t.equal((await queued(deps, 'mail', order.order_no, 'receipt')).length, 1, 'one receipt mail');
  t.equal((await queued(deps, 'ebook-copy', order.order_no)).length, 1, 'one e-book copy');
  const attempt = await deps.db.selectFrom('payment_intents').select(['status', 'provider_ref']).where('id', '=', intent.id).executeTakeFirstOrThrow();
  t.same(attempt, { status: 'succeeded', provider_ref: 'MEM-REF-1' });
});

t.test('a second attempt paid after the order was paid is refunded once, and never settles the order twice', async (t) => {
  const wechat = new MemoryProvider('wechat');
  const alipay = new MemoryProvider('alipay');
  const deps = await coreDeps(t, { wechat, alipay });
  const { order, intent, buyer } = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  // The first trade cannot be closed yet: the buyer can still pay it after choosing Alipay.
  wechat.keepOpen(intent.out_trade_no, new Date(Date.now() + 300_000));
  const next = await checkoutFor(deps, { provider: 'alipay', method: 'page', buyer });
  t.equal(next.order.order_no, order.order_no);
  alipay.pay(next.intent.out_trade_no);
  t.equal((await settleAttempt(deps, { intentId: next.intent.id, source: 'notification' })).transitioned, true);

  wechat.pay(intent.out_trade_no);
  const late = await settleAttempt(deps, { intentId: intent.id, source: 'poll' });
  t.equal(late.transitioned, false, 'the order stays paid once');
  t.ok(late.duplicateRefundNo, 'the late payment is refunded');
  const repeated = await settleAttempt(deps, { intentId: intent.id, source: 'notification' });
  t.notOk(repeated.duplicateRefundNo, 'the same payment heard again opens no second refund');

  t.same([...wechat.refunds.keys()], [late.duplicateRefundNo], 'the provider was asked for one refund');
  t.equal(wechat.refunds.get(late.duplicateRefundNo!)!.outTradeNo, intent.out_trade_no, 'of the late trade');
  const refunds = await deps.db.selectFrom('refunds').select(['kind', 'status']).where('order_id', '=', order.id).execute();
  t.same(refunds, [{ kind: 'duplicate_payment', status: 'succeeded' }]);
  t.equal((await eventsOf(deps, order.id, 'paid')).length, 1, 'one paid event');
  t.equal((await eventsOf(deps, order.id, 'duplicate_payment')).length, 1, 'one duplicate recorded');
  t.equal((await queued(deps, 'mail', order.order_no, 'receipt')).length, 1, 'one receipt mail');
});

t.test('orders past their time expire; a payment that arrives later still settles, and its trail says from expired', async (t) => {
  const wechat = new MemoryProvider('wechat');
  const deps = await coreDeps(t, { wechat });
  const due = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  const paid = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  const fresh = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  wechat.pay(paid.intent.out_trade_no);
  await settleAttempt(deps, { intentId: paid.intent.id, source: 'notification' });
  const past = new Date(Date.now() - 1_000);
  await deps.db.updateTable('orders').set({ expires_at: past }).where('order_no', 'in', [due.order.order_no, paid.order.order_no]).execute();

  const expired = await expireDueOrders(deps);
  t.same(expired, [due.order.order_no], 'only the unpaid order past its time');
  t.same(await expireDueOrders(deps), [], 'a second sweep finds nothing');
  t.equal((await orderRow(deps, due.order.order_no)).status, 'expired');
  t.equal((await orderRow(deps, paid.order.order_no)).status, 'paid');
  t.equal((await orderRow(deps, fresh.order.order_no)).status, 'pending_payment');

  // The buyer paid in the last second: the provider's word wins over the clock.
  wechat.pay(due.intent.out_trade_no);
  const late = await settleAttempt(deps, { intentId: due.intent.id, source: 'poll' });
  t.equal(late.transitioned, true, 'the expired order is paid');
  const events = await eventsOf(deps, due.order.id, 'paid');
  t.match(events[0]!.before, { status: 'expired' }, 'the paid event gives the true status before');
});

t.test('a bank transfer completes its order once, and only a bank-transfer order', async (t) => {
  const wechat = new MemoryProvider('wechat');
  const deps = await coreDeps(t, { wechat, bank_transfer: new BankTransferProvider() });
  const bank = await checkoutFor(deps, { provider: 'bank_transfer', method: 'offline' });
  t.equal(bank.intent.status, 'pending', 'the transfer waits for the money');
  t.equal((await queued(deps, 'mail', bank.order.order_no, 'bank-transfer-details')).length, 1, 'the bank details are mailed');
  const operator = await newBuyer(deps, 'operator');
  const actor = { type: 'operator' as const, id: String(operator.id) };

  t.same(await completeBankTransfer(deps, { orderNo: bank.order.order_no, reference: 'BANK-REF-1', actor }), { changed: true });
  t.same(
    await completeBankTransfer(deps, { orderNo: bank.order.order_no, reference: 'BANK-REF-2', actor }),
    { changed: false },
    'a second completion changes nothing',
  );
  const row = await orderRow(deps, bank.order.order_no);
  t.equal(row.status, 'paid');
  const paid = await eventsOf(deps, bank.order.id, 'paid');
  t.equal(paid.length, 1);
  t.match(paid[0]!.data, { source: 'bank_transfer', reference: 'BANK-REF-1' });

  const online = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  await t.rejects(
    completeBankTransfer(deps, { orderNo: online.order.order_no, reference: 'R', actor }),
    LedgerRefusal,
    'an online order is not completed by a transfer',
  );
  await t.rejects(completeBankTransfer(deps, { orderNo: 'NO-SUCH-ORDER', reference: 'R', actor }), LedgerRefusal);
  t.equal((await orderRow(deps, online.order.order_no)).status, 'pending_payment');
});

t.test('a provider that refuses the attempt fails it; the order stays open and the next checkout reuses it', async (t) => {
  const wechat = new MemoryProvider('wechat');
  const deps = await coreDeps(t, { wechat });
  const buyer = await newBuyer(deps);
  wechat.refuseNext = true;
  await t.rejects(checkoutFor(deps, { provider: 'wechat', method: 'native', buyer }), new LedgerRefusal('provider_failed'));
  const orders = await deps.db.selectFrom('orders').select(['id', 'order_no', 'status']).where('user_id', '=', buyer.id).execute();
  t.same(
    orders.map((o) => o.status),
    ['pending_payment'],
  );
  const failed = await deps.db.selectFrom('payment_intents').select('status').where('order_id', '=', orders[0]!.id).execute();
  t.same(failed, [{ status: 'failed' }], 'the refused attempt is failed, not left payable');

  const retry = await checkoutFor(deps, { provider: 'wechat', method: 'native', buyer });
  t.equal(retry.order.order_no, orders[0]!.order_no, 'the retry reuses the order');
  t.equal(retry.intent.status, 'pending');
});
