// Bank transfers reconciled against the bank's statement, as an operator uploads it (camt.053 and
// an online-banking CSV export): the credits that name an order and carry its amount complete
// exactly those orders, in one step and audited; partly matched credits (the order named, the
// money different) and credits naming no order are listed and complete nothing; the same file
// again changes nothing.
import t from 'tap';
import { reconcileBankStatement, type CoreDeps } from '@shop/core';
import { BankTransferProvider } from '@shop/payments';
import { parseBankCsv, parseCamt053 } from '@shop/payments/bank-statement/index';
import { bankFixture as fixture, bankStatementOrders as orders, fixtureOrderStatus } from '../helpers/bank-statement.js';
import { coreDeps, newBuyer } from '../helpers/core-deps.js';

const statusOf = (deps: CoreDeps) => fixtureOrderStatus(deps);

t.test('camt.053: the matched credits complete exactly their orders, once', async (t) => {
  const deps = await coreDeps(t, { bank_transfer: new BankTransferProvider() });
  await orders(deps);
  const operator = await newBuyer(deps, 'operator');
  const raw = fixture('camt053-credits.xml');
  const credits = parseCamt053(raw.toString('utf8'));
  const r = await reconcileBankStatement(deps, { credits, raw, mediaType: 'application/xml', operatorId: operator.id });
  t.same(
    r.completed.sort(),
    ['20261120MX4R8TNB6C', '20261121QW3E5R7T9Y', '20261122K7M2Q9XD4B'],
    'the credits with the order number and its amount complete it',
  );
  t.same(r.partial.map((p) => p.orderNo).sort(), ['20261123H3V8N5PW0R', '20261124Z9T4M7KC2E'], 'a different amount is listed, not completed');
  t.ok(
    r.unmatched.some((u) => u.amount === '19.99'),
    'a credit naming no order is listed',
  );
  // Each credit listed says why as a code with its values, beside the English sentence.
  const items = await deps.db
    .selectFrom('reconciliation_items')
    .select(['verdict', 'out_trade_no', 'detail', 'detail_code', 'detail_values'])
    .where('provider', '=', 'bank_transfer')
    .where('verdict', '<>', 'matched')
    .orderBy('id')
    .execute();
  t.match(
    items.find((i) => i.out_trade_no === '20261123H3V8N5PW0R'),
    {
      verdict: 'amount_mismatch',
      detail: 'credited 50.00 EUR, the order is 75.00 EUR',
      detail_code: 'credit_amount_differs',
      detail_values: { credited: { amountMinor: 5000, currency: 'EUR' }, order: { amountMinor: 7500, currency: 'EUR' } },
    },
  );
  t.match(
    items.find((i) => i.verdict === 'unmatched_credit'),
    {
      out_trade_no: '',
      detail: 'the reference names no bank-transfer order of the shop',
      detail_code: 'unmatched_credit',
      detail_values: {},
    },
  );
  t.same(
    r.partial.find((p) => p.orderNo === '20261123H3V8N5PW0R')?.detail,
    'credited 50.00 EUR, the order is 75.00 EUR',
    'the upload answers with the English sentence as before',
  );
  t.same(await statusOf(deps), {
    '20261120MX4R8TNB6C': 'paid',
    '20261121QW3E5R7T9Y': 'paid',
    '20261122K7M2Q9XD4B': 'paid',
    '20261123H3V8N5PW0R': 'pending_payment',
    '20261124Z9T4M7KC2E': 'pending_payment',
  });
  const paidEvents = await deps.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['orders.order_no', 'order_events.actor_type', 'order_events.actor_id', 'order_events.data'])
    .where('order_events.type', '=', 'paid')
    .orderBy('orders.order_no')
    .execute();
  t.match(paidEvents, [
    { order_no: '20261120MX4R8TNB6C', actor_type: 'operator', actor_id: String(operator.id), data: { source: 'bank_transfer' } },
    { order_no: '20261121QW3E5R7T9Y', actor_type: 'operator' },
    { order_no: '20261122K7M2Q9XD4B', actor_type: 'operator', data: { reference: '2026112500001' } },
  ]);
  const audit = await deps.db.selectFrom('audit_events').select(['type', 'actor_type']).where('subject_type', '=', 'reconciliation_item').execute();
  t.equal(audit.filter((a) => a.type === 'settled').length, 3, 'each completion audited');
  t.equal(audit.length, r.completed.length + r.partial.length + r.unmatched.length, 'and each listed credit');

  const again = await reconcileBankStatement(deps, { credits, raw, mediaType: 'application/xml', operatorId: operator.id });
  t.same(again, { completed: [], partial: [], unmatched: [], known: credits.length }, 'the same statement again: nothing new');
  t.equal((await deps.db.selectFrom('provider_bills').select('id').where('provider', '=', 'bank_transfer').execute()).length, 1, 'kept once');
});

t.test('an online-banking CSV export: the same rule', async (t) => {
  const deps = await coreDeps(t, { bank_transfer: new BankTransferProvider() });
  await orders(deps);
  const operator = await newBuyer(deps, 'operator');
  const raw = fixture('statement-sparkasse.csv');
  const credits = parseBankCsv(raw.toString('utf8'));
  const r = await reconcileBankStatement(deps, { credits, raw, mediaType: 'text/csv', operatorId: operator.id });
  t.same(r.completed, ['20261122K7M2Q9XD4B'], 'only the credit with the order number and its amount completes');
  t.same(r.partial.map((p) => p.orderNo).sort(), ['20261123H3V8N5PW0R', '20261124Z9T4M7KC2E', '20261124Z9T4M7KC2E'], 'partly matched');
  t.same(
    r.unmatched.map((u) => u.amount),
    ['19.99'],
    'unknown',
  );
  t.same(await statusOf(deps), {
    '20261120MX4R8TNB6C': 'pending_payment',
    '20261121QW3E5R7T9Y': 'pending_payment',
    '20261122K7M2Q9XD4B': 'paid',
    '20261123H3V8N5PW0R': 'pending_payment',
    '20261124Z9T4M7KC2E': 'pending_payment',
  });
});
