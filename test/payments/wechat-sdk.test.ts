// Independent cross-check with the community Node SDK wechatpay-node-v3: its signer talks to the
// sandbox, its verifier and AES-GCM decryption check the sandbox's answers and callbacks, and its
// SHA256withRSA signer must reproduce the adapter's Authorization and paySign byte for byte.
import { createPublicKey } from 'node:crypto';
import Fastify from 'fastify';
import t from 'tap';
import Pay from 'wechatpay-node-v3';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials } from '../../payments/src/wechat/index.js';
import { startWechatSandbox } from '@shop/sandboxes/wechat/index';
import { eventually } from '../helpers/tmp.js';

/** Exposes the SDK's protected certificate store and paySign signer. */
class SdkPay extends Pay {
  static trust(serial: string, publicKeyPem: string): void {
    Pay.certificates[serial] = publicKeyPem;
  }
  paySignOf(message: string): string {
    return this.sign(message);
  }
}

interface Captured {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** The SDK's pluggable HTTP service, sending to the sandbox instead of api.mch.weixin.qq.com. */
class SandboxHttp {
  last?: Captured;
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }
  post(url: string, params: Record<string, unknown>, headers: Record<string, string>) {
    return this.send('POST', url, headers, JSON.stringify(params));
  }
  get(url: string, headers: Record<string, string>) {
    return this.send('GET', url, headers);
  }
  upload(): never {
    throw new Error('not used');
  }
  private async send(method: string, url: string, headers: Record<string, string>, body?: string) {
    const res = await fetch(url.replace('https://api.mch.weixin.qq.com', this.base), { method, headers, body });
    const text = await res.text();
    const h: Record<string, string> = {};
    res.headers.forEach((v, k) => (h[k] = v));
    this.last = { status: res.status, headers: h, text };
    return { status: res.status, data: text ? JSON.parse(text) : undefined };
  }
}

const credentials = await generateWechatCredentials();
// Mounted at the root: the SDK signs paths as on api.mch.weixin.qq.com, without a prefix.
const sandbox = await startWechatSandbox({ credentials, prefix: '', timeScale: 0.001 });
t.teardown(() => sandbox.close());

const sdk = new SdkPay({
  appid: credentials.appid,
  mchid: credentials.mchid,
  publicKey: Buffer.from(credentials.merchant.certificatePem),
  privateKey: Buffer.from(credentials.merchant.privateKeyPem),
  key: credentials.apiV3Key,
});
const http = new SandboxHttp(sandbox.baseUrl);
sdk.createHttp(http);
SdkPay.trust(credentials.platformCertificate.serialNo, credentials.platformCertificate.publicKeyPem);
SdkPay.trust(credentials.wechatpayPublicKey.keyId, credentials.wechatpayPublicKey.publicKeyPem);

const sdkVerifies = (c: { headers: Record<string, string | undefined> }, body: string) =>
  sdk
    .verifySign({
      timestamp: c.headers['wechatpay-timestamp']!,
      nonce: c.headers['wechatpay-nonce']!,
      serial: c.headers['wechatpay-serial']!,
      signature: c.headers['wechatpay-signature']!,
      body,
    })
    .catch(() => false);
const setMode = (mode: string) =>
  fetch(`${sandbox.baseUrl}/_control/signing-mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });

// A raw callback endpoint: keeps headers and body exactly as received, acknowledges everything.
const captured: Array<{ headers: Record<string, string | undefined>; body: string }> = [];
const receiver = Fastify();
receiver.removeAllContentTypeParsers();
receiver.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
receiver.post('/notify', async (req, reply) => {
  captured.push({ headers: req.headers as Record<string, string>, body: req.body as string });
  return reply.code(204).send();
});
const notifyUrl = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/notify`;
t.teardown(() => receiver.close());

let seq = 0;
const tradeNo = () => `S${Date.now()}${++seq}`;

t.test('the SDK reads our certificate serial and its requests pass the sandbox', async (t) => {
  t.equal(sdk.getSN().toUpperCase(), credentials.merchant.serialNo, 'serial read from the merchant certificate');
  for (const mode of ['certificate', 'publicKey']) {
    await setMode(mode);
    const no = tradeNo();
    const res = await sdk.transactions_native({ description: '书', out_trade_no: no, notify_url: notifyUrl, amount: { total: 100, currency: 'CNY' } });
    t.equal(res.status, 200, `${mode}: the sandbox accepts the SDK's Authorization`);
    t.match(res.data, { code_url: /^weixin:\/\/wxpay\/bizpayurl\?pr=/ });
    t.equal(http.last!.headers['wechatpay-serial'], mode === 'certificate' ? credentials.platformCertificate.serialNo : credentials.wechatpayPublicKey.keyId);
    t.equal(await sdkVerifies(http.last!, http.last!.text), true, `${mode}: the SDK verifies the sandbox's answer`);
    t.equal(await sdkVerifies(http.last!, http.last!.text.replace('100', '101') + ' '), false, 'a changed body fails');

    const query = await sdk.query({ out_trade_no: no });
    t.match(query, { status: 200, data: { trade_state: 'NOTPAY', amount: { total: 100 } } });
    t.equal(await sdkVerifies(http.last!, http.last!.text), true, 'query answer verifies');
    const closed = await sdk.close(no);
    t.equal(closed.status, 204);
    t.equal(await sdkVerifies(http.last!, ''), true, 'an empty 204 is signed over an empty body line');
  }
  const jsapi = await sdk.transactions_jsapi({
    description: '书',
    out_trade_no: tradeNo(),
    notify_url: notifyUrl,
    amount: { total: 100, currency: 'CNY' },
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  });
  t.match(jsapi, { status: 200, data: { package: /^prepay_id=wx/ } });
});

t.test('the SDK downloads and decrypts the platform certificate', async (t) => {
  await setMode('certificate');
  const certs = await sdk.get_certificates(credentials.apiV3Key);
  t.equal(certs.length, 1);
  t.equal(certs[0]!.serial_no, credentials.platformCertificate.serialNo);
  const sdkKey = createPublicKey(certs[0]!.publicKey as string).export({ type: 'spki', format: 'der' });
  const ours = createPublicKey(credentials.platformCertificate.publicKeyPem).export({ type: 'spki', format: 'der' });
  t.ok(sdkKey.equals(ours), 'the certificate carries the platform public key');
});

t.test('the SDK verifies and decrypts sandbox callbacks; probes and forgeries fail it', async (t) => {
  await setMode('random');
  const adapter = new WechatPayAdapter(adapterConfigFromCredentials(credentials, sandbox.baseUrl));
  const no = tradeNo();
  await adapter.createAttempt({
    outTradeNo: no,
    orderNo: 'SO-9',
    description: '书',
    amountCents: 4200,
    currency: 'CNY',
    method: 'native',
    notifyUrl,
    returnUrl: 'x',
    expiresAt: new Date(Date.now() + 600_000),
  });
  const before = captured.length;
  await fetch(`${sandbox.baseUrl}/_control/orders/${no}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults: { signtestProbe: true, badSignature: true, duplicate: 2 } }),
  });
  await eventually('probe + forged + genuine copies', async () => captured.length - before >= 3);
  const [probe, forged, genuine] = captured.slice(before);

  t.match(probe!.headers['wechatpay-signature'], /^WECHATPAY\/SIGNTEST\//);
  t.equal(await sdkVerifies(probe!, probe!.body), false, 'SIGNTEST probe fails the SDK too');
  t.equal(await sdkVerifies(forged!, forged!.body), false, 'bad signature fails the SDK');
  t.equal(await sdkVerifies(genuine!, genuine!.body), true, 'the genuine copy verifies with the SDK');

  const envelope = JSON.parse(genuine!.body) as { id: string; resource: { ciphertext: string; associated_data: string; nonce: string; algorithm: string } };
  t.equal(envelope.resource.algorithm, 'AEAD_AES_256_GCM');
  const tx = sdk.decipher_gcm<Record<string, unknown>>(
    envelope.resource.ciphertext,
    envelope.resource.associated_data,
    envelope.resource.nonce,
    credentials.apiV3Key,
  );
  t.match(tx, { out_trade_no: no, trade_state: 'SUCCESS', mchid: credentials.mchid, appid: credentials.appid, amount: { total: 4200, currency: 'CNY' } });

  const ours = await adapter.verifyNotification({ headers: genuine!.headers, rawBody: genuine!.body });
  t.match(ours, { eventId: envelope.id, outTradeNo: no, amountCents: 4200, providerRef: tx.transaction_id });
});

t.test("the SDK's signer reproduces the adapter's Authorization and paySign", async (t) => {
  const sent: Array<{ url: string; method: string; headers: Record<string, string>; body: string }> = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: (init?.body as string) ?? '' });
    return fetch(input, init);
  };
  const adapter = new WechatPayAdapter({ ...adapterConfigFromCredentials(credentials, sandbox.baseUrl), fetch: recordingFetch });
  const no = tradeNo();
  const created = await adapter.createAttempt({
    outTradeNo: no,
    orderNo: 'SO-7',
    description: '书',
    amountCents: 990,
    currency: 'CNY',
    method: 'jsapi',
    openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    notifyUrl,
    returnUrl: 'x',
    expiresAt: new Date(Date.now() + 600_000),
  });
  await adapter.query(no);

  for (const req of sent) {
    const auth = req.headers.Authorization!;
    const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? '';
    t.ok(auth.startsWith('WECHATPAY2-SHA256-RSA2048 '), `${req.method} schema`);
    t.equal(field('mchid'), credentials.mchid);
    t.equal(field('serial_no').toUpperCase(), sdk.getSN().toUpperCase());
    t.match(field('nonce_str'), /^[A-Za-z0-9]{32}$/);
    const url = new URL(req.url);
    const expected = sdk.getSignature(req.method, field('nonce_str'), field('timestamp'), url.pathname + url.search, req.body || undefined);
    t.equal(field('signature'), expected, `${req.method} ${url.pathname}: same signature as the SDK's`);
  }

  if (created.nextAction.type !== 'jsapi') return t.fail('expected jsapi');
  const p = created.nextAction.paySign;
  t.equal(p.paySign, sdk.paySignOf([p.appId, p.timeStamp, p.nonceStr, p.package, ''].join('\n')), "paySign equals the SDK's");
});
