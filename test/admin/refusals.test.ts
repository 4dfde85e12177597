// Every refusal of an operator's mutation (and of a buyer or a guest calling one) changes nothing:
// the database, every table but the sessions the requests themselves refresh, and the payment
// sandboxes (their trades and refunds) are the same after the refused call as before it. The
// checks run before anything is written, never after.
import t from 'tap';
import { gqlOk, MARK_COMPLETED, MARK_SHIPPED, operator, paperInput, RECORD_PAPER, buyerWithoutMail } from './helpers.js';
import { buy } from '../helpers/orders.js';
import { payWechatInProcess, sandboxPayments } from '../helpers/admin-state.js';
import { startInProcess, type InProcessStack } from '../helpers/stack.js';
import type { RunningSandboxes } from '@shop/sandboxes/combined';
import type { Client } from '../helpers/http.js';
import { sql } from 'kysely';

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '50' };
const REFUND = `mutation($o: ID!, $r: String) { refundOrder(orderNo: $o, reference: $r) { changed } }`;
const REFUND_DUP = `mutation($o: ID!, $a: ID!) { refundDuplicatePayment(orderNo: $o, attemptId: $a) { changed } }`;
const RETRY = `mutation($u: ID!) { retryRegistrationMirror(userId: $u) { changed } }`;
const REFUND_WITH_REASON = `mutation($o: ID!, $r: String) { refundOrder(orderNo: $o, reason: $r) { changed } }`;
const DISABLE = `mutation($u: ID!, $r: String) { disableAccount(userId: $u, reason: $r) { changed } }`;
const ENABLE = `mutation($u: ID!, $r: String) { enableAccount(userId: $u, reason: $r) { changed } }`;
// An operator's reason holds at most 200 characters, wherever it is given.
const LONG_REASON = 'x'.repeat(201);
const HUGE_REASON = 'x'.repeat(200_000);

/** Every table's rows, in id order where there is one. */
async function database(stack: InProcessStack): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' and table_name <> 'sessions' order by table_name`.execute(stack.db);
  const out: Record<string, unknown> = {};
  for (const { table_name } of tables.rows) out[table_name] = (await sql`select * from ${sql.table(table_name)} order by 1`.execute(stack.db)).rows;
  return JSON.stringify(out);
}

/** What the payment sandboxes hold: WeChat's orders and refunds, Alipay's trades, PayPal's orders. */
async function sandboxes(running: RunningSandboxes): Promise<string> {
  const base = running.url;
  const get = async (path: string) => (await fetch(`${base}${path}`)).json();
  return JSON.stringify([
    await get('/wechat/_control/orders'),
    await get('/wechat/_control/refunds'),
    await get('/alipay/_control/trades'),
    await get('/paypal/_control/orders'),
  ]);
}

t.test('each refused operator mutation leaves the database and the provider sandboxes as they were', async (t) => {
  // The gateway answers through inject(); the payment sandboxes are its providers.
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, { ...env, ...payments.env }, { workers: false });
  const op = await operator(stack);
  const b = await buyerWithoutMail(stack, 'refusals');
  // A paid WeChat e-book order, a pending bank-transfer e-book order, a pending paper order.
  const paid = (await buy(b.client, { paymentMethod: 'WECHAT_NATIVE', bookId: '1' })).data!.checkout;
  // Paid at WeChat, settled as the notification settles it.
  await payWechatInProcess(stack, payments.sandboxes, paid.paymentIntent.id);
  const pending = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER', bookId: '2' })).data!.checkout.order;
  const paper = (await gqlOk<{ recordPaperOrder: { order: { orderNo: string } } }>(op.client, RECORD_PAPER, { i: paperInput(b.email) })).recordPaperOrder.order;
  const payingAttempt = (await stack.db.selectFrom('orders').select('paid_intent_id').where('order_no', '=', paid.order.orderNo).executeTakeFirstOrThrow())
    .paid_intent_id!;
  const otherAttempt = (
    await stack.db.selectFrom('payment_intents').select('id').where('out_trade_no', 'like', `${pending.orderNo}%`).executeTakeFirstOrThrow()
  ).id;
  const guest = stack.client();

  const refusals: Array<{ what: string; client: Client; query: string; variables: Record<string, unknown>; code: string }> = [
    {
      what: 'refundDuplicatePayment of the attempt that paid the order',
      client: op.client,
      query: REFUND_DUP,
      variables: { o: paid.order.orderNo, a: payingAttempt },
      code: 'WRONG_ORDER_STATE',
    },
    {
      what: "refundDuplicatePayment of another order's attempt",
      client: op.client,
      query: REFUND_DUP,
      variables: { o: paid.order.orderNo, a: otherAttempt },
      code: 'WRONG_ORDER_STATE',
    },
    {
      what: 'refundDuplicatePayment with a malformed attempt id',
      client: op.client,
      query: REFUND_DUP,
      variables: { o: paid.order.orderNo, a: 'x1' },
      code: 'WRONG_ORDER_STATE',
    },
    { what: 'refundOrder of an unpaid order', client: op.client, query: REFUND, variables: { o: pending.orderNo }, code: 'WRONG_ORDER_STATE' },
    { what: 'refundOrder of an unknown order', client: op.client, query: REFUND, variables: { o: 'NOPE' }, code: 'NOT_FOUND' },
    { what: 'refundOrder by a buyer', client: b.client, query: REFUND, variables: { o: paid.order.orderNo }, code: 'FORBIDDEN' },
    { what: 'refundOrder by a guest', client: guest, query: REFUND, variables: { o: paid.order.orderNo }, code: 'UNAUTHENTICATED' },
    {
      what: 'markBankTransferCompleted of a WeChat order',
      client: op.client,
      query: MARK_COMPLETED,
      variables: { o: paid.order.orderNo, r: 'REF-1' },
      code: 'WRONG_ORDER_STATE',
    },
    {
      what: 'markBankTransferCompleted without a reference',
      client: op.client,
      query: MARK_COMPLETED,
      variables: { o: pending.orderNo, r: ' ' },
      code: 'BAD_USER_INPUT',
    },
    {
      what: 'markBankTransferCompleted of an unknown order',
      client: op.client,
      query: MARK_COMPLETED,
      variables: { o: 'NOPE', r: 'REF-1' },
      code: 'NOT_FOUND',
    },
    { what: 'markBankTransferCompleted by a buyer', client: b.client, query: MARK_COMPLETED, variables: { o: pending.orderNo, r: 'REF-1' }, code: 'FORBIDDEN' },
    { what: 'markOrderShipped of an e-book', client: op.client, query: MARK_SHIPPED, variables: { o: paid.order.orderNo }, code: 'WRONG_ORDER_STATE' },
    { what: 'markOrderShipped of an unpaid paper order', client: op.client, query: MARK_SHIPPED, variables: { o: paper.orderNo }, code: 'WRONG_ORDER_STATE' },
    {
      what: 'recordPaperOrder beside an open paper order',
      client: op.client,
      query: RECORD_PAPER,
      variables: { i: paperInput(b.email) },
      code: 'WRONG_ORDER_STATE',
    },
    { what: 'recordPaperOrder for no account', client: op.client, query: RECORD_PAPER, variables: { i: paperInput('nobody@example.com') }, code: 'NOT_FOUND' },
    {
      what: 'recordPaperOrder of 100 copies',
      client: op.client,
      query: RECORD_PAPER,
      variables: { i: paperInput(b.email, { bookId: '3', quantity: 100 }) },
      code: 'BAD_USER_INPUT',
    },
    {
      what: 'refundOrder with a 201-character reason',
      client: op.client,
      query: REFUND_WITH_REASON,
      variables: { o: paid.order.orderNo, r: LONG_REASON },
      code: 'BAD_USER_INPUT',
    },
    {
      what: 'refundOrder with a 200,000-character reason',
      client: op.client,
      query: REFUND_WITH_REASON,
      variables: { o: paid.order.orderNo, r: HUGE_REASON },
      code: 'BAD_USER_INPUT',
    },
    {
      what: 'disableAccount with a 201-character reason',
      client: op.client,
      query: DISABLE,
      variables: { u: String(b.userId), r: LONG_REASON },
      code: 'BAD_USER_INPUT',
    },
    {
      what: 'disableAccount with a 200,000-character reason',
      client: op.client,
      query: DISABLE,
      variables: { u: String(b.userId), r: HUGE_REASON },
      code: 'BAD_USER_INPUT',
    },
    {
      what: 'retryRegistrationMirror of an account without a mirror',
      client: op.client,
      query: RETRY,
      variables: { u: String(b.userId) },
      code: 'NOT_FOUND',
    },
  ];
  for (const r of refusals) {
    const db = await database(stack);
    const sb = await sandboxes(payments.sandboxes);
    const answer = await r.client.gql(r.query, r.variables);
    t.ok(answer.errors?.length, `${r.what}: refused`);
    t.equal(answer.errors?.[0]?.extensions?.code, r.code, `${r.what}: ${r.code}`);
    t.equal(await database(stack), db, `${r.what}: the database is unchanged`);
    t.equal(await sandboxes(payments.sandboxes), sb, `${r.what}: the sandboxes are unchanged`);
  }

  // A too long reason is refused in the same words by every mutation that takes one, en and zh.
  const reasonRefusals = async (locale: 'en' | 'zh') => {
    op.client.headers.locale = locale;
    const answers = [
      await op.client.gql(REFUND_WITH_REASON, { o: paid.order.orderNo, r: HUGE_REASON }),
      await op.client.gql(DISABLE, { u: String(b.userId), r: HUGE_REASON }),
      await op.client.gql(ENABLE, { u: String(b.userId), r: HUGE_REASON }),
    ];
    delete op.client.headers.locale;
    return answers.map((a) => ({ message: a.errors?.[0]?.message, extensions: a.errors?.[0]?.extensions }));
  };
  const en = { message: 'Invalid request', extensions: { code: 'BAD_USER_INPUT', legacyCode: 400, field: 'reason' } };
  t.same(await reasonRefusals('en'), [en, en, en], 'refundOrder, disableAccount and enableAccount alike (en)');
  const zh = { ...en, message: '请求无效' };
  t.same(await reasonRefusals('zh'), [zh, zh, zh], 'alike (zh)');
  // 200 characters are kept whole in the audit.
  const reason = 'r'.repeat(200);
  t.equal((await gqlOk<{ disableAccount: { changed: boolean } }>(op.client, DISABLE, { u: String(b.userId), r: reason })).disableAccount.changed, true);
  const audit = await stack.db
    .selectFrom('audit_events')
    .select('data')
    .where('subject_type', '=', 'account')
    .where('subject_id', '=', String(b.userId))
    .where('type', '=', 'account_disabled')
    .executeTakeFirstOrThrow();
  t.match(audit.data, { reason }, 'a 200-character reason is kept whole');
});
