import t from 'tap';
import { expireDueOrders } from '@shop/core';
import { buy } from '../helpers/orders.js';
import { mailsTo } from '../helpers/mail.js';
import { sandboxPayments } from '../helpers/admin-state.js';
import { startInProcess } from '../helpers/stack.js';
import { ADMIN_ORDER, MARK_COMPLETED, buyer, buyerWithoutMail, env, eventCounts, gqlOk, operator, settledDown } from './helpers.js';

type Change = { markBankTransferCompleted: { changed: boolean; order: Record<string, unknown> } };

t.test('a bank transfer is completed exactly once when 20 completions race from two operators', async (t) => {
  // The workers send the receipts counted below.
  const stack = await startInProcess(t, env);
  const b = await buyer(stack);
  const order = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  const [op1, op2] = [await operator(stack, 'op1'), await operator(stack, 'op2')];

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => (i % 2 ? op1 : op2).client.gql<Change>(MARK_COMPLETED, { o: order.orderNo, r: i % 2 ? 'REF-OP1' : 'REF-OP2' })),
  );
  t.same(
    answers.flatMap((a) => a.errors ?? []),
    [],
    'no click is refused',
  );
  const changed = answers.filter((a) => a.data!.markBankTransferCompleted.changed);
  t.equal(changed.length, 1, 'exactly one click completes the transfer');
  t.ok(
    answers.every((a) => a.data!.markBankTransferCompleted.order.status === 'PAID'),
    'every answer shows the order paid, at once',
  );
  t.ok(
    answers.every((a) => a.data!.markBankTransferCompleted.order.completionRequested === true),
    'every answer shows the completion',
  );
  const winner = changed[0]!.data!.markBankTransferCompleted.order;
  t.equal(winner.canCompleteBankTransfer, false, 'no second completion is offered');

  await settledDown(stack, ['mail']);
  t.same(await eventCounts(stack, order.orderNo), { created: 1, paid: 1 }, 'one paid transition, nothing else');
  const receipts = (await mailsTo(b.email)).filter((m) => m.subject === `Order ${order.orderNo} paid`);
  t.equal(receipts.length, 1, 'one receipt');

  const paid = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['order_events.actor_type', 'order_events.actor_id', 'order_events.data'])
    .where('orders.order_no', '=', order.orderNo)
    .where('order_events.type', '=', 'paid')
    .executeTakeFirstOrThrow();
  const winnerOp = answers.indexOf(changed[0]!) % 2 ? op1 : op2;
  t.same(
    { actor_type: paid.actor_type, actor_id: paid.actor_id },
    { actor_type: 'operator', actor_id: String(winnerOp.userId) },
    'settled in the name of the operator whose click won',
  );
  const reference = (paid.data as { reference: string }).reference;
  t.equal(reference, winnerOp === op1 ? 'REF-OP1' : 'REF-OP2', "with that operator's reference");

  const now = await gqlOk<{ adminOrder: Record<string, unknown> }>(op1.client, `query($o: ID!) { adminOrder(orderNo: $o) { ${ADMIN_ORDER} } }`, {
    o: order.orderNo,
  });
  t.match(now.adminOrder, { status: 'PAID', completionRequested: true, canCompleteBankTransfer: false, providerRef: reference, provider: 'BANK_TRANSFER' });
  const intent = await stack.db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select('payment_intents.status')
    .where('orders.order_no', '=', order.orderNo)
    .executeTakeFirstOrThrow();
  t.equal(intent.status, 'succeeded', 'the bank-transfer attempt succeeded');

  // Later clicks, on either face, change nothing.
  const again = await gqlOk<Change>(op2.client, MARK_COMPLETED, { o: order.orderNo, r: 'REF-LATE' });
  t.match(again.markBankTransferCompleted, { changed: false, order: { status: 'PAID' } });
  t.match(await op1.client.form('/api/orderManagement/updateOrderStatus', { orderId: order.orderNo, orderStatus: '0' }), {
    code: 200,
    data: { changed: false, status: 'paid' },
  });
  await settledDown(stack, ['mail']);
  t.same(await eventCounts(stack, order.orderNo), { created: 1, paid: 1 });
  t.equal((await mailsTo(b.email)).filter((m) => m.subject === `Order ${order.orderNo} paid`).length, 1, 'still one receipt');

  const mine = await b.client.gql<{ order: { status: string; downloadable: boolean } }>('query($o: ID!) { order(orderNo: $o) { status downloadable } }', {
    o: order.orderNo,
  });
  t.same(mine.data?.order, { status: 'PAID', downloadable: true }, 'the buyer can download the e-book');
});

t.test('the legacy updateOrderStatus takes the same path and answers the final state', async (t) => {
  const stack = await startInProcess(t, env, { workers: false });
  const b = await buyerWithoutMail(stack);
  const order = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  const op = await operator(stack);
  t.match(await op.client.form('/api/orderManagement/updateOrderStatus', { orderId: order.orderNo, orderStatus: '0' }), {
    code: 200,
    message: 'operation success',
    data: { changed: true, status: 'paid' },
  });
  t.same(await eventCounts(stack, order.orderNo), { created: 1, paid: 1 });
  const data = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select('order_events.data')
    .where('orders.order_no', '=', order.orderNo)
    .where('order_events.type', '=', 'paid')
    .executeTakeFirstOrThrow();
  t.match(data.data, { source: 'bank_transfer', reference: order.orderNo }, 'old clients send no reference: the order number stands for it');
});

t.test('completions in the wrong state are refused with the reason, in both languages', async (t) => {
  // The payment sandboxes as providers, for a WeChat Pay order; nothing is paid.
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, { ...env, ...payments.env }, { workers: false });
  const b = await buyerWithoutMail(stack);
  const op = await operator(stack);
  const wechat = (await buy(b.client, { paymentMethod: 'WECHAT_NATIVE', bookId: '1' })).data!.checkout.order;
  const expiring = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER', bookId: '2' })).data!.checkout.order;
  await stack.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('order_no', '=', expiring.orderNo)
    .execute();
  t.same(await expireDueOrders(stack.app.deps), [expiring.orderNo], 'the order expired');
  const open = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER', bookId: '3' })).data!.checkout.order;

  const refusal = async (orderNo: string, reference: string, locale = 'en') => {
    op.client.headers.locale = locale;
    const r = await op.client.gql(MARK_COMPLETED, { o: orderNo, r: reference });
    return { code: r.errors?.[0]?.extensions?.code, message: r.errors?.[0]?.message };
  };
  t.same(await refusal(wechat.orderNo, 'R1'), { code: 'WRONG_ORDER_STATE', message: 'This order is not paid by bank transfer' });
  t.same(await refusal(wechat.orderNo, 'R1', 'zh'), { code: 'WRONG_ORDER_STATE', message: '该订单不是银行转账订单' });
  t.same(await refusal(expiring.orderNo, 'R1'), { code: 'WRONG_ORDER_STATE', message: 'Only orders awaiting payment can be completed' });
  t.same(await refusal(expiring.orderNo, 'R1', 'zh'), { code: 'WRONG_ORDER_STATE', message: '只有待支付的订单才能确认收款' });
  t.same(await refusal('20260101NOSUCHORDR', 'R1'), { code: 'NOT_FOUND', message: 'The order does not exist' });
  t.same(await refusal(open.orderNo, '   '), { code: 'BAD_USER_INPUT', message: 'Please enter the bank transfer reference' });
  t.same(await refusal(open.orderNo, 'x'.repeat(65)), { code: 'BAD_USER_INPUT', message: 'Length cannot exceed 64' });
  op.client.headers.locale = 'en';
  t.match(await op.client.form('/api/orderManagement/updateOrderStatus', { orderId: wechat.orderNo, orderStatus: '0' }), {
    code: 409,
    message: 'This order is not paid by bank transfer',
  });

  for (const o of [wechat, expiring, open]) t.notOk((await eventCounts(stack, o.orderNo)).paid, `nothing recorded for ${o.orderNo}`);
  t.equal((await stack.db.selectFrom('orders').select('status').where('order_no', '=', open.orderNo).executeTakeFirstOrThrow()).status, 'pending_payment');
});

t.test("completion needs no worker: the order is paid and its receipt queued in the operator's request", async (t) => {
  const stack = await startInProcess(t, env, { workers: false });
  const b = await buyerWithoutMail(stack);
  const order = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  const op = await operator(stack);
  const r = await gqlOk<Change>(op.client, MARK_COMPLETED, { o: order.orderNo, r: 'REF-1' });
  t.match(r.markBankTransferCompleted, { changed: true, order: { status: 'PAID', providerRef: 'REF-1' } });
  t.same(await eventCounts(stack, order.orderNo), { created: 1, paid: 1 });
  t.not(await stack.app.queues.mail.getJobState(`receipt-${order.orderNo}`), 'unknown', 'the receipt job is queued');
  const again = await gqlOk<Change>(op.client, MARK_COMPLETED, { o: order.orderNo, r: 'REF-2' });
  t.equal(again.markBankTransferCompleted.changed, false, 'a repeat changes nothing');
  t.same(await eventCounts(stack, order.orderNo), { created: 1, paid: 1 });
});
