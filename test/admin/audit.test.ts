import t from 'tap';
import { expireDueOrders } from '@shop/core';
import { buy } from '../helpers/orders.js';
import { startInProcess } from '../helpers/stack.js';
import { MARK_COMPLETED, MARK_SHIPPED, ORDER_EVENTS, RECORD_PAPER, buyerWithoutMail, env, gqlOk, operator, paperInput, waitPaid } from './helpers.js';

interface Event {
  id: string;
  type: string;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  createdAt: string;
  before: string | null;
  after: string | null;
  data: string | null;
}

const parsed = (e: Event) => ({ ...e, before: e.before && JSON.parse(e.before), after: e.after && JSON.parse(e.after), data: e.data && JSON.parse(e.data) });

t.test('every action of an order is in its audit trail with actor, time, before and after', async (t) => {
  const stack = await startInProcess(t, env, { workers: false });
  const b = await buyerWithoutMail(stack);
  const [op1, op2] = [await operator(stack, 'op1'), await operator(stack, 'op2')];

  // Recorded by one operator, completed by another, shipped by the first.
  const orderNo = (await gqlOk<{ recordPaperOrder: { order: { orderNo: string } } }>(op1.client, RECORD_PAPER, { i: paperInput(b.email, { quantity: 2 }) }))
    .recordPaperOrder.order.orderNo;
  await gqlOk(op2.client, MARK_COMPLETED, { o: orderNo, r: 'SWIFT-778' });
  await waitPaid(stack, orderNo);
  await gqlOk(op1.client, MARK_SHIPPED, { o: orderNo });

  const trail = (await gqlOk<{ orderEvents: Event[] }>(op2.client, ORDER_EVENTS, { o: orderNo })).orderEvents.map(parsed);
  t.same(
    trail.map((e) => e.type),
    ['created', 'paid', 'shipped'],
    'every step, oldest first',
  );
  const [created, paid, shipped] = trail;
  const as = (op: { userId: number; email: string }) => ({ actorType: 'OPERATOR', actorId: String(op.userId), actorEmail: op.email });
  t.match(created, {
    ...as(op1),
    before: null,
    after: { status: 'pending_payment', amountCents: 50000, quantity: 2 },
    data: { channel: 'customer_service', buyerId: b.userId },
  });
  t.match(paid, { ...as(op2), before: { status: 'pending_payment' }, after: { status: 'paid' }, data: { source: 'bank_transfer', reference: 'SWIFT-778' } });
  t.match(shipped, { ...as(op1), before: { shippingStatus: 'not_shipped' }, after: { shippingStatus: 'shipped' } });
  const times = trail.map((e) => Date.parse(e.createdAt));
  t.ok(
    times.every((x, i) => Number.isFinite(x) && (i === 0 || x >= times[i - 1]!)),
    'times in order',
  );

  // A buyer's own checkout and the system's expiry are there too, with their actors.
  const own = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  await stack.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('order_no', '=', own.orderNo)
    .execute();
  await expireDueOrders(stack.app.deps);
  const ownTrail = (await gqlOk<{ orderEvents: Event[] }>(op1.client, ORDER_EVENTS, { o: own.orderNo })).orderEvents.map(parsed);
  t.match(ownTrail, [
    { type: 'created', actorType: 'BUYER', actorId: String(b.userId), actorEmail: b.email, after: { status: 'pending_payment' } },
    { type: 'expired', actorType: 'SYSTEM', actorId: null, actorEmail: null, before: { status: 'pending_payment' }, after: { status: 'expired' } },
  ]);

  // A paper order recorded as paid: created and paid by the operator at once.
  const paidNo = (
    await gqlOk<{ recordPaperOrder: { order: { orderNo: string } } }>(op2.client, RECORD_PAPER, {
      i: paperInput(b.email, { bookId: '3', markPaid: true, paymentReference: 'CASH-1' }),
    })
  ).recordPaperOrder.order.orderNo;
  const paidTrail = (await gqlOk<{ orderEvents: Event[] }>(op1.client, ORDER_EVENTS, { o: paidNo })).orderEvents.map(parsed);
  t.match(paidTrail, [
    { type: 'created', ...as(op2) },
    { type: 'paid', ...as(op2), before: { status: 'pending_payment' }, after: { status: 'paid' }, data: { source: 'customer_service' } },
  ]);

  const missing = await op1.client.gql(ORDER_EVENTS, { o: '20260101NOSUCHORDR' });
  t.match(missing.errors?.[0], { message: 'The order does not exist', extensions: { code: 'NOT_FOUND' } });
});
