// PayPal webhooks from the sandbox to a receiver using the adapter: signature checks (forged,
// wrong webhook id, cert URL pinning, stale time), redelivery until acknowledged, and the fault
// switches (duplicate, reorder, delay, wrong amount, drop).
import Fastify from 'fastify';
import t from 'tap';
import type { CreateAttemptInput, NotificationInput } from '../../payments/src/provider.js';
import { PaypalAdapter } from '../../payments/src/paypal/index.js';
import {
  RETRY_SCHEDULE_SECONDS,
  generatePaypalSandboxCredentials,
  paypalAdapterConfigForSandbox,
  startPaypalSandboxServer,
  type DeliveryRecord,
} from '@shop/sandboxes/paypal/index';
import { startPaypalBench } from '../helpers/paypal-bench.js';
import { eventually } from '../helpers/tmp.js';

const { sandbox, config, adapter, received, receiverUrl, control, state } = await startPaypalBench();

let seq = 0;
function attempt(): CreateAttemptInput {
  seq += 1;
  return {
    outTradeNo: `WH${Date.now().toString(36).toUpperCase()}N${seq}`,
    orderNo: `ORD-W-${Date.now()}-${seq}`,
    description: 'ISO 26262 set',
    amountCents: 15000,
    currency: 'USD',
    method: 'redirect',
    notifyUrl: receiverUrl,
    returnUrl: 'https://shop.test/return',
    expiresAt: new Date(Date.now() + 3600_000),
  };
}

/** Creates an order and approves it, which emits CHECKOUT.ORDER.APPROVED. */
async function approve(): Promise<{ outTradeNo: string; orderId: string }> {
  const input = attempt();
  const { providerRef } = await adapter.createAttempt(input);
  await control(`orders/${providerRef}/approve`, {});
  return { outTradeNo: input.outTradeNo, orderId: providerRef! };
}

const arrivals = (outTradeNo: string) => received.filter((r) => r.verified?.outTradeNo === outTradeNo);
const deliveriesOf = async (eventId: string) => (await control<DeliveryRecord[]>('deliveries')).filter((d) => d.eventId === eventId);

/** One good transmission, captured as the receiver saw it, to replay into other adapters. */
async function goodTransmission(): Promise<NotificationInput> {
  const { outTradeNo } = await approve();
  return (await eventually('approved event', async () => arrivals(outTradeNo)[0])).input;
}

t.test('receiver failing twice then acking gets 3 deliveries of the same event', async (t) => {
  state.refuseNext = 2;
  const { outTradeNo } = await approve();
  const got = await eventually('three deliveries', async () => (arrivals(outTradeNo).length >= 3 ? arrivals(outTradeNo) : false));
  await new Promise((r) => setTimeout(r, (RETRY_SCHEDULE_SECONDS[2] ?? 0) * 1000 * 0.001 + 200));
  t.equal(arrivals(outTradeNo).length, 3, 'no delivery after the acknowledgement');
  t.same(
    got.map((r) => r.status),
    [500, 500, 200],
  );
  const ids = new Set(got.map((r) => r.verified!.eventId));
  t.equal(ids.size, 1, 'one event id across redeliveries');
  const transmissions = new Set(got.map((r) => r.input.headers['paypal-transmission-id']));
  t.equal(transmissions.size, 3, 'each redelivery is a new, freshly signed transmission');
  const log = await deliveriesOf(got[0]!.verified!.eventId);
  t.same(
    log.map((d) => [d.attempt, d.outcome]),
    [
      [1, 'failed'],
      [2, 'failed'],
      [3, 'acked'],
    ],
  );
  t.ok(got[1]!.at - got[0]!.at >= 25, 'waits ~30 s x timeScale before the first retry');
});

t.test('forged signature is rejected and redelivered (still forged)', async (t) => {
  await control('faults', { badSignature: true, remaining: 1 });
  const { orderId } = await approve();
  const event = sandbox.engine.dispatcher.events.find((e) => e.event.resource.id === orderId)!;
  const log = await eventually('two rejected deliveries', async () => {
    const l = await deliveriesOf(event.event.id);
    return l.length >= 2 ? l : false;
  });
  t.ok(log.every((d) => d.outcome === 'failed' && d.status === 500 && d.badSignature));
  t.ok(received.filter((r) => r.input.rawBody.includes(orderId)).every((r) => r.rejected === 'signature'));
  t.same(
    await control('faults'),
    { duplicate: 0, reorder: false, delayMs: 0, badSignature: false, wrongAmount: false, drop: false, remaining: null },
    'one-shot fault switched off',
  );
});

t.test('a transmission is bound to the webhook id, the pinned cert host, and the current time', async (t) => {
  const good = await goodTransmission();
  await t.resolves(adapter.verifyNotification(good), 'as received it verifies');

  const otherWebhook = new PaypalAdapter({ ...config, webhookId: 'OTHERWEBHOOK00001' });
  await t.rejects(otherWebhook.verifyNotification(good), { name: 'NotificationRejected', reason: 'signature' }, 'wrong webhook id');

  const tamperedBody = { ...good, rawBody: good.rawBody.replace('"150.00"', '"1.50"') };
  await t.rejects(adapter.verifyNotification(tamperedBody), { name: 'NotificationRejected', reason: 'signature' }, 'body changed after signing');

  const certUrl = good.headers['paypal-cert-url']!;
  const otherHost = { ...good, headers: { ...good.headers, 'paypal-cert-url': certUrl.replace('127.0.0.1', 'localhost') } };
  await t.rejects(adapter.verifyNotification(otherHost), { name: 'NotificationRejected', reason: 'cert_url' }, 'cert URL on a host that is not allowed');
  const productionDefaults = new PaypalAdapter({ ...config, certUrlAllowedHosts: undefined, allowHttpCertUrl: false });
  await t.rejects(productionDefaults.verifyNotification(good), { name: 'NotificationRejected', reason: 'cert_url' }, 'defaults admit only https PayPal hosts');
  const httpsOnly = new PaypalAdapter({ ...config, allowHttpCertUrl: false });
  await t.rejects(httpsOnly.verifyNotification(good), { reason: 'cert_url', message: /https/ });

  const later = new PaypalAdapter({ ...config, now: () => Date.now() + 6 * 60_000 });
  await t.rejects(later.verifyNotification(good), { name: 'NotificationRejected', reason: 'timestamp' }, 'more than 5 minutes old');

  const noSig = { ...good, headers: { ...good.headers, 'paypal-transmission-sig': undefined } };
  await t.rejects(adapter.verifyNotification(noSig), { name: 'NotificationRejected', reason: 'missing_header' });
  const sha1 = { ...good, headers: { ...good.headers, 'paypal-auth-algo': 'SHA1withRSA' } };
  await t.rejects(adapter.verifyNotification(sha1), { name: 'NotificationRejected', reason: 'auth_algo' });
});

t.test("an attacker's own certificate, even on an allowed host path, does not verify", async (t) => {
  // A second sandbox with its own key on the same allowed host (127.0.0.1): the signature is
  // valid for that certificate, but it was made for another webhook id.
  const rogue = await startPaypalSandboxServer({ credentials: await generatePaypalSandboxCredentials(), timeScale: 0.001 });
  t.teardown(() => rogue.close());
  const rogueReceived: NotificationInput[] = [];
  const sink = Fastify();
  sink.removeAllContentTypeParsers();
  sink.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  sink.post('/', async (req) => {
    rogueReceived.push({ headers: { ...(req.headers as Record<string, string>) }, rawBody: req.body as string });
    return 'ok';
  });
  rogue.engine.dispatcher.webhookUrl = await sink.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => sink.close());
  const rogueAdapter = new PaypalAdapter(paypalAdapterConfigForSandbox(rogue.url, rogue.credentials));
  const { providerRef } = await rogueAdapter.createAttempt(attempt());
  rogue.engine.approve(providerRef!);
  const forged = await eventually('rogue event', async () => rogueReceived[0]);
  await t.rejects(adapter.verifyNotification(forged), { name: 'NotificationRejected', reason: 'signature' });
});

t.test('duplicate fault: N transmissions of one event', async (t) => {
  await control('faults', { duplicate: 3, remaining: 1 });
  const { outTradeNo } = await approve();
  const got = await eventually('three copies', async () => (arrivals(outTradeNo).length >= 3 ? arrivals(outTradeNo) : false));
  t.equal(new Set(got.map((r) => r.verified!.eventId)).size, 1);
  t.ok(got.every((r) => r.status === 200));
});

t.test('reorder fault: the older event arrives after the newer one', async (t) => {
  const input = attempt();
  const { providerRef } = await adapter.createAttempt(input);
  await control('faults', { reorder: true, remaining: 1 });
  await control(`orders/${providerRef}/approve`, {});
  await eventually('APPROVED held by the sandbox', async () =>
    sandbox.engine.dispatcher.events.some((e) => e.event.resource.id === providerRef && e.state === 'held'),
  );
  t.equal(arrivals(input.outTradeNo).length, 0, 'APPROVED is held back');
  await adapter.capture(input.outTradeNo, providerRef!);
  const got = await eventually('both events', async () => (arrivals(input.outTradeNo).length >= 2 ? arrivals(input.outTradeNo) : false));
  t.same(
    got.map((r) => r.verified!.eventType),
    ['PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED'],
  );
});

t.test('delay fault: the first delivery waits', async (t) => {
  await control('faults', { delayMs: 400, remaining: 1 });
  const start = Date.now();
  const { outTradeNo } = await approve();
  const first = await eventually('delayed event', async () => arrivals(outTradeNo)[0]);
  t.ok(first.at - start >= 380, `arrived after ${first.at - start} ms`);
});

t.test('wrong-amount fault: validly signed, but the amount is off', async (t) => {
  await control('faults', { wrongAmount: true, remaining: 1 });
  const { outTradeNo } = await approve();
  const got = await eventually('event', async () => arrivals(outTradeNo)[0]);
  t.match(got.verified, { state: 'approved', amountCents: 15100, currency: 'USD' }, 'the app must compare amounts itself');
});

t.test('drop fault: the event is never sent; the log says so', async (t) => {
  await control('faults', { drop: true, remaining: 1 });
  const { outTradeNo, orderId } = await approve();
  // Once the sandbox has logged the event as dropped it will not send it: nothing can arrive later.
  const event = await eventually('the event logged as dropped', async () => {
    const found = sandbox.engine.dispatcher.events.find((e) => e.event.resource.id === orderId);
    return found && (await deliveriesOf(found.event.id)).some((d) => d.outcome === 'dropped') && found;
  });
  t.match(await deliveriesOf(event.event.id), [{ outcome: 'dropped' }]);
  t.equal(arrivals(outTradeNo).length, 0);
  // The dashboard's "Resend" still works for a dropped event.
  await control(`events/${event.event.id}/resend`, {});
  await eventually('resent event', async () => arrivals(outTradeNo)[0]);
  t.pass('resend delivered it');
});
