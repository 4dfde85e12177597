import t from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { buy, CHECKOUT, checkoutInput } from '../helpers/orders.js';
import { payInCore } from '../helpers/paid-orders.js';
import { startInProcess, startStack, uniqueEmail } from '../helpers/stack.js';
import { verifyWechatPayer } from '../helpers/wechat-oauth.js';

// One stack with the payment sandboxes, for the tests where the checkout asks a provider for the
// attempt and closes it there; each of them has its own buyers and reads only their rows (seven
// buyers register from one address within the minute: the budgets are scaled). The refusals and the Idempotency-Key need no provider: they run in the process, through inject().
const paying = await startStack(t, { ORDER_EXPIRY_MINUTES: '5', RATE_LIMIT_SCALE: '10' }, { payments: true });

t.test('checkout answers the right next action for every payment method', async (t) => {
  const stack = paying;
  const expectations: [string, Record<string, unknown>, (a: Record<string, unknown>) => void][] = [
    ['WECHAT_NATIVE', {}, (a) => t.match(a, { type: 'QR', codeUrl: /^weixin:\/\/wxpay\/bizpayurl\?pr=/ })],
    ['WECHAT_JSAPI', {}, (a) => t.match(a, { type: 'JSAPI', paySign: { package: /^prepay_id=/, signType: 'RSA', paySign: /.{40,}/ } })],
    // The sandboxes' default setup is the overseas one: the cross-border website payment, posted as fields.
    [
      'ALIPAY',
      {},
      (a) =>
        t.match(a, {
          type: 'FORM',
          body: /<form[^>]+action="http:\/\/127\.0\.0\.1:\d+\/alipay\/gateway\.do"[^]*name="service" value="create_forex_trade"[^]*name="currency" value="EUR"/,
        }),
    ],
    ['PAYPAL', {}, (a) => t.match(a, { type: 'REDIRECT', href: /\/paypal\/checkoutnow\?token=[A-Z0-9]+$/ })],
    ['BANK_TRANSFER', {}, (a) => t.match(a, { type: 'OFFLINE', reference: /^\d{8}[0-9A-Z]{10}$/ })],
  ];
  for (const [method, extra, check] of expectations) {
    const c = stack.client();
    await registerLegacy(c, uniqueEmail(method.toLowerCase()));
    // Inside WeChat the payer is whoever WeChat's web authorization names for the session.
    if (method === 'WECHAT_JSAPI') await verifyWechatPayer(c, `${stack.sandboxes!.url}/wechat`, 'checkout-buyer');
    const r = await buy(c, { paymentMethod: method, ...extra });
    t.notOk(r.errors, `${method}: no errors ${JSON.stringify(r.errors ?? '')}`);
    const out = r.data!.checkout;
    t.match(out.order, {
      status: 'PENDING_PAYMENT',
      amount: '75.00',
      amountCents: 7500,
      currency: 'EUR',
      payType: method === 'BANK_TRANSFER' ? 3 : 2,
      paymentMethod: method,
      downloadable: false,
    });
    t.match(out.paymentIntent, { status: 'PENDING', method });
    check(out.paymentIntent.nextAction as unknown as Record<string, unknown>);
  }
});

t.test('an open order is reused; a new method makes a new attempt and closes the old one', async (t) => {
  const stack = paying;
  const c = stack.client();
  await registerLegacy(c, uniqueEmail());
  const first = (await buy(c, { paymentMethod: 'PAYPAL' })).data!.checkout;
  const again = (await buy(c, { paymentMethod: 'PAYPAL' })).data!.checkout;
  t.equal(again.order.orderNo, first.order.orderNo, 'same order');
  t.equal(again.reused, true);
  t.equal(again.paymentIntent.id, first.paymentIntent.id, 'same open attempt, same approval link');
  t.equal(again.paymentIntent.nextAction.href, first.paymentIntent.nextAction.href);

  const wechat = (await buy(c, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  t.equal(wechat.order.orderNo, first.order.orderNo, 'still the same order');
  t.not(wechat.paymentIntent.id, first.paymentIntent.id, 'a new attempt');
  const intents = await stack.db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select(['payment_intents.id', 'payment_intents.status', 'payment_intents.out_trade_no'])
    .where('orders.order_no', '=', first.order.orderNo)
    .orderBy('payment_intents.id')
    .execute();
  t.same(
    intents.map((i) => i.status),
    ['closed', 'pending'],
  );
  t.not(intents[0]!.out_trade_no, intents[1]!.out_trade_no, 'one out_trade_no per attempt');
  const ids = intents.map((i) => i.id);
  const closed = await stack.db
    .selectFrom('payment_attempt_events')
    .select(['from_status', 'to_status', 'data'])
    .where('to_status', '=', 'closed')
    .where('intent_id', 'in', ids)
    .execute();
  t.match(
    closed,
    [{ from_status: 'pending', data: { reason: 'replaced by a new payment attempt' } }],
    'the old attempt was closed (at its provider first) before the new one was made',
  );
  const queued = await stack.db
    .selectFrom('outbox')
    .select('job_id')
    .where('queue', '=', 'payment-close')
    .where(
      'job_id',
      'in',
      ids.map((id) => `close-${id}`),
    )
    .execute();
  t.equal(queued.length, 0, 'no close is left for a job: it was confirmed in the checkout');

  const other = (await buy(c, { paymentMethod: 'PAYPAL', bookId: '2' })).data!.checkout;
  t.not(other.order.orderNo, first.order.orderNo, 'another book is another order');
  t.equal(other.order.amount, '250.00', 'the price comes from the catalogue');
});

t.test('Idempotency-Key: same key and body replays, another body is refused with 422', async (t) => {
  const stack = await startInProcess(t);
  const c = stack.client();
  await registerLegacy(c, uniqueEmail());
  const a = await buy(c, { paymentMethod: 'BANK_TRANSFER' }, { 'idempotency-key': 'k-1' });
  const b = await buy(c, { paymentMethod: 'BANK_TRANSFER' }, { 'idempotency-key': 'k-1' });
  t.same(b.data, a.data, 'the same answer');
  t.equal((await stack.db.selectFrom('payment_intents').select('id').execute()).length, 1, 'nothing was done twice');
  const clash = await buy(c, { paymentMethod: 'PAYPAL' }, { 'idempotency-key': 'k-1' });
  t.match(clash.errors?.[0], {
    message: 'This Idempotency-Key was used for a different request',
    extensions: { code: 'IDEMPOTENCY_KEY_REUSED', legacyCode: 422 },
  });

  const legacy = await c.form('/api/login/registratorComplex', {
    bookId: '2',
    bookType: '0',
    payType: '3',
    currency: 'EUR',
    purchaseInfo: JSON.stringify({ country: 'Germany' }),
    bookFormat: '0',
    invoiceFlag: '0',
  });
  t.equal(legacy.code, 200);
  c.headers['idempotency-key'] = 'k-2';
  const book3 = { bookId: '3', bookType: '0', payType: '3', purchaseInfo: JSON.stringify({ country: 'Germany' }), bookFormat: '0' };
  const l1 = await c.form('/api/login/registratorComplex', book3);
  const l2 = await c.form('/api/login/registratorComplex', book3);
  t.same(l2, l1, 'the same request under the same key answers the same');
  const l3 = await c.form('/api/login/registratorComplex', { ...book3, payType: '2' });
  t.match(l3, { code: 422 }, 'another request under the same key is refused');
});

t.test('refusals: guests, paper books, missing country, purchase info, e-book bought twice', async (t) => {
  const stack = await startInProcess(t);
  const guest = stack.client();
  t.equal((await guest.gql(CHECKOUT, { i: checkoutInput() })).errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  const c = stack.client();
  const email = uniqueEmail();
  await registerLegacy(c, email);
  t.match((await buy(c, { format: 'PAPER' })).errors?.[0], {
    message: 'Paper books are sold through customer service: please contact us by email.',
    extensions: { code: 'PAPER_BOOK' },
  });
  t.match(await c.form('/api/login/registratorComplex', { bookId: '1', payType: '2', bookFormat: '1', purchaseInfo: JSON.stringify({ country: 'China' }) }), {
    code: 500,
    message: 'Paper books are sold through customer service: please contact us by email.',
  });
  t.equal((await buy(c, { country: '' })).errors?.[0]?.message, 'please select country');
  c.headers.locale = 'zh';
  t.equal((await buy(c, { country: '' })).errors?.[0]?.message, '请选择国家');
  c.headers.locale = 'en';
  t.match((await buy(c, { purchaseInfo: { streetNumber: '', zip: '1', town: 'x', country: 'China' } })).errors?.[0], {
    message: 'Please Enter ',
    extensions: { field: 'streetNumber' },
  });
  t.match((await buy(c, { purchaseInfo: { streetNumber: 's', zip: '1', town: 'x'.repeat(65), country: 'China' } })).errors?.[0], {
    message: 'Length cannot exceed 64',
    extensions: { field: 'town' },
  });
  t.match((await buy(c, { invoice: { invoiceType: 'VAT_GENERAL', detailedAddress: 'x'.repeat(256) } })).errors?.[0], { message: 'Length cannot exceed 255' });
  t.equal((await buy(c, { bookId: '99' })).errors?.[0]?.message, 'The book does not exist');

  const ok = (await buy(c, { invoice: { invoiceType: 'VAT_SPECIAL', invoicePayable: 'ACME' } })).data!.checkout;
  await payInCore(stack, ok.order.orderNo);
  t.match((await buy(c)).errors?.[0], { message: 'You have already bought this e-book', extensions: { code: 'ALREADY_BOUGHT' } });
  const books = await c.gql<{ books: { id: string; ebookPurchased: boolean; ebookPassword: string | null }[] }>(
    '{ books { id ebookPurchased ebookPassword } }',
  );
  t.same(
    books.data?.books.map((b) => [b.id, b.ebookPurchased, b.ebookPassword]),
    [
      ['1', true, email],
      ['2', false, null],
      ['3', false, null],
    ],
  );
  const inv = await stack.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
  t.match(inv, { invoice_type: 'vat_special', invoice_payable: 'ACME' });
});

t.test('unpaid orders expire after the configured window and are not reused', async (t) => {
  const stack = paying;
  const c = stack.client();
  await registerLegacy(c, uniqueEmail());
  const first = (await buy(c, { paymentMethod: 'PAYPAL' })).data!.checkout;
  const row = await stack.db.selectFrom('orders').select(['created_at', 'expires_at']).where('order_no', '=', first.order.orderNo).executeTakeFirstOrThrow();
  t.equal(Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 60_000), 5);
  await stack.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('order_no', '=', first.order.orderNo)
    .execute();
  const second = (await buy(c, { paymentMethod: 'PAYPAL' })).data!.checkout;
  t.not(second.order.orderNo, first.order.orderNo, 'an expired order is not reused');
  t.equal((await stack.db.selectFrom('orders').select('status').where('order_no', '=', first.order.orderNo).executeTakeFirstOrThrow()).status, 'expired');
  const bank = (await buy(c, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout;
  const bankRow = await stack.db.selectFrom('orders').select(['created_at', 'expires_at']).where('order_no', '=', bank.order.orderNo).executeTakeFirstOrThrow();
  t.equal(Math.round((bankRow.expires_at.getTime() - bankRow.created_at.getTime()) / 86_400_000), 14, 'a bank transfer waits 14 days');
});
