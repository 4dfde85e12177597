// Independent cross-checks, so the adapter and the sandbox cannot merely agree with each other:
// PayPal's official server SDK (@paypal/paypal-server-sdk) drives the sandbox over HTTP (OAuth,
// create, get, capture, errors), and webhook signatures are checked with node-forge and an
// own CRC32, not with the adapter's code.
import Fastify from 'fastify';
import forge from 'node-forge';
import t from 'tap';
import {
  ApiError,
  CheckoutPaymentIntent,
  CustomError,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import type { NotificationInput } from '../../payments/src/provider.js';
import { PaypalAdapter } from '../../payments/src/paypal/index.js';
import { paypalAdapterConfigForSandbox, startPaypalSandboxServer } from '@shop/sandboxes/paypal/index';
import { localSandboxSdkClient } from '../helpers/paypal-sdk-client.js';
import { eventually } from '../helpers/tmp.js';

const sandbox = await startPaypalSandboxServer({ timeScale: 0.001 });
t.teardown(() => sandbox.close());
const { credentials } = sandbox;
const adapter = new PaypalAdapter(paypalAdapterConfigForSandbox(sandbox.url, credentials));

/** The SDK against the local sandbox, with the sandbox's credentials (or another secret). */
const sdkClient = (baseUrl: string, clientSecret = credentials.clientSecret) =>
  localSandboxSdkClient(baseUrl, { clientId: credentials.clientId, clientSecret });
const client = sdkClient(sandbox.url);
const orders = new OrdersController(client);

// A plain webhook sink that keeps transmissions exactly as received.
const transmissions: NotificationInput[] = [];
const sink = Fastify();
sink.removeAllContentTypeParsers();
sink.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
sink.post('/hook', async (req) => {
  transmissions.push({ headers: { ...(req.headers as Record<string, string>) }, rawBody: req.body as string });
  return 'ok';
});
sandbox.engine.dispatcher.webhookUrl = `${await sink.listen({ host: '127.0.0.1', port: 0 })}/hook`;
t.teardown(() => sink.close());

function sdkOrderBody(customId: string) {
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      { referenceId: customId, customId, invoiceId: `INV-${customId}`, description: 'SDK order', amount: { currencyCode: 'EUR', value: '25.00' } },
    ],
    paymentSource: {
      paypal: {
        experienceContext: {
          returnUrl: 'https://shop.test/return',
          cancelUrl: 'https://shop.test/cancel',
          userAction: PaypalExperienceUserAction.PayNow,
          shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
        },
      },
    },
  };
}

t.test('the official SDK: OAuth, create (+ request-id replay), get, capture, 422 errors', async (t) => {
  const customId = `SDK${Date.now()}`;
  const created = await orders.createOrder({ body: sdkOrderBody(customId), paypalRequestId: customId, prefer: 'return=representation' });
  t.equal(created.statusCode, 201);
  const id = created.result.id!;
  t.match(id, /^[A-Z0-9]{17}$/);
  t.equal(created.result.status, 'PAYER_ACTION_REQUIRED');
  t.match(created.result.purchaseUnits?.[0], { customId, invoiceId: `INV-${customId}`, amount: { currencyCode: 'EUR', value: '25.00' } });
  const payerAction = created.result.links?.find((l) => l.rel === 'payer-action')?.href;
  t.equal(payerAction, `${sandbox.url}/checkoutnow?token=${id}`);

  const replay = await orders.createOrder({ body: sdkOrderBody(customId), paypalRequestId: customId });
  t.equal(replay.statusCode, 200, 'replay answers 200');
  t.equal(replay.result.id, id, 'with the same order');

  const early = await orders.captureOrder({ id, paypalRequestId: `${customId}-c0` }).catch((e: unknown) => e);
  t.ok(early instanceof CustomError, 'capture before approval: CustomError');
  t.equal((early as CustomError).statusCode, 422);
  t.equal((early as CustomError).result?.details?.[0]?.issue, 'ORDER_NOT_APPROVED');

  // The buyer presses Pay on the approval page.
  const pay = await fetch(`${sandbox.url}/checkoutnow/${id}/pay`, { method: 'POST', redirect: 'manual' });
  t.equal(pay.status, 303);
  const got = await orders.getOrder({ id });
  t.equal(got.statusCode, 200);
  t.equal(got.result.status, 'APPROVED');
  t.ok(got.result.payer?.payerId, 'payer known after approval');
  t.equal(got.result.purchaseUnits?.[0]?.payee?.merchantId, credentials.merchantId);

  const captured = await orders.captureOrder({ id, paypalRequestId: `${customId}-c1`, prefer: 'return=representation' });
  t.equal(captured.statusCode, 201);
  t.equal(captured.result.status, 'COMPLETED');
  const capture = captured.result.purchaseUnits?.[0]?.payments?.captures?.[0];
  t.match(capture, { status: 'COMPLETED', amount: { currencyCode: 'EUR', value: '25.00' }, customId, finalCapture: true });
  t.ok(capture?.sellerReceivableBreakdown?.netAmount, 'seller receivable breakdown');

  const same = await orders.captureOrder({ id, paypalRequestId: `${customId}-c1` });
  t.equal(same.statusCode, 200, 'capture request-id replay answers 200');
  const twice = await orders.captureOrder({ id, paypalRequestId: `${customId}-c2` }).catch((e: unknown) => e);
  t.equal((twice as CustomError).statusCode, 422);
  t.equal((twice as CustomError).result?.details?.[0]?.issue, 'ORDER_ALREADY_CAPTURED');

  // The adapter reads the SDK-made order the same way.
  t.match(await adapter.query(customId, id), { state: 'succeeded', amountCents: 2500, currency: 'EUR' });
});

t.test('the SDK reads orders the adapter created, and the adapter captures orders the SDK sees', async (t) => {
  const outTradeNo = `AD${Date.now()}`;
  const { providerRef } = await adapter.createAttempt({
    outTradeNo,
    orderNo: 'ORD-SDK-1',
    description: 'read by the SDK',
    amountCents: 990,
    currency: 'USD',
    method: 'redirect',
    notifyUrl: 'https://shop.test/hook',
    returnUrl: 'https://shop.test/return',
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const got = await orders.getOrder({ id: providerRef! });
  t.match(got.result, { intent: 'CAPTURE', status: 'PAYER_ACTION_REQUIRED' });
  t.match(got.result.purchaseUnits?.[0], {
    referenceId: outTradeNo,
    customId: outTradeNo,
    invoiceId: outTradeNo,
    amount: { currencyCode: 'USD', value: '9.90' },
  });
  await fetch(`${sandbox.url}/checkoutnow/${providerRef}/pay`, { method: 'POST', redirect: 'manual' });
  t.equal((await adapter.capture(outTradeNo, providerRef!)).state, 'succeeded');
  t.equal((await orders.getOrder({ id: providerRef! })).result.purchaseUnits?.[0]?.payments?.captures?.[0]?.status, 'COMPLETED');
});

t.test('the SDK is refused with a wrong client secret', async (t) => {
  const bad = new OrdersController(sdkClient(sandbox.url, 'not-the-secret'));
  const err = await bad.getOrder({ id: 'ABC' }).catch((e: unknown) => e);
  t.ok(err instanceof ApiError);
  t.equal((err as ApiError).statusCode, 401);
});

// An own CRC32 (bitwise, reflected polynomial 0xEDB88320), independent of zlib's.
function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const message = (h: Record<string, string | undefined>, webhookId: string, body: string) =>
  `${h['paypal-transmission-id']}|${h['paypal-transmission-time']}|${webhookId}|${crc32(body)}`;

async function aTransmission(): Promise<NotificationInput> {
  const { id } = (await orders.createOrder({ body: sdkOrderBody(`WHX${Date.now()}`) })).result;
  const before = transmissions.length;
  sandbox.engine.approve(id!);
  return eventually('a webhook transmission', async () => transmissions[before]);
}

t.test("webhook signatures verify independently with node-forge and PayPal's postback endpoint", async (t) => {
  const tx = await aTransmission();
  const h = tx.headers;
  t.equal(h['paypal-auth-algo'], 'SHA256withRSA');
  const pem = await (await fetch(h['paypal-cert-url']!)).text();
  const cert = forge.pki.certificateFromPem(pem);
  const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
  const verifyWith = (msg: string, sigB64: string) => {
    const md = forge.md.sha256.create();
    md.update(msg, 'utf8');
    return publicKey.verify(md.digest().bytes(), forge.util.decode64(sigB64));
  };
  t.ok(verifyWith(message(h, credentials.webhookId, tx.rawBody), h['paypal-transmission-sig']!), 'node-forge verifies the sandbox signature');
  t.notOk(verifyWith(message(h, 'SOMEOTHERWEBHOOK', tx.rawBody), h['paypal-transmission-sig']!), 'bound to the webhook id');
  t.notOk(verifyWith(message(h, credentials.webhookId, `${tx.rawBody} `), h['paypal-transmission-sig']!), 'bound to the body');

  // PayPal's option A: the postback, authenticated with a token the SDK obtained.
  const token = await client.clientCredentialsAuthManager.fetchToken();
  const postback = async (overrides: Record<string, unknown>) => {
    const res = await fetch(`${sandbox.url}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        auth_algo: h['paypal-auth-algo'],
        cert_url: h['paypal-cert-url'],
        transmission_id: h['paypal-transmission-id'],
        transmission_sig: h['paypal-transmission-sig'],
        transmission_time: h['paypal-transmission-time'],
        webhook_id: credentials.webhookId,
        webhook_event: JSON.parse(tx.rawBody),
        ...overrides,
      }),
    });
    return ((await res.json()) as { verification_status: string }).verification_status;
  };
  t.equal(await postback({}), 'SUCCESS');
  t.equal(await postback({ webhook_id: 'SOMEOTHERWEBHOOK' }), 'FAILURE');
  t.equal(await postback({ transmission_id: 'forged-id' }), 'FAILURE');
});

t.test('the adapter accepts a transmission signed by node-forge per the spec, and refuses a forged one', async (t) => {
  const tx = await aTransmission();
  const key = forge.pki.privateKeyFromPem(credentials.privateKeyPem) as forge.pki.rsa.PrivateKey;
  const headers = { ...tx.headers, 'paypal-transmission-id': `forge-${Date.now()}`, 'paypal-transmission-time': new Date().toISOString() };
  const md = forge.md.sha256.create();
  md.update(message(headers, credentials.webhookId, tx.rawBody), 'utf8');
  const signed = { rawBody: tx.rawBody, headers: { ...headers, 'paypal-transmission-sig': forge.util.encode64(key.sign(md)) } };
  t.match(await adapter.verifyNotification(signed), { eventType: 'CHECKOUT.ORDER.APPROVED', state: 'approved' });

  const otherKey = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 }).privateKey;
  const md2 = forge.md.sha256.create();
  md2.update(message(headers, credentials.webhookId, tx.rawBody), 'utf8');
  const forged = { rawBody: tx.rawBody, headers: { ...headers, 'paypal-transmission-sig': forge.util.encode64(otherKey.sign(md2)) } };
  await t.rejects(adapter.verifyNotification(forged), { name: 'NotificationRejected', reason: 'signature' });
});
