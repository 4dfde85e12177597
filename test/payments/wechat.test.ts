// WeChat Pay adapter against the WeChat sandbox over real HTTP: Native and JSAPI flows, query,
// close, out_trade_no rules, request/response signatures, and the callback seen by a receiver.
import { createPublicKey } from 'node:crypto';
import Fastify from 'fastify';
import t, { type Test } from 'tap';
import { NotificationRejected, type CreateAttemptInput, type PaymentProvider, type VerifiedNotification } from '../../payments/src/provider.js';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials, paySignMessage, rsaVerify } from '../../payments/src/wechat/index.js';
import { startWechatSandbox, wechatSandbox, type OrderView } from '@shop/sandboxes/wechat/index';
import { eventually } from '../helpers/tmp.js';

interface Received {
  tag: string;
  status: number;
  verified?: VerifiedNotification;
  rejected?: string;
}

/** A merchant callback endpoint: verifies with the adapter and answers with adapter.answer. */
async function startReceiver(adapter: PaymentProvider) {
  const received: Received[] = [];
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post<{ Params: { tag: string } }>('/notify/:tag', async (req, reply) => {
    const rec: Received = { tag: req.params.tag, status: 0 };
    try {
      rec.verified = await adapter.verifyNotification({ headers: req.headers as Record<string, string>, rawBody: req.body as string });
    } catch (err) {
      if (!(err instanceof NotificationRejected)) throw err;
      rec.rejected = err.reason;
    }
    const answer = adapter.answer(rec.verified !== undefined);
    rec.status = answer.status;
    received.push(rec);
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, received, close: () => app.close(), of: (tag: string) => received.filter((r) => r.tag === tag) };
}

const credentials = await generateWechatCredentials();
const sandbox = await startWechatSandbox({ credentials, prefix: '/wechat', timeScale: 0.001 });
t.teardown(() => sandbox.close());
const adapter = new WechatPayAdapter(adapterConfigFromCredentials(credentials, sandbox.baseUrl));
const receiver = await startReceiver(adapter);
t.teardown(() => receiver.close());

let seq = 0;
const tradeNo = () => `T${Date.now()}${++seq}`;
const attempt = (over: Partial<CreateAttemptInput> = {}): CreateAttemptInput => ({
  outTradeNo: tradeNo(),
  orderNo: 'SO-1001',
  description: 'ISO 26262 全套 (电子版)',
  amountCents: 7500,
  currency: 'CNY',
  method: 'native',
  notifyUrl: `${receiver.url}/notify/default`,
  returnUrl: 'https://shop.example/return',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  ...over,
});
async function control<T = OrderView>(path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(
    `${sandbox.baseUrl}/_control${path}`,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { status: res.status, json: (await res.json()) as T };
}
const rejectsWith = (t: Test, p: Promise<unknown>, code: string, retryable: boolean) =>
  t.rejects(p, { name: 'ProviderError', provider: 'wechat', code, retryable }, `ProviderError ${code}`);

t.test('native: create, query NOTPAY, pay, callback decrypted, query SUCCESS', async (t) => {
  const input = attempt({ notifyUrl: `${receiver.url}/notify/native` });
  const created = await adapter.createAttempt(input);
  t.equal(created.nextAction.type, 'qr');
  const codeUrl = created.nextAction.type === 'qr' ? created.nextAction.codeUrl : '';
  t.match(codeUrl, /^weixin:\/\/wxpay\/bizpayurl\?pr=[A-Za-z0-9]{7}$/);

  t.match(await adapter.query(input.outTradeNo), { state: 'pending', outTradeNo: input.outTradeNo, amountCents: 7500, currency: 'CNY' });
  const again = await adapter.createAttempt(input);
  t.same(again.nextAction, created.nextAction, 'identical parameters while unpaid: the same code_url');

  const link = await control<{ cashierUrl: string }>(`/cashier-url?code_url=${encodeURIComponent(codeUrl)}`);
  t.equal(link.json.cashierUrl, `${sandbox.baseUrl}/cashier/${input.outTradeNo}`, 'cashier URL under the mount prefix');
  const page = await fetch(link.json.cashierUrl);
  const html = await page.text();
  t.equal(page.status, 200);
  t.match(html, '¥75.00');
  t.match(html, /action="[^"]+\/pay"/);

  const paid = await control(`/orders/${input.outTradeNo}/pay`, {});
  t.equal(paid.json.state, 'SUCCESS');
  const [note] = await eventually('callback', async () => (receiver.of('native').length ? receiver.of('native') : false));
  t.match(note, {
    status: 204,
    verified: {
      eventType: 'TRANSACTION.SUCCESS',
      state: 'succeeded',
      outTradeNo: input.outTradeNo,
      amountCents: 7500,
      currency: 'CNY',
      merchantId: credentials.mchid,
      appId: credentials.appid,
      providerRef: paid.json.transactionId,
    },
  });
  t.match(note!.verified!.providerRef, /^\d{28}$/);

  t.match(await adapter.query(input.outTradeNo), { state: 'succeeded', providerRef: paid.json.transactionId, amountCents: 7500 });
  const log = await control<{ deliveries: Array<{ status: number; acknowledged: boolean }> }>(`/deliveries?out_trade_no=${input.outTradeNo}`);
  t.match(log.json.deliveries, [{ status: 204, acknowledged: true }]);
  await rejectsWith(t, adapter.createAttempt(input), 'ORDERPAID', false);
  t.same(await adapter.close(input.outTradeNo), { state: 'paid' }, 'closing a paid order answers paid (WeChat: ORDERPAID)');
});

t.test('cashier buttons: Cancel keeps NOTPAY, Pay completes', async (t) => {
  const input = attempt({ notifyUrl: `${receiver.url}/notify/cashier` });
  await adapter.createAttempt(input);
  const base = `${sandbox.baseUrl}/cashier/${input.outTradeNo}`;
  const click = (action: string) =>
    fetch(`${base}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });

  const cancelled = await click('cancel');
  t.equal(cancelled.status, 303);
  t.equal(cancelled.headers.get('location'), `${base}?result=cancelled`);
  t.equal((await adapter.query(input.outTradeNo)).state, 'pending', 'a buyer backing out does not close the order');
  t.equal((await click('abandon')).status, 303);

  t.equal((await click('pay')).status, 303);
  await eventually('callback', async () => receiver.of('cashier').length > 0);
  t.equal((await adapter.query(input.outTradeNo)).state, 'succeeded');
  t.notMatch(await (await fetch(base)).text(), /action="[^"]+\/pay"/, 'no Pay button once paid');
});

t.test('JSAPI: paySign verifies with the merchant public key', async (t) => {
  const input = attempt({ method: 'jsapi', openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
  const created = await adapter.createAttempt(input);
  if (created.nextAction.type !== 'jsapi') return t.fail('expected jsapi');
  const p = created.nextAction.paySign;
  t.match(created.providerRef, /^wx\d{14}[0-9a-f]{22}$/);
  t.equal(p.package, `prepay_id=${created.providerRef}`);
  t.equal(p.appId, credentials.appid);
  t.equal(p.signType, 'RSA');
  t.match(p.nonceStr, /^[A-Za-z0-9]{32}$/);
  t.ok(Math.abs(Number(p.timeStamp) - Date.now() / 1000) < 5);
  t.ok(rsaVerify(createPublicKey(credentials.merchant.publicKeyPem), paySignMessage(p.appId, p.timeStamp, p.nonceStr, p.package), p.paySign));
  t.notOk(rsaVerify(createPublicKey(credentials.platformCertificate.publicKeyPem), paySignMessage(p.appId, p.timeStamp, p.nonceStr, p.package), p.paySign));

  const view = await control(`/cashier-url?prepay_id=${encodeURIComponent(p.package)}`);
  t.equal(view.status, 200, 'the prepay id finds the cashier');
  await rejectsWith(t, adapter.createAttempt({ ...input, method: 'jsapi', openId: undefined }), 'PARAM_ERROR', false);
});

t.test('JSAPI in the WeChat app: the bridge pays only a genuine paySign for the signed-in payer', async (t) => {
  const openid = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
  const input = attempt({ method: 'jsapi', openId: openid });
  const created = await adapter.createAttempt(input);
  if (created.nextAction.type !== 'jsapi') return t.fail('expected jsapi');
  const params = created.nextAction.paySign;
  const bridge = async (body: unknown) => {
    const res = await fetch(`${sandbox.baseUrl}/client/jsapi`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as { err_msg: string; err_desc?: string };
  };
  const tampered = { ...params, paySign: params.paySign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
  t.match(await bridge({ ...tampered, openid }), { err_msg: 'get_brand_wcpay_request:fail', err_desc: /paySign/ }, 'a forged paySign is refused');
  t.match(
    await bridge({ ...params, package: 'prepay_id=wx000', openid }),
    { err_msg: 'get_brand_wcpay_request:fail' },
    'a package not covered by the signature is refused',
  );
  t.match(
    await bridge({ ...params, openid: 'oSomeoneElse' }),
    { err_msg: 'get_brand_wcpay_request:fail', err_desc: /payer/ },
    'another WeChat user cannot pay it',
  );
  t.same(await bridge({ ...params, openid, action: 'cancel' }), { err_msg: 'get_brand_wcpay_request:cancel' }, 'the payer backs out');
  t.equal((await adapter.query(input.outTradeNo)).state, 'pending', 'still payable after a cancel');
  t.same(await bridge({ ...params, openid }), { err_msg: 'get_brand_wcpay_request:ok' }, 'the payer pays');
  t.equal((await adapter.query(input.outTradeNo)).state, 'succeeded');
  t.match(await bridge({ ...params, openid }), { err_msg: 'get_brand_wcpay_request:fail' }, 'a paid order cannot be paid twice');
  const res = await fetch(`${sandbox.baseUrl}/client/jsapi`, { method: 'POST', body: 'not json' });
  t.equal(res.status, 400, 'garbage is a 400, not a crash');
});

t.test('close, expire and unknown numbers', async (t) => {
  const input = attempt();
  await adapter.createAttempt(input);
  await adapter.close(input.outTradeNo);
  t.match(await adapter.query(input.outTradeNo), { state: 'closed', detail: /^CLOSED/ });
  await adapter.close(input.outTradeNo); // ORDER_CLOSED counts as success
  t.pass('closing twice is idempotent');
  t.equal((await control(`/orders/${input.outTradeNo}/pay`, {})).status, 409, 'a closed order cannot be paid');
  await rejectsWith(t, adapter.createAttempt(input), 'ORDER_CLOSED', false);

  const unknown = tradeNo();
  t.match(await adapter.query(unknown), { state: 'pending', outTradeNo: unknown }, 'not found yet reads pending');
  await adapter.close(unknown);
  t.pass('closing an unknown number is fine');

  const late = attempt();
  await adapter.createAttempt(late);
  t.equal((await control(`/orders/${late.outTradeNo}/expire`, {})).json.expired, true);
  t.equal((await control(`/orders/${late.outTradeNo}/pay`, {})).status, 409, 'an expired code cannot be paid');
  t.equal((await adapter.query(late.outTradeNo)).state, 'pending', 'expired but unclosed stays NOTPAY');
  await adapter.close(late.outTradeNo);
  t.equal((await adapter.query(late.outTradeNo)).state, 'closed');
});

t.test('out_trade_no reuse: other trade type or other parameters refused', async (t) => {
  const input = attempt();
  await adapter.createAttempt(input);
  await rejectsWith(t, adapter.createAttempt({ ...input, method: 'jsapi', openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }), 'OUT_TRADE_NO_USED', false);
  await rejectsWith(t, adapter.createAttempt({ ...input, amountCents: 7600 }), 'OUT_TRADE_NO_USED', false);
  await rejectsWith(t, adapter.createAttempt({ ...input, outTradeNo: 'bad no!' }), 'PARAM_ERROR', false);
  await rejectsWith(t, adapter.createAttempt({ ...attempt(), currency: 'EUR' }), 'PARAM_ERROR', false);
});

t.test('signatures: the sandbox refuses a wrong merchant key, the adapter a forged answer', async (t) => {
  const stranger = await generateWechatCredentials({ mchid: credentials.mchid, appid: credentials.appid });
  const forger = new WechatPayAdapter({ ...adapterConfigFromCredentials(credentials, sandbox.baseUrl), merchantPrivateKey: stranger.merchant.privateKeyPem });
  await rejectsWith(t, forger.createAttempt(attempt()), 'SIGN_ERROR', false);

  const raw = await fetch(`${sandbox.baseUrl}/v3/pay/transactions/out-trade-no/X123456?mchid=${credentials.mchid}`);
  t.equal(raw.status, 401);
  t.match(await raw.json(), { code: 'SIGN_ERROR' });
  t.ok(raw.headers.get('wechatpay-signature'), 'error answers are signed too');

  const misled = new WechatPayAdapter({
    ...adapterConfigFromCredentials(credentials, sandbox.baseUrl),
    platformCertificates: [{ serialNo: credentials.platformCertificate.serialNo, pem: stranger.platformCertificate.certificatePem }],
    wechatpayPublicKey: { keyId: credentials.wechatpayPublicKey.keyId, pem: stranger.wechatpayPublicKey.publicKeyPem },
  });
  const existing = attempt();
  await adapter.createAttempt(existing);
  await rejectsWith(t, misled.query(existing.outTradeNo), 'RESPONSE_SIGNATURE', false);
  await rejectsWith(t, misled.createAttempt(existing), 'RESPONSE_SIGNATURE', false);
});

t.test('platform certificates: downloaded, decrypted and trusted', async (t) => {
  const config = adapterConfigFromCredentials(credentials, sandbox.baseUrl);
  // Trusts no platform certificate yet (the public key slot holds a key that is not WeChat's).
  const certOnly = new WechatPayAdapter({
    ...config,
    platformCertificates: [],
    wechatpayPublicKey: { keyId: 'PUB_KEY_ID_0000', pem: credentials.merchant.publicKeyPem },
  });
  const before = await control<{ mode: string }>('/signing-mode');
  await control('/signing-mode', { mode: 'certificate' });
  t.teardown(() => control('/signing-mode', { mode: before.json.mode }));
  const existing = attempt();
  await adapter.createAttempt(existing);
  await rejectsWith(t, certOnly.query(existing.outTradeNo), 'RESPONSE_SIGNATURE', false);
  const certs = await certOnly.refreshPlatformCertificates();
  t.match(certs, [{ serialNo: credentials.platformCertificate.serialNo }]);
  t.equal((await certOnly.query(existing.outTradeNo)).state, 'pending', 'answers verify with the downloaded certificate');
});

t.test('mounted by a host app under its own prefix; closing the app stops redelivery', async (t) => {
  const host = Fastify();
  host.post('/api/echo', async (req) => req.body); // the host keeps its own JSON parsing
  const plugin = wechatSandbox({ credentials, timeScale: 0.001 });
  await host.register(plugin, { prefix: '/pay/wechat' });
  const origin = await host.listen({ port: 0, host: '127.0.0.1' });
  const hosted = new WechatPayAdapter(adapterConfigFromCredentials(credentials, `${origin}/pay/wechat`));

  t.same(await (await fetch(`${origin}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })).json(), { a: 1 });
  const input = attempt({ notifyUrl: 'http://127.0.0.1:9/notify' }); // nobody listens: redelivery keeps going
  await hosted.createAttempt(input);
  const link = (await (await fetch(`${origin}/pay/wechat/_control/cashier-url?out_trade_no=${input.outTradeNo}`)).json()) as { cashierUrl: string };
  t.equal(link.cashierUrl, `${origin}/pay/wechat/cashier/${input.outTradeNo}`, 'URLs built from Host and prefix');
  await fetch(`${origin}/pay/wechat/_control/orders/${input.outTradeNo}/pay`, { method: 'POST' });
  await eventually('a few failed deliveries', async () => plugin.sandbox.notifier.log.length >= 2);
  await host.close();
  const count = plugin.sandbox.notifier.log.length;
  await new Promise((r) => setTimeout(r, 200));
  t.equal(plugin.sandbox.notifier.log.length, count, 'no delivery after close');
  t.match(plugin.sandbox.notifier.log[0], { status: null, acknowledged: false, error: /./ });
});

t.test('answers WeChat expects from the receiver', async (t) => {
  t.same(adapter.answer(true), { status: 204, contentType: 'application/json', body: '' });
  t.same(adapter.answer(false), { status: 500, contentType: 'application/json', body: '{"code":"FAIL","message":"失败"}' });
});
