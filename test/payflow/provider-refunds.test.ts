// Refunds at the providers, exactly once: for each provider (overseas setups, as the dev stack runs
// them) an operator double-clicks "refund" five times while the provider's refund notifications
// (five copies at WeChat) race the workers' refund poller; one refund, one `refunded` event, the
// e-book refused. A duplicate payment is refunded automatically, on its own, and told to the buyer.
import t from 'tap';
import { buyerWithoutMail, operator, gqlOk } from '../admin/helpers.js';
import { registerLegacy } from '../helpers/accounts.js';
import { buy } from '../helpers/orders.js';
import { drivers, legacySecondWechatAttempt, waitPaid } from '../helpers/payflow.js';
import { startStack, uniqueEmail, type TestStack } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';
import { quiesce } from '../helpers/quiesce.js';

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '50' };
const REFUND = `mutation($o: ID!) { refundOrder(orderNo: $o) { changed refund { refundNo kind status amount currency } } }`;
const REFUND_DUP = `mutation($o: ID!, $a: ID!) { refundDuplicatePayment(orderNo: $o, attemptId: $a) { changed refund { refundNo kind status } } }`;
const ATTEMPTS = `query($o: ID!) { adminOrder(orderNo: $o) { status refundedAt canRefund attempts { id outTradeNo provider status role canRefund payerAmount payerCurrency refunds { refundNo status lastError } } } }`;

async function refundEvents(stack: TestStack, orderNo: string) {
  return stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select('order_events.type')
    .where('orders.order_no', '=', orderNo)
    .where('order_events.type', 'in', ['refund_requested', 'refunded', 'refund_failed'])
    .orderBy('order_events.id')
    .execute();
}

t.test('one refund per paid order at every provider, however the requests and results race', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const op = await operator(stack);
  // Every WeChat refund callback comes five times.
  await fetch(`${stack.sandboxes!.url}/wechat/_control/refund-faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ duplicate: 5 }),
  });
  for (const d of drivers) {
    const c = stack.client();
    await registerLegacy(c, uniqueEmail(d.provider));
    const co = (await buy(c, { paymentMethod: d.method })).data!.checkout;
    await d.pay(stack, co);
    await waitPaid(stack, co.order.orderNo);
    const orderNo = co.order.orderNo;

    const clicks = await Promise.all(
      Array.from({ length: 5 }, () =>
        gqlOk<{ refundOrder: { changed: boolean; refund: { refundNo: string; kind: string; amount: string; currency: string } } }>(op.client, REFUND, {
          o: orderNo,
        }),
      ),
    );
    t.equal(clicks.filter((x) => x.refundOrder.changed).length, 1, `${d.provider}: five clicks, one refund asked`);
    t.match(clicks[0]!.refundOrder.refund, { kind: 'ORDER', amount: '75.00', currency: 'EUR', refundNo: /^RF/ });
    await eventually(
      `${d.provider}: refunded`,
      async () => (await stack.db.selectFrom('orders').select('refunded_at').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).refunded_at,
      30_000,
    );
    // Late callbacks and polls handled before counting.
    await quiesce(stack.app);
    t.same(
      (await refundEvents(stack, orderNo)).map((e) => e.type),
      ['refund_requested', 'refunded'],
      `${d.provider}: one refund in the ledger`,
    );
    const rows = await stack.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.status', 'refunds.provider'])
      .where('orders.order_no', '=', orderNo)
      .execute();
    t.same(rows, [{ status: 'succeeded', provider: d.provider }], `${d.provider}: one refund row`);
    const admin = await gqlOk<{
      adminOrder: { refundedAt: string; canRefund: boolean; attempts: Array<{ role: string; refunds: Array<{ status: string; lastError: string | null }> }> };
    }>(op.client, ATTEMPTS, { o: orderNo });
    // WeChat answers PROCESSING first: that word is gone once the refund succeeded.
    t.equal(admin.adminOrder.attempts[0]?.refunds[0]?.lastError, null, `${d.provider}: a refund that succeeded shows no lastError`);
    t.match(
      admin.adminOrder,
      { refundedAt: String, canRefund: false, attempts: [{ role: 'ORDER', refunds: [{ status: 'SUCCEEDED' }] }] },
      `${d.provider}: the order and its attempt show the refund`,
    );
    t.not((await c.request('GET', `/api/orders/${orderNo}/download`)).status, 200, `${d.provider}: the e-book is refused`);
  }
  const wechatRefunds = (await (await fetch(`${stack.sandboxes!.url}/wechat/_control/refunds`)).json()) as { setup: string; refunds: unknown[] };
  t.match(wechatRefunds, { setup: 'overseas' });
  t.equal(wechatRefunds.refunds.length, 1, 'WeChat Pay Global holds exactly one refund');
  const wechatRefundEvents = await stack.db
    .selectFrom('provider_events')
    .select('outcome')
    .where('provider', '=', 'wechat')
    .where('event_type', '=', 'REFUND.SUCCESS')
    .execute();
  t.ok(wechatRefundEvents.length >= 1, 'the refund callbacks were recorded');
  t.ok(
    wechatRefundEvents.every((e) => e.outcome.startsWith('refund_')),
    'and applied through the refund ledger',
  );
});

t.test('a duplicate payment is refunded automatically and alone; the paying attempt is not refunded as one', async (t) => {
  // A buyer can no longer hold two payable attempts of one order (core closes the older one before
  // issuing a new one), but an order from before that rule can: made here the way it was then, a
  // second (WeChat) order at WeChat and its row in the ledger.
  const stack = await startStack(t, env, { payments: true, workers: false });
  const op = await operator(stack);
  // Without workers no code mail goes out: the buyer is made directly.
  const { client: c } = await buyerWithoutMail(stack, 'dup');
  const second = (await buy(c, { paymentMethod: 'ALIPAY' })).data!.checkout;
  const orderNo = second.order.orderNo;
  const legacyNo = await legacySecondWechatAttempt(stack, orderNo);
  // The buyer pays the older WeChat order; its notification is late (held back by the sandbox).
  const paid = await fetch(`${stack.sandboxes!.url}/wechat/_control/orders/${legacyNo}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults: { reordered: true } }),
  });
  t.equal(paid.status, 200, 'the older WeChat attempt is paid at WeChat');
  // Paying through Alipay settles the order; closing the WeChat attempt then finds it paid.
  await drivers.find((d) => d.provider === 'alipay')!.pay(stack, second);
  await waitPaid(stack, orderNo);
  await fetch(`${stack.sandboxes!.url}/wechat/_control/deliveries/release-held`, { method: 'POST' });
  // The late payment is a duplicate: refunded automatically, once, without an operator.
  const admin = await eventually(
    'the duplicate payment refunded',
    async () => {
      const a = await gqlOk<{
        adminOrder: {
          attempts: Array<{
            id: string;
            provider: string;
            role: string | null;
            canRefund: boolean;
            payerAmount: string | null;
            payerCurrency: string | null;
            refunds: Array<{ refundNo: string; status: string }>;
          }>;
        };
      }>(op.client, ATTEMPTS, { o: orderNo });
      const d = a.adminOrder.attempts.find((x) => x.role === 'DUPLICATE_PAYMENT');
      return d?.payerAmount && d.refunds.some((f) => f.status === 'SUCCEEDED') ? a : false;
    },
    30_000,
  );
  const dup = admin.adminOrder.attempts.find((x) => x.role === 'DUPLICATE_PAYMENT')!;
  t.match(dup, { provider: 'WECHAT', canRefund: false, payerCurrency: 'CNY', payerAmount: '583.59' }, 'the operator sees it, with what the payer paid in CNY');
  t.equal(dup.refunds.length, 1, 'one refund of it');
  t.match(
    admin.adminOrder.attempts.find((x) => x.role === 'ORDER'),
    { provider: 'ALIPAY', canRefund: true, payerCurrency: 'CNY' },
  );
  const requested = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['order_events.actor_type', 'order_events.data'])
    .where('orders.order_no', '=', orderNo)
    .where('order_events.type', '=', 'refund_requested')
    .execute();
  t.match(requested, [{ actor_type: 'system', data: { kind: 'duplicate_payment', intentId: dup.id, automatic: true } }], 'audited as an automatic refund');
  const mails = await stack.db.selectFrom('outbox').select('payload').where('queue', '=', 'mail').execute();
  t.ok(
    mails.some((m) => (m.payload as { kind?: string; refundNo?: string }).refundNo === dup.refunds[0]!.refundNo),
    'the refund mail is queued for the buyer',
  );
  // An operator asking again gets the same refund, nothing new.
  const again = await gqlOk<{ refundDuplicatePayment: { changed: boolean; refund: { refundNo: string; kind: string } } }>(op.client, REFUND_DUP, {
    o: orderNo,
    a: dup.id,
  });
  t.match(again.refundDuplicatePayment, { changed: false, refund: { refundNo: dup.refunds[0]!.refundNo, kind: 'DUPLICATE_PAYMENT' } });
  const order = await stack.db.selectFrom('orders').select(['status', 'refunded_at']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  t.same(order, { status: 'paid', refunded_at: null }, 'the order itself stays paid and downloadable');
  t.equal((await c.request('GET', `/api/orders/${orderNo}/download`)).status, 200);
  // The paying attempt named as a duplicate: refused before anything is written.
  const before = await stack.db.selectFrom('refunds').select(['refund_no', 'status']).orderBy('id').execute();
  t.match(
    (await op.client.gql(REFUND_DUP, { o: orderNo, a: admin.adminOrder.attempts.find((x) => x.role === 'ORDER')!.id })).errors?.[0],
    { extensions: { code: 'WRONG_ORDER_STATE' } },
    'the paying attempt is not a duplicate',
  );
  t.same(await stack.db.selectFrom('refunds').select(['refund_no', 'status']).orderBy('id').execute(), before, 'and no refund was made');
  t.same(await stack.db.selectFrom('orders').select(['status', 'refunded_at']).where('order_no', '=', orderNo).executeTakeFirstOrThrow(), order);
});
