// PayPal adapter against the PayPal sandbox over real HTTP: the checkout journey (create,
// approve, webhook, capture, webhook, query), idempotency, capture errors, pending and declined
// captures, expiry, OAuth, the approval page, and timer cleanup.
import t from 'tap';
import { ProviderError, type CreateAttemptInput } from '../../payments/src/provider.js';
import { PaypalAdapter, type PaypalOrder } from '../../payments/src/paypal/index.js';
import { paypalAdapterConfigForSandbox, startPaypalSandboxServer } from '@shop/sandboxes/paypal/index';
import { startPaypalBench } from '../helpers/paypal-bench.js';
import { eventually } from '../helpers/tmp.js';

const { sandbox, adapter, received, receiverUrl, control } = await startPaypalBench();

let seq = 0;
function attempt(over: Partial<CreateAttemptInput> = {}): CreateAttemptInput {
  seq += 1;
  return {
    outTradeNo: `PP${Date.now().toString(36).toUpperCase()}N${seq}`,
    orderNo: `ORD-${Date.now()}-${seq}`,
    description: 'ASPICE 4.0 guide (PDF)',
    amountCents: 3900,
    currency: 'EUR',
    method: 'redirect',
    notifyUrl: receiverUrl,
    returnUrl: 'https://shop.test/pay/return?attempt=1',
    cancelUrl: 'https://shop.test/pay/cancel',
    expiresAt: new Date(Date.now() + 3600_000),
    locale: 'en',
    ...over,
  };
}

const notificationFor = (outTradeNo: string, eventType: string) =>
  eventually(
    `${eventType} for ${outTradeNo}`,
    async () => received.find((r) => r.verified?.outTradeNo === outTradeNo && r.verified.eventType === eventType)?.verified,
  );

/** Creates an attempt and approves it as the buyer would (control endpoint). */
async function approved(over: Partial<CreateAttemptInput> = {}) {
  const input = attempt(over);
  const created = await adapter.createAttempt(input);
  await control(`orders/${created.providerRef}/approve`, {});
  await notificationFor(input.outTradeNo, 'CHECKOUT.ORDER.APPROVED');
  return { input, orderId: created.providerRef! };
}

t.test('full journey: create, approval page Pay, APPROVED webhook, capture, COMPLETED webhook, query', async (t) => {
  const input = attempt({ locale: 'zh', amountCents: 12345 });
  const created = await adapter.createAttempt(input);
  t.match(created.providerRef, /^[A-Z0-9]{17}$/, 'PayPal order id');
  t.equal(created.nextAction.type, 'redirect');
  const href = created.nextAction.type === 'redirect' ? created.nextAction.href : '';
  t.equal(href, `${sandbox.url}/checkoutnow?token=${created.providerRef}`, 'approve (payer-action) link');
  t.match(await adapter.query(input.outTradeNo, created.providerRef), { state: 'pending', amountCents: 12345, currency: 'EUR' });

  // What the adapter sent, as PayPal stored it.
  const order = await control<PaypalOrder>(`orders/${created.providerRef}`);
  t.match(order, {
    intent: 'CAPTURE',
    status: 'PAYER_ACTION_REQUIRED',
    purchase_units: [
      { reference_id: input.outTradeNo, custom_id: input.outTradeNo, invoice_id: input.outTradeNo, amount: { currency_code: 'EUR', value: '123.45' } },
    ],
  });
  const stored = sandbox.engine.store.orders.get(created.providerRef!)!;
  t.match(stored.experience, {
    return_url: input.returnUrl,
    cancel_url: input.cancelUrl,
    user_action: 'PAY_NOW',
    shipping_preference: 'NO_SHIPPING',
    locale: 'zh-CN',
  });

  // The buyer opens the approval page and presses Pay.
  const page = await fetch(href);
  t.equal(page.status, 200);
  const html = await page.text();
  t.match(html, '123.45 EUR');
  const payAction = /<form method="post" action="([^"]+\/pay)"/.exec(html)?.[1];
  t.ok(payAction, 'page has a Pay form');
  const pay = await fetch(payAction!.replace(/&#38;/g, '&'), { method: 'POST', redirect: 'manual' });
  t.equal(pay.status, 303);
  const back = new URL(pay.headers.get('location')!);
  t.equal(back.origin + back.pathname, 'https://shop.test/pay/return');
  t.equal(back.searchParams.get('attempt'), '1', 'return_url query kept');
  t.equal(back.searchParams.get('token'), created.providerRef);
  t.match(back.searchParams.get('PayerID'), /^[A-Z0-9]{13}$/);

  const approvedEvent = await notificationFor(input.outTradeNo, 'CHECKOUT.ORDER.APPROVED');
  t.match(approvedEvent, {
    state: 'approved',
    providerRef: created.providerRef,
    amountCents: 12345,
    currency: 'EUR',
    merchantId: sandbox.credentials.merchantId,
  });
  t.match(approvedEvent.eventId, /^WH-/);
  t.equal((await adapter.query(input.outTradeNo, created.providerRef)).state, 'approved');

  const captured = await adapter.capture(input.outTradeNo, created.providerRef!);
  t.match(captured, { state: 'succeeded', amountCents: 12345, currency: 'EUR', providerRef: created.providerRef });
  const completed = await notificationFor(input.outTradeNo, 'PAYMENT.CAPTURE.COMPLETED');
  t.match(completed, { state: 'succeeded', providerRef: created.providerRef, amountCents: 12345, currency: 'EUR' });
  t.not(completed.eventId, approvedEvent.eventId);
  t.equal((await adapter.query(input.outTradeNo, created.providerRef)).state, 'succeeded');
  await t.resolves(adapter.close(), 'close is a no-op');
});

t.test('PayPal-Request-Id replay answers the same order (201 first, 200 after)', async (t) => {
  const input = attempt();
  const first = await adapter.createAttempt(input);
  const again = await adapter.createAttempt(input);
  t.equal(again.providerRef, first.providerRef);

  const tokenRes = await fetch(`${sandbox.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${sandbox.credentials.clientId}:${sandbox.credentials.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const create = (requestId: string) =>
    fetch(`${sandbox.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', 'paypal-request-id': requestId },
      body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }] }),
    });
  const rid = `raw-${Date.now()}`;
  const r1 = await create(rid);
  const r2 = await create(rid);
  t.equal(r1.status, 201);
  t.equal(r2.status, 200);
  const [o1, o2] = [(await r1.json()) as PaypalOrder, (await r2.json()) as PaypalOrder];
  t.equal(o2.id, o1.id);
  t.equal(o1.status, 'CREATED', 'legacy style (no payment_source) starts CREATED');
  t.ok(
    o1.links?.some((l) => l.rel === 'approve'),
    'with an approve link',
  );
});

t.test('capture before approval is refused with 422 ORDER_NOT_APPROVED', async (t) => {
  const input = attempt();
  const created = await adapter.createAttempt(input);
  const err = await adapter.capture(input.outTradeNo, created.providerRef!).catch((e: unknown) => e);
  t.ok(err instanceof ProviderError);
  t.match(err, { code: 'ORDER_NOT_APPROVED', httpStatus: 422, retryable: false });
  t.equal((await adapter.query(input.outTradeNo, created.providerRef)).state, 'pending');
});

t.test('double capture: request-id replay, then ORDER_ALREADY_CAPTURED answered by a query', async (t) => {
  const { input, orderId } = await approved();
  t.equal((await adapter.capture(input.outTradeNo, orderId)).state, 'succeeded');
  t.equal((await adapter.capture(input.outTradeNo, orderId)).state, 'succeeded', 'replayed capture');
  // As if PayPal's 6-hour request-id memory ran out: now the sandbox answers 422.
  await control('request-ids/forget', {});
  t.equal((await adapter.capture(input.outTradeNo, orderId)).state, 'succeeded', 'ORDER_ALREADY_CAPTURED -> query');
  const captures = sandbox.engine.store.orders.get(orderId)!.captures;
  t.equal(captures.length, 1, 'money taken once');
});

t.test('a pending capture does not settle until PayPal completes it', async (t) => {
  const { input, orderId } = await approved();
  await control('next-capture', { status: 'PENDING' });
  const captured = await adapter.capture(input.outTradeNo, orderId);
  t.match(captured, { state: 'pending', detail: /PENDING \(PENDING_REVIEW\)/ });
  t.match(await notificationFor(input.outTradeNo, 'PAYMENT.CAPTURE.PENDING'), { state: 'pending', providerRef: orderId });
  t.equal((await adapter.query(input.outTradeNo, orderId)).state, 'pending');

  const captureId = sandbox.engine.store.orders.get(orderId)!.captures[0]!.id;
  await control(`captures/${captureId}/complete`, {});
  t.match(await notificationFor(input.outTradeNo, 'PAYMENT.CAPTURE.COMPLETED'), { state: 'succeeded', providerRef: orderId });
  t.equal((await adapter.query(input.outTradeNo, orderId)).state, 'succeeded');
});

t.test('declined captures fail: declined at once, or pending then denied', async (t) => {
  const a = await approved();
  await control('next-capture', { status: 'DECLINED' });
  t.equal((await adapter.capture(a.input.outTradeNo, a.orderId)).state, 'failed');
  t.match(await notificationFor(a.input.outTradeNo, 'PAYMENT.CAPTURE.DECLINED'), { state: 'failed' });
  t.match(await adapter.query(a.input.outTradeNo, a.orderId), { state: 'failed', detail: /DECLINED/ });

  const b = await approved();
  await control('next-capture', { status: 'PENDING' });
  t.equal((await adapter.capture(b.input.outTradeNo, b.orderId)).state, 'pending');
  await control(`captures/${sandbox.engine.store.orders.get(b.orderId)!.captures[0]!.id}/deny`, {});
  t.match(await notificationFor(b.input.outTradeNo, 'PAYMENT.CAPTURE.DENIED'), { state: 'failed' });
  t.equal((await adapter.query(b.input.outTradeNo, b.orderId)).state, 'failed');
});

t.test('an approval that lapses is reversed: closed, and capture is refused', async (t) => {
  const { input, orderId } = await approved();
  await control(`orders/${orderId}/expire`, {});
  t.match(await notificationFor(input.outTradeNo, 'CHECKOUT.PAYMENT-APPROVAL.REVERSED'), { state: 'closed', providerRef: orderId });
  t.equal((await adapter.query(input.outTradeNo, orderId)).state, 'closed');
  await t.rejects(adapter.capture(input.outTradeNo, orderId), { code: 'ORDER_EXPIRED', retryable: false });
});

t.test('query without an order id, and for an unknown order, answers pending', async (t) => {
  t.match(await adapter.query('NOPE1'), { state: 'pending' });
  t.match(await adapter.query('NOPE2', 'ZZZZZZZZZZZZZZZZZ'), { state: 'pending', detail: /not found/ });
});

t.test('OAuth: token cached, re-fetched after revocation, bad secret refused', async (t) => {
  const before = (await control<{ issued: number }>('tokens')).issued;
  const fresh = new PaypalAdapter(paypalAdapterConfigForSandbox(sandbox.url, sandbox.credentials));
  const input = attempt();
  const { providerRef } = await fresh.createAttempt(input);
  await fresh.query(input.outTradeNo, providerRef);
  await fresh.query(input.outTradeNo, providerRef);
  t.equal((await control<{ issued: number }>('tokens')).issued, before + 1, 'one token for three calls');
  await control('tokens/revoke', {});
  t.equal((await fresh.query(input.outTradeNo, providerRef)).state, 'pending', 'a revoked token is replaced transparently');
  t.equal((await control<{ issued: number }>('tokens')).issued, before + 2);

  const wrong = new PaypalAdapter({ ...paypalAdapterConfigForSandbox(sandbox.url, sandbox.credentials), clientSecret: 'wrong' });
  await t.rejects(wrong.createAttempt(attempt()), { name: 'ProviderError', code: 'invalid_client', httpStatus: 401, retryable: false });
});

t.test('approval page: Cancel goes to cancel_url, Abandon leaves the order payable', async (t) => {
  const input = attempt();
  const { providerRef } = await adapter.createAttempt(input);
  const cancel = await fetch(`${sandbox.url}/checkoutnow/${providerRef}/cancel`, { method: 'POST', redirect: 'manual' });
  t.equal(cancel.status, 303);
  t.equal(cancel.headers.get('location'), `https://shop.test/pay/cancel?token=${providerRef}`);
  const abandon = await fetch(`${sandbox.url}/checkoutnow/${providerRef}/abandon`, { method: 'POST' });
  t.equal(abandon.status, 200);
  t.equal((await adapter.query(input.outTradeNo, providerRef)).state, 'pending');
});

t.test('the sandbox validates requests like PayPal', async (t) => {
  const noAuth = await fetch(`${sandbox.url}/v2/checkout/orders/ABC`);
  t.equal(noAuth.status, 401);
  t.match(await noAuth.json(), { name: 'AUTHENTICATION_FAILURE' });
  await t.rejects(adapter.createAttempt(attempt({ amountCents: 0 })), { code: 'CANNOT_BE_ZERO_OR_NEGATIVE', httpStatus: 422 });
  await t.rejects(adapter.createAttempt(attempt({ currency: 'euro' })), { code: 'INVALID_PARAMETER_VALUE', httpStatus: 400, retryable: false });
});

t.test('closing the server leaves no delivery timers behind', async (t) => {
  const other = await startPaypalSandboxServer({ timeScale: 1, webhookUrl: 'http://127.0.0.1:9/unreachable' });
  const otherAdapter = new PaypalAdapter(paypalAdapterConfigForSandbox(other.url, other.credentials));
  const { providerRef } = await otherAdapter.createAttempt(attempt());
  other.engine.approve(providerRef!);
  await eventually('first failed delivery', async () => other.engine.dispatcher.log.length > 0);
  t.ok(other.engine.dispatcher.pendingTimers > 0, 'a redelivery is scheduled');
  await other.close();
  t.equal(other.engine.dispatcher.pendingTimers, 0);
});
