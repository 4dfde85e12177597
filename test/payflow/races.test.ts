import { generateKeyPairSync, randomBytes } from 'node:crypto';
import t from 'tap';
import { aeadEncrypt, rsaSign, responseMessage } from '../../payments/src/wechat/index.js';
import { registerLegacy } from '../helpers/accounts.js';
import { buy } from '../helpers/orders.js';
import { allCopiesAnswered, drivers, paidTransitions, waitPaid } from '../helpers/payflow.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';
import { polledAgain, quiesce } from '../helpers/quiesce.js';

const env = { RETRY_DELAY_SCALE: '0.005', RATE_LIMIT_SCALE: '50' };

// The subtests share nothing (each has its own stack: database, queue prefix, sandboxes), so they
// run side by side: much of each is waiting on callbacks, queues and the other processes.
t.jobs = 4;

t.test('notifications racing the poller and the result pages settle once', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  for (const d of drivers) {
    const c = stack.client();
    await registerLegacy(c, uniqueEmail(d.provider));
    const co = (await buy(c, { paymentMethod: d.method })).data!.checkout;
    await d.pay(stack, co, { duplicate: 5 });
    // The buyer's result page asks at the same time as callbacks and the poller arrive.
    const checks = await Promise.all(
      Array.from({ length: 10 }, () =>
        c.gql<{ checkPayment: { paid: boolean } }>(`mutation($r: ID!) { checkPayment(reference: $r) { paid message } }`, { r: co.order.orderNo }),
      ),
    );
    t.ok(
      checks.every((x) => !x.errors),
      `${d.provider}: checks answered`,
    );
    await waitPaid(stack, co.order.orderNo);
    // Count once every duplicate has been answered: none can arrive after that.
    await eventually(`${d.provider}: every duplicate answered`, () => allCopiesAnswered(stack, d.provider, co.paymentIntent.id, 5), 30_000);
    t.equal(await paidTransitions(stack, co.order.orderNo), 1, `${d.provider}: one paid transition`);
    const legacyPath =
      d.provider === 'wechat'
        ? `/api/wx-pay/query/${co.order.orderNo}?flag=true`
        : d.provider === 'alipay'
          ? `/api/ali-pay/query/${co.order.orderNo}`
          : `/api/paypal/checkout/${co.order.orderNo}`;
    t.match(await c.get(legacyPath), { code: 200, data: { payStatus: true } }, `${d.provider}: the legacy result query says paid`);
  }
});

t.test('legacy result queries before payment; another buyer cannot ask', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const c = stack.client();
  await registerLegacy(c, uniqueEmail());
  const wx = (await buy(c, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  t.match(await c.get(`/api/wx-pay/query/${wx.order.orderNo}?flag=true`), { code: 202, data: { payStatus: false } }, 'the QR page keeps polling');
  t.match(await c.get(`/api/wx-pay/query/${wx.order.orderNo}`), { code: 500, message: 'Payment failed, please pay again!' });
  const pp = (await buy(c, { paymentMethod: 'PAYPAL', bookId: '2' })).data!.checkout;
  const token = pp.paymentIntent.nextAction.href!.split('token=')[1]!;
  t.match(
    await c.get(`/api/paypal/checkout/${token}`),
    { code: 500, message: 'Payment failed, please pay again!', data: { payStatus: false, link: pp.paymentIntent.nextAction.href } },
    'by PayPal token, with the link to pay again',
  );
  const other = stack.client();
  await registerLegacy(other, uniqueEmail('other'));
  t.match(await other.get(`/api/paypal/checkout/${token}`), { code: 404 });
  t.match(await stack.client().get(`/api/ali-pay/query/${wx.order.orderNo}`), { code: 401 });
});

t.test('a forged WeChat success for an unpaid attempt changes nothing', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const c = stack.client();
  await registerLegacy(c, uniqueEmail());
  const co = (await buy(c, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  const intent = await stack.db.selectFrom('payment_intents').selectAll().where('id', '=', co.paymentIntent.id).executeTakeFirstOrThrow();
  const cfg = stack.sandboxes!.adapters.wechat;
  const transaction = {
    appid: cfg.appid,
    mchid: cfg.mchid,
    out_trade_no: intent.out_trade_no,
    transaction_id: 'FORGED1',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    amount: { total: 7500, currency: 'EUR' },
  };
  const nonce = randomBytes(6).toString('hex');
  // The attacker knows the APIv3 format but not WeChat's private key.
  const resource = aeadEncrypt(cfg.apiV3Key, nonce, 'transaction', JSON.stringify(transaction));
  const body = JSON.stringify({
    id: `EV-FORGED-${nonce}`,
    create_time: new Date().toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    summary: 'x',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: resource, associated_data: 'transaction', nonce },
  });
  const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ts = String(Math.floor(Date.now() / 1000));
  const serial = cfg.wechatpayPublicKey?.keyId ?? cfg.platformCertificates![0]!.serialNo;
  const res = await fetch(`${stack.base}/api/pay/notify/wechat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': serial,
      'wechatpay-signature': rsaSign(attacker.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, responseMessage(ts, nonce, body)),
    },
    body,
  });
  t.equal(res.status, 500, 'refused');
  // The shop has since asked WeChat itself, which knows no payment.
  await polledAgain(stack.app, co.paymentIntent.id);
  t.equal((await stack.db.selectFrom('orders').select('status').where('order_no', '=', co.order.orderNo).executeTakeFirstOrThrow()).status, 'pending_payment');
  t.equal(await paidTransitions(stack, co.order.orderNo), 0, 'no paid transition');
  const ev = await stack.db.selectFrom('provider_events').select(['outcome', 'verified']).executeTakeFirstOrThrow();
  t.match(ev, { outcome: 'rejected', verified: false }, 'and recorded');
});

t.test('PayPal: a pending capture does not settle, a declined one fails; completion later settles', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const base = `${stack.sandboxes!.url}/paypal/_control`;
  const json = { 'content-type': 'application/json' };
  for (const [status, final] of [
    ['PENDING', 'complete'],
    ['DECLINED', null],
  ] as const) {
    const c = stack.client();
    await registerLegacy(c, uniqueEmail(status.toLowerCase()));
    const co = (await buy(c, { paymentMethod: 'PAYPAL' })).data!.checkout;
    await fetch(`${base}/next-capture`, { method: 'POST', headers: json, body: JSON.stringify({ status }) });
    const ref = (await stack.db.selectFrom('payment_intents').select('provider_ref').where('id', '=', co.paymentIntent.id).executeTakeFirstOrThrow())
      .provider_ref!;
    await fetch(`${base}/orders/${ref}/approve`, { method: 'POST', headers: json, body: '{}' });
    const captured = await eventually('captured', async () => {
      const o = (await (await fetch(`${base}/orders/${ref}`)).json()) as {
        status?: string;
        purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[];
      };
      return o.purchase_units?.[0]?.payments?.captures?.[0] ?? false;
    });
    t.equal(captured.status, status);
    // The shop has handled the capture's answer and what followed it.
    await quiesce(stack.app);
    t.equal(
      (await stack.db.selectFrom('orders').select('status').where('order_no', '=', co.order.orderNo).executeTakeFirstOrThrow()).status,
      'pending_payment',
      `${status}: not settled`,
    );
    if (final) {
      await fetch(`${base}/captures/${captured.id}/complete`, { method: 'POST', headers: json, body: '{}' });
      await waitPaid(stack, co.order.orderNo);
      t.equal(await paidTransitions(stack, co.order.orderNo), 1, 'settled once the capture completed');
    } else {
      await eventually(
        'attempt failed',
        async () =>
          (await stack.db.selectFrom('payment_intents').select('status').where('id', '=', co.paymentIntent.id).executeTakeFirstOrThrow()).status === 'failed',
      );
      t.pass('the declined attempt failed');
    }
  }
});
