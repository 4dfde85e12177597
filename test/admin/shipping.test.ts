import t from 'tap';
import { buy } from '../helpers/orders.js';
import { startInProcess } from '../helpers/stack.js';
import { MARK_COMPLETED, MARK_SHIPPED, RECORD_PAPER, buyerWithoutMail, env, eventCounts, gqlOk, operator, paperInput, waitPaid } from './helpers.js';

type Shipped = { markOrderShipped: { changed: boolean; order: Record<string, unknown> } };

t.test('only a paid paper order is shipped, once, even when two operators click at once', async (t) => {
  const stack = await startInProcess(t, env, { workers: false });
  const b = await buyerWithoutMail(stack);
  const [op1, op2] = [await operator(stack, 'op1'), await operator(stack, 'op2')];
  const refusal = async (orderNo: string, locale = 'en') => {
    op1.client.headers.locale = locale;
    const r = await op1.client.gql(MARK_SHIPPED, { o: orderNo });
    op1.client.headers.locale = 'en';
    return { code: r.errors?.[0]?.extensions?.code, message: r.errors?.[0]?.message };
  };

  // An unpaid paper order is not shipped.
  const paper = (
    await gqlOk<{ recordPaperOrder: { order: { orderNo: string; canMarkShipped: boolean } } }>(op1.client, RECORD_PAPER, { i: paperInput(b.email) })
  ).recordPaperOrder.order;
  t.equal(paper.canMarkShipped, false);
  t.same(await refusal(paper.orderNo), { code: 'WRONG_ORDER_STATE', message: 'The order has not been paid yet and cannot be shipped' });
  t.same(await refusal(paper.orderNo, 'zh'), { code: 'WRONG_ORDER_STATE', message: '订单尚未支付，不能发货' });
  t.match(
    await op1.client.form('/api/orderManagement/updateOrderStatus', { orderId: paper.orderNo, shippingStatus: '1' }),
    { code: 409, message: 'The order has not been paid yet and cannot be shipped' },
    'legacy face too',
  );

  // A paid e-book is not shipped.
  const ebook = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  await gqlOk(op2.client, MARK_COMPLETED, { o: ebook.orderNo, r: 'REF-E' });
  await waitPaid(stack, ebook.orderNo);
  t.same(await refusal(ebook.orderNo), { code: 'WRONG_ORDER_STATE', message: 'Only paper book orders can be shipped' });
  t.same(await refusal(ebook.orderNo, 'zh'), { code: 'WRONG_ORDER_STATE', message: '只有纸质书订单才能发货' });
  t.same(await refusal('20260101NOSUCHORDR'), { code: 'NOT_FOUND', message: 'The order does not exist' });

  // Once paid, the paper order ships: 10 clicks from two operators move it once.
  await gqlOk(op2.client, MARK_COMPLETED, { o: paper.orderNo, r: 'REF-P' });
  await waitPaid(stack, paper.orderNo);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? op1 : op2).client.gql<Shipped>(MARK_SHIPPED, { o: paper.orderNo })));
  t.same(
    answers.flatMap((a) => a.errors ?? []),
    [],
    'no click is refused',
  );
  t.equal(answers.filter((a) => a.data!.markOrderShipped.changed).length, 1, 'one click ships it');
  t.ok(
    answers.every((a) => a.data!.markOrderShipped.order.shippingStatus === 'SHIPPED' && a.data!.markOrderShipped.order.canMarkShipped === false),
    'every answer shows it shipped',
  );
  t.equal((await eventCounts(stack, paper.orderNo)).shipped, 1, 'one shipped event');

  const again = await gqlOk<Shipped>(op1.client, MARK_SHIPPED, { o: paper.orderNo });
  t.match(again.markOrderShipped, { changed: false, order: { status: 'PAID', shippingStatus: 'SHIPPED' } });
  t.ok(again.markOrderShipped.order.shippedAt, 'the shipping time is shown');
  t.match(await op2.client.form('/api/orderManagement/updateOrderStatus', { orderId: paper.orderNo, shippingStatus: '1' }), {
    code: 200,
    data: { changed: false, status: 'paid', shippingStatus: 'shipped' },
  });
  t.equal((await eventCounts(stack, paper.orderNo)).shipped, 1, 'still one shipped event');
});

t.test('the legacy shipped flag ships a paid paper order', async (t) => {
  const stack = await startInProcess(t, env, { workers: false });
  const b = await buyerWithoutMail(stack);
  const op = await operator(stack);
  const paper = (await gqlOk<{ recordPaperOrder: { order: { orderNo: string } } }>(op.client, RECORD_PAPER, { i: paperInput(b.email, { markPaid: true }) }))
    .recordPaperOrder.order;
  t.match(await op.client.form('/api/orderManagement/updateOrderStatus', { orderId: paper.orderNo, shippingStatus: '1' }), {
    code: 200,
    message: 'operation success',
    data: { changed: true, status: 'paid', shippingStatus: 'shipped' },
  });
  t.same(await eventCounts(stack, paper.orderNo), { created: 1, paid: 1, shipped: 1 });
});
