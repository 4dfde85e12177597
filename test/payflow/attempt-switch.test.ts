import t from 'tap';
import { buyerWithoutMail } from '../admin/helpers.js';
import { buy } from '../helpers/orders.js';
import { drivers, legacySecondWechatAttempt, paidTransitions, waitPaid } from '../helpers/payflow.js';
import { startStack, type TestStack } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

// A buyer who switches payment method never holds two payable attempts for one
// order. Over real HTTP against the provider sandboxes, with no workers running, so nothing a job
// would do later can help: the old attempt must be closed at its provider before the new one is
// handed out, and settling must close the order's other attempts at once.

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10' };
const wechat = drivers.find((d) => d.provider === 'wechat')!;
const alipay = drivers.find((d) => d.provider === 'alipay')!;

async function sandboxOrder(stack: TestStack, outTradeNo: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${stack.sandboxes!.url}/wechat/_control/orders/${outTradeNo}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function attempts(stack: TestStack, orderNo: string) {
  return stack.db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select(['payment_intents.id', 'payment_intents.provider', 'payment_intents.status', 'payment_intents.out_trade_no'])
    .where('orders.order_no', '=', orderNo)
    .orderBy('payment_intents.id')
    .execute();
}

t.test('switching method with the workers stopped: the old QR is refused before the new attempt exists, one payment only', async (t) => {
  const stack = await startStack(t, env, { workers: false, payments: true });
  // No workers means no mail: the buyer's account is made directly.
  const c = (await buyerWithoutMail(stack, 'switch')).client;
  const first = (await buy(c, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  t.ok(first.paymentIntent.nextAction.codeUrl, 'a WeChat QR was handed out');
  const [old] = await attempts(stack, first.order.orderNo);
  t.match((await sandboxOrder(stack, old!.out_trade_no)).body, { state: 'NOTPAY' }, 'payable at WeChat');

  const second = await buy(c, { paymentMethod: 'ALIPAY' });
  t.notOk(second.errors, 'the switch to Alipay is answered');
  const switched = second.data!.checkout;
  t.equal(switched.order.orderNo, first.order.orderNo, 'the same order is reused');
  t.ok(switched.paymentIntent.nextAction.body, 'an Alipay form was handed out');
  t.match((await sandboxOrder(stack, old!.out_trade_no)).body, { state: 'CLOSED' }, 'WeChat closed the old order before the form was handed out');

  // The buyer scans the old QR anyway: WeChat refuses a closed order.
  const late = await fetch(`${stack.sandboxes!.url}/wechat/_control/orders/${old!.out_trade_no}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  t.ok(late.status >= 400, `the old QR cannot be paid (HTTP ${late.status})`);

  await alipay.pay(stack, switched);
  await waitPaid(stack, first.order.orderNo);
  t.equal(await paidTransitions(stack, first.order.orderNo), 1, 'one paid transition');
  const rows = await attempts(stack, first.order.orderNo);
  t.same(
    rows.map((r) => `${r.provider}:${r.status}`),
    ['wechat:closed', 'alipay:succeeded'],
    'the WeChat attempt closed, the Alipay one paid',
  );
  const duplicates = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select('order_events.id')
    .where('orders.order_no', '=', first.order.orderNo)
    .where('order_events.type', '=', 'duplicate_payment')
    .execute();
  t.equal(duplicates.length, 0, 'no second payment to refund');
  const trail = await stack.db
    .selectFrom('payment_attempt_events')
    .select(['intent_id', 'from_status', 'to_status'])
    .where(
      'intent_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  t.match(
    trail.map((e) => `${e.intent_id === old!.id ? 'wechat' : 'alipay'}:${e.from_status ?? '-'}>${e.to_status}`),
    ['wechat:->created', 'wechat:created>pending', 'wechat:pending>closed', 'alipay:->created', 'alipay:created>pending', 'alipay:pending>succeeded'],
    'every move of both attempts is in their trail',
  );
});

t.test('settling an order closes its other open attempts at their providers at once', async (t) => {
  const stack = await startStack(t, env, { workers: false, payments: true });
  const c = (await buyerWithoutMail(stack, 'settle')).client;
  const co = (await buy(c, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  // An order from before the close-first rule may hold a second open attempt.
  const extraNo = await legacySecondWechatAttempt(stack, co.order.orderNo);
  t.match((await sandboxOrder(stack, extraNo)).body, { state: 'NOTPAY' }, 'the second attempt is payable at WeChat');

  await wechat.pay(stack, co);
  await waitPaid(stack, co.order.orderNo);
  const extra = await stack.db.selectFrom('payment_intents').select('status').where('out_trade_no', '=', extraNo).executeTakeFirstOrThrow();
  t.equal(extra.status, 'closed', 'the other attempt is closed in the ledger');
  // The provider close runs right after the settling commit, which the payment page may see first.
  const atWechat = await eventually('the other attempt closed at WeChat', async () => {
    const o = (await sandboxOrder(stack, extraNo)).body as { state?: string };
    return o.state === 'CLOSED' ? o : false;
  });
  t.match(atWechat, { state: 'CLOSED' }, 'and at WeChat, without any worker running');
});

t.test('a close the provider does not confirm: a clear message, and no second payable attempt', async (t) => {
  const stack = await startStack(t, env, { workers: false, payments: true });
  const c = (await buyerWithoutMail(stack, 'outage')).client;
  c.headers = { ...c.headers, locale: 'zh' };
  const first = (await buy(c, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  // The providers become unreachable: the old WeChat order cannot be closed.
  await stack.sandboxes!.close();
  const switched = await buy(c, { paymentMethod: 'ALIPAY' });
  t.match(switched.errors?.[0], { message: '该订单之前的支付暂时无法撤销，请稍后再试或完成之前的支付', extensions: { code: 'PREVIOUS_PAYMENT_OPEN' } });
  const rows = await attempts(stack, first.order.orderNo);
  t.same(
    rows.map((r) => `${r.provider}:${r.status}`),
    ['wechat:pending'],
    'the old attempt stays open (it may still be paid), no new one exists',
  );
  const order = await stack.db.selectFrom('orders').select(['provider', 'pay_type']).where('order_no', '=', first.order.orderNo).executeTakeFirstOrThrow();
  t.equal(order.provider, 'wechat', 'the order is unchanged');
  const close = await stack.db.selectFrom('outbox').select('job_id').where('job_id', '=', `close-${rows[0]!.id}`).execute();
  t.equal(close.length, 1, 'a payment-close job keeps trying');
  c.headers = { ...c.headers, locale: 'en' };
  const again = await buy(c, { paymentMethod: 'ALIPAY' });
  t.match(again.errors?.[0], {
    message: 'Your previous payment for this order could not be cancelled yet, please try again later or complete the previous payment',
  });
});
