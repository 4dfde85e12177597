// Cross-check with Alipay's official Node SDK (alipay-sdk), so the adapter and the sandbox cannot
// merely agree with each other: the SDK calls the sandbox and verifies its response signatures,
// checks its notifies and return parameters, the sandbox accepts the SDK's page-pay forms, and
// the SDK's request signature equals the adapter's for the same parameters.
import formbody from '@fastify/formbody';
import { AlipaySdk } from 'alipay-sdk';
import Fastify from 'fastify';
import t from 'tap';
import { AlipayAdapter, generateAlipayCredentials, signRequestParams } from '../../payments/src/alipay/index.js';
import { AlipaySandboxControl, alipaySandbox, parseHtmlForm as parseForm, submitHtmlForm } from '@shop/sandboxes/alipay/index';

const creds = generateAlipayCredentials();
const other = generateAlipayCredentials();

// Two sandboxes (the documented notify signing, and the variant keeping sign_type) on one server
// under different prefixes, as the combined dev sandbox will mount them.
const port = await new Promise<number>((resolve) => {
  const probe = Fastify();
  void probe.listen({ host: '127.0.0.1', port: 0 }).then(() => {
    const p = (probe.server.address() as { port: number }).port;
    void probe.close().then(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const plain = alipaySandbox({ ...creds, publicBaseUrl: `${base}/alipay`, timeScale: 0.00001 });
const withType = alipaySandbox({ ...creds, publicBaseUrl: `${base}/sandboxes/alipay2`, timeScale: 0.00001, notifySignIncludesSignType: true });
const server = Fastify();
await server.register(plain, { prefix: '/alipay' });
await server.register(withType, { prefix: '/sandboxes/alipay2' });
await server.listen({ host: '127.0.0.1', port });
t.teardown(() => server.close());

const sdkFor = (gateway: string, privateKey = creds.appPrivateKey, alipayPublicKey = creds.alipayPublicKey) =>
  new AlipaySdk({ appId: creds.appId, privateKey, alipayPublicKey, gateway, timeout: 5000 });
const sdk = sdkFor(plain.gatewayUrl);
const adapterFor = (gatewayUrl: string) =>
  new AlipayAdapter({ appId: creds.appId, appPrivateKey: creds.appPrivateKey, alipayPublicKey: creds.alipayPublicKey, sellerId: creds.sellerId, gatewayUrl });
const adapter = adapterFor(plain.gatewayUrl);

// A merchant receiver written against the SDK: @fastify/formbody parses the form, the SDK checks it.
const bodies: Array<{ path: string; form: Record<string, string>; sdkOk: boolean; sdkV2Ok: boolean }> = [];
const receiver = Fastify();
await receiver.register(formbody);
receiver.post<{ Params: { which: string } }>('/notify/:which', async (req, reply) => {
  const form = { ...(req.body as Record<string, string>) };
  const sdkOk = sdk.checkNotifySign({ ...form });
  const sdkV2Ok = sdk.checkNotifySignV2({ ...form });
  bodies.push({ path: req.params.which, form, sdkOk, sdkV2Ok });
  return reply.type('text/plain').send(sdkV2Ok ? 'success' : 'fail');
});
await receiver.listen({ host: '127.0.0.1', port: 0 });
t.teardown(() => receiver.close());
const receiverUrl = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}`;

// ---- helpers ---------------------------------------------------------------------------------
const submit = async (f: { action: string; fields: Record<string, string> }) => (await submitHtmlForm(f)).html;
const controlOf = (sb: typeof plain) => new AlipaySandboxControl(sb.gatewayUrl.replace(/\/gateway\.do$/, ''));
async function eventually<T>(what: string, fn: () => Promise<T | false | undefined> | T | false | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
let seq = 0;
const newOutTradeNo = () => `S${Date.now()}${++seq}`;
async function adapterAttempt(gatewayAdapter: AlipayAdapter, which: string, amountCents = 7500) {
  const outTradeNo = newOutTradeNo();
  const created = await gatewayAdapter.createAttempt({
    outTradeNo,
    orderNo: `O-${seq}`,
    description: '汽车软件 ASPICE 指南',
    amountCents,
    currency: 'CNY',
    method: 'page',
    notifyUrl: `${receiverUrl}/notify/${which}`,
    returnUrl: `${receiverUrl}/return`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  if (created.nextAction.type !== 'form') throw new Error('expected a form');
  return { outTradeNo, form: parseForm(created.nextAction.body) };
}

// ---- tests -----------------------------------------------------------------------------------
t.test('the SDK queries the sandbox and accepts its response signatures', async (t) => {
  const { outTradeNo, form } = await adapterAttempt(adapter, 'plain');
  const before = await sdk.exec('alipay.trade.query', { bizContent: { outTradeNo } }, { validateSign: true });
  t.match(before, { code: '40004', subCode: 'ACQ.TRADE_NOT_EXIST' }, 'not existing before the cashier opens');

  await submit(form);
  const waiting = await sdk.exec('alipay.trade.query', { bizContent: { outTradeNo } }, { validateSign: true });
  t.match(waiting, { code: '10000', outTradeNo, tradeStatus: 'WAIT_BUYER_PAY', totalAmount: '75.00' });

  await controlOf(plain).pay(outTradeNo);
  const paid = await sdk.exec('alipay.trade.query', { bizContent: { tradeNo: waiting.tradeNo } }, { validateSign: true });
  t.match(paid, { code: '10000', outTradeNo, tradeStatus: 'TRADE_SUCCESS', buyerPayAmount: '75.00' }, 'by trade_no');

  const closeRes = await sdk.exec('alipay.trade.close', { bizContent: { outTradeNo } }, { validateSign: true });
  t.match(closeRes, { code: '40004', subCode: 'ACQ.TRADE_STATUS_ERROR' }, 'a paid trade cannot be closed');

  const distrustful = sdkFor(plain.gatewayUrl, creds.appPrivateKey, other.alipayPublicKey);
  await t.rejects(
    distrustful.exec('alipay.trade.query', { bizContent: { outTradeNo } }, { validateSign: true }),
    /验签失败/,
    'the SDK really checks the signature',
  );
  const wrongKey = sdkFor(plain.gatewayUrl, other.appPrivateKey);
  t.match(
    await wrongKey.exec('alipay.trade.query', { bizContent: { outTradeNo } }, { validateSign: true }),
    { code: '40002', subCode: 'isv.invalid-signature' },
    'sandbox checks the SDK request signature',
  );
});

t.test("the SDK's notify check accepts the sandbox's notifies (both signing variants) and its return", async (t) => {
  for (const [which, sb] of [
    ['plain', plain],
    ['withType', withType],
  ] as const) {
    const a = adapterFor(sb.gatewayUrl);
    const { outTradeNo, form } = await adapterAttempt(a, which);
    await submit(form);
    await controlOf(sb).pay(outTradeNo);
    const got = await eventually(`${which} notify`, () => bodies.find((b) => b.form.out_trade_no === outTradeNo));
    t.equal(got.sdkOk, true, `${which}: checkNotifySign`);
    t.equal(got.sdkV2Ok, true, `${which}: checkNotifySignV2`);
    t.match(got.form, { trade_status: 'TRADE_SUCCESS', total_amount: '75.00', app_id: creds.appId, seller_id: creds.sellerId, sign_type: 'RSA2' });
    const log = await controlOf(sb).deliveries({ outTradeNo });
    t.match(log, [{ acknowledged: true, responseBody: 'success' }], `${which}: acknowledged by the SDK-based receiver`);
    const n = await a.verifyNotification({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: log[0]!.body });
    t.match(n, { state: 'succeeded', amountCents: 7500, outTradeNo }, `${which}: adapter accepts the same body`);
  }

  const { outTradeNo, form } = await adapterAttempt(adapter, 'plain');
  await submit(form);
  const payRes = (await controlOf(plain).pay(outTradeNo, { badSign: true })).body;
  const bad = await eventually('bad notify', () => bodies.find((b) => b.form.out_trade_no === outTradeNo));
  t.equal(bad.sdkV2Ok, false, 'SDK rejects a bad signature too');
  t.equal(bad.sdkOk, false);
  const ret = Object.fromEntries(new URL(payRes.returnUrl!).searchParams);
  t.equal(sdk.checkNotifySignV2(ret), true, 'SDK verifies the signed return parameters');
  t.equal(adapter.verifyReturn(ret).authentic, true, 'adapter too');
});

t.test('the sandbox accepts page-pay forms and URLs produced by the SDK', async (t) => {
  const outTradeNo = newOutTradeNo();
  const bizContent = { outTradeNo, productCode: 'FAST_INSTANT_TRADE_PAY', totalAmount: '12.34', subject: 'SDK 表单 "quoted" & more' };
  const html = sdk.pageExecute('alipay.trade.page.pay', 'POST', { bizContent, returnUrl: `${receiverUrl}/return`, notifyUrl: `${receiverUrl}/notify/plain` });
  const cashier = await submit(parseForm(html));
  t.match(cashier, /data-amount="12\.34"/, 'cashier opened for the SDK form');
  t.notMatch(cashier, /data-sub-code/, 'no error page');
  t.match(await adapter.query(outTradeNo), { state: 'pending', detail: 'WAIT_BUYER_PAY', amountCents: 1234 });

  const getNo = newOutTradeNo();
  const url = sdk.pageExecute('alipay.trade.page.pay', 'GET', { bizContent: { ...bizContent, outTradeNo: getNo } });
  t.match(await (await fetch(url)).text(), /data-amount="12\.34"/, 'GET variant accepted');

  const forged = sdkFor(plain.gatewayUrl, other.appPrivateKey).pageExecute('alipay.trade.page.pay', 'POST', {
    bizContent: { ...bizContent, outTradeNo: newOutTradeNo() },
  });
  t.match(await submit(parseForm(forged)), /isv\.invalid-signature/, 'a form signed with another key is refused');
});

t.test("the SDK's request signature equals the adapter's for the same parameters", async (t) => {
  // Adapter form -> the SDK signs the same parameter set -> same sign.
  const { form } = await adapterAttempt(adapter, 'plain');
  const q = Object.fromEntries(new URL(form.action).searchParams);
  const sdkStr = sdk.sdkExecute('alipay.trade.page.pay', {
    timestamp: q.timestamp,
    format: q.format,
    notifyUrl: q.notify_url,
    returnUrl: q.return_url,
    bizContent: JSON.parse(form.fields.biz_content!),
  });
  const sdkParams = Object.fromEntries(new URLSearchParams(sdkStr));
  t.equal(sdkParams.biz_content, form.fields.biz_content, 'same biz_content text');
  t.equal(sdkParams.sign, q.sign, 'SDK sign === adapter sign');

  // SDK form -> the adapter's signer over the same parameters -> same sign.
  const sdkHtml = sdk.pageExecute('alipay.trade.page.pay', 'POST', {
    bizContent: { outTradeNo: 'X-1', productCode: 'FAST_INSTANT_TRADE_PAY', totalAmount: '0.01', subject: '测试' },
    returnUrl: 'https://shop.example/return?x=1',
  });
  const f = parseForm(sdkHtml);
  const all: Record<string, string> = { ...Object.fromEntries(new URL(f.action).searchParams), ...f.fields };
  t.ok(all.alipay_sdk, 'SDK adds alipay_sdk, which is signed too');
  t.equal(signRequestParams(all, creds.appPrivateKey), all.sign, 'adapter sign === SDK sign');
});
