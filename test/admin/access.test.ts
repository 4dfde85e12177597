import { readFileSync } from 'node:fs';
import { parse, type ObjectTypeExtensionNode } from 'graphql';
import t from 'tap';
import { buy } from '../helpers/orders.js';
import { startInProcess } from '../helpers/stack.js';
import { buyerWithoutMail, env, gqlOk, operator, paperInput } from './helpers.js';
import { rowCount } from '../helpers/db.js';

// One operation per root field of schema/sdl/admin.graphql; the test fails when a field is added
// without being listed here, so no admin field escapes the role check.
const operations: Record<string, { query: string; variables?: Record<string, unknown> }> = {
  adminOrders: { query: '{ adminOrders { total items { orderNo } } }' },
  adminOrder: { query: 'query($o: ID!) { adminOrder(orderNo: $o) { orderNo } }', variables: { o: 'X' } },
  orderEvents: { query: 'query($o: ID!) { orderEvents(orderNo: $o) { id } }', variables: { o: 'X' } },
  registrationMirrors: { query: '{ registrationMirrors { total items { userId } } }' },
  registrationMirrorEvents: { query: 'query($u: ID!) { registrationMirrorEvents(userId: $u) { id } }', variables: { u: '1' } },
  markOrderShipped: { query: 'mutation($o: ID!) { markOrderShipped(orderNo: $o) { changed } }', variables: { o: 'X' } },
  recordInvoiceShipment: {
    query: 'mutation($o: ID!) { recordInvoiceShipment(orderNo: $o, courier: "SF Express", trackingNo: "SF1") { changed } }',
    variables: { o: 'X' },
  },
  markBankTransferCompleted: { query: 'mutation($o: ID!) { markBankTransferCompleted(orderNo: $o, reference: "R") { changed } }', variables: { o: 'X' } },
  refundOrder: { query: 'mutation($o: ID!) { refundOrder(orderNo: $o, reason: "R") { changed } }', variables: { o: 'X' } },
  refundDuplicatePayment: {
    query: 'mutation($o: ID!, $a: ID!) { refundDuplicatePayment(orderNo: $o, attemptId: $a) { changed } }',
    variables: { o: 'X', a: '1' },
  },
  retryRegistrationMirror: { query: 'mutation($u: ID!) { retryRegistrationMirror(userId: $u) { changed } }', variables: { u: '1' } },
  recordPaperOrder: {
    query: 'mutation($i: RecordPaperOrderInput!) { recordPaperOrder(input: $i) { changed } }',
    variables: { i: paperInput('someone@example.com', { markPaid: true }) },
  },
};

function adminRootFields(): string[] {
  const doc = parse(readFileSync(new URL('../../schema/sdl/admin.graphql', import.meta.url), 'utf8'));
  return doc.definitions
    .filter((d): d is ObjectTypeExtensionNode => d.kind === 'ObjectTypeExtension' && (d.name.value === 'Query' || d.name.value === 'Mutation'))
    .flatMap((d) => (d.fields ?? []).map((f) => f.name.value))
    .sort();
}

t.test('every admin field is refused to guests and buyers, and nothing changes', async (t) => {
  const stack = await startInProcess(t, env, { workers: false });
  t.same(Object.keys(operations).sort(), adminRootFields(), 'the test covers every root field of admin.graphql');

  const b = await buyerWithoutMail(stack);
  const order = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  const attempt = await stack.db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select('payment_intents.id')
    .where('orders.order_no', '=', order.orderNo)
    .executeTakeFirstOrThrow();
  const real = { o: order.orderNo, u: String(b.userId), a: String(attempt.id), i: paperInput(b.email, { markPaid: true }) };
  const guest = stack.client();
  const zhBuyer = b.client;

  for (const [field, op] of Object.entries(operations)) {
    // Real ids, so a refusal cannot hide behind "not found".
    const variables = Object.fromEntries(Object.keys(op.variables ?? {}).map((k) => [k, real[k as keyof typeof real]]));
    const asGuest = await guest.gql(op.query, variables);
    t.equal(asGuest.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', `${field}: guest`);
    t.equal(asGuest.errors?.[0]?.message, 'Please log in first', `${field}: guest message`);
    const asBuyer = await b.client.gql(op.query, variables);
    t.equal(asBuyer.errors?.[0]?.extensions?.code, 'FORBIDDEN', `${field}: buyer`);
    t.equal(asBuyer.errors?.[0]?.message, 'No Permission', `${field}: buyer message`);
  }
  zhBuyer.headers.locale = 'zh';
  t.equal((await zhBuyer.gql(operations.adminOrders!.query)).errors?.[0]?.message, '没有权限', 'in Chinese for a zh client');

  t.equal(
    (await stack.db.selectFrom('orders').select('status').where('order_no', '=', order.orderNo).executeTakeFirstOrThrow()).status,
    'pending_payment',
    'the order did not move',
  );
  t.equal(await rowCount(stack.db, 'orders'), 1, 'no paper order was recorded');
  const events = await stack.db.selectFrom('order_events').select('type').execute();
  t.same(
    events.map((e) => e.type),
    ['created'],
    'no admin event was written',
  );
  t.equal(await rowCount(stack.db, 'refunds'), 0, 'no refund was asked for');

  // The legacy face refuses buyers too; an operator gets through to both.
  t.match(await b.client.form('/api/orderManagement/updateOrderStatus', { orderId: order.orderNo, orderStatus: '0' }), { code: 403 });
  const op = await operator(stack);
  t.equal((await gqlOk<{ adminOrders: { total: number } }>(op.client, operations.adminOrders!.query)).adminOrders.total, 1, 'an operator sees the order');
});
