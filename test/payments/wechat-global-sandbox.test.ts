// The overseas adapter against a WeChat Pay Global sandbox over HTTP, and the sandbox's business
// rules: /v3/global/ only, trade_type and merchant_category_code checked, fields of the global product
// only, EUR, the payer charged in CNY; refunds PROCESSING → SUCCESS with a REFUND.SUCCESS callback.
// The official Node SDK's primitives (wechatpay-axios-plugin) verify and decrypt what the sandbox
// sends. A domestic sandbox refuses every currency but CNY.
import Fastify from 'fastify';
import t from 'tap';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { NotificationRejected, type VerifiedNotification } from '../../payments/src/provider.js';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials, type WechatPayConfig } from '../../payments/src/wechat/index.js';
import { startWechatSandbox } from '@shop/sandboxes/wechat/index';
import { eventually } from '../helpers/tmp.js';

const credentials = await generateWechatCredentials();
const overseas = await startWechatSandbox({
  credentials,
  prefix: '/wechat',
  timeScale: 0.0001,
  setup: 'overseas',
  merchantCategoryCodes: ['5942'],
  currencies: ['EUR'],
  refundProcessingMs: 1e12,
});
t.teardown(() => overseas.close());
const config: WechatPayConfig = { ...adapterConfigFromCredentials(credentials, overseas.baseUrl), setup: 'overseas', merchantCategoryCode: '5942' };
const adapter = new WechatPayAdapter(config);

// A raw receiver: the SDK checks each callback before the adapter decodes it.
const got: Array<{ sdkVerified: boolean; sdkPlain: string; n?: VerifiedNotification; rejected?: string; body: string }> = [];
const receiver = Fastify();
receiver.removeAllContentTypeParsers();
receiver.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) => done(null, body));
receiver.post('/notify', async (req, reply) => {
  const h = req.headers as Record<string, string>;
  const body = req.body as string;
  const sdkVerified = Rsa.verify(
    Formatter.response(h['wechatpay-timestamp']!, h['wechatpay-nonce']!, body),
    h['wechatpay-signature']!,
    credentials.wechatpayPublicKey.publicKeyPem,
  );
  const r = (JSON.parse(body) as { resource: { ciphertext: string; nonce: string; associated_data: string } }).resource;
  const sdkPlain = Aes.AesGcm.decrypt(r.ciphertext, credentials.apiV3Key, r.nonce, r.associated_data);
  try {
    got.push({ sdkVerified, sdkPlain, body, n: await adapter.verifyNotification({ headers: h, rawBody: body }) });
    return reply.code(204).send();
  } catch (err) {
    if (!(err instanceof NotificationRejected)) throw err;
    got.push({ sdkVerified, sdkPlain, body, rejected: err.reason });
    return reply.code(500).send({ code: 'FAIL', message: '失败' });
  }
});
const notifyUrl = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/notify`;
t.teardown(() => receiver.close());

let seq = 0;
const attempt = (over: Record<string, unknown> = {}) => ({
  outTradeNo: `G${Date.now()}${++seq}`,
  orderNo: `SO${seq}`,
  description: 'ASPICE 4.0 PAM',
  amountCents: 7500,
  currency: 'EUR',
  method: 'native' as const,
  notifyUrl,
  returnUrl: 'x',
  expiresAt: new Date(Date.now() + 3_600_000),
  ...over,
});

/** A request signed exactly as the SDK signs (Formatter.request + Rsa.sign), to probe the sandbox's rules. */
async function raw(method: 'GET' | 'POST', path: string, body?: unknown) {
  const url = new URL(`${overseas.baseUrl}${path}`);
  const text = body === undefined ? '' : JSON.stringify(body);
  const nonce = Formatter.nonce();
  const ts = Formatter.timestamp();
  const signature = Rsa.sign(Formatter.request(method, url.pathname + url.search, ts, nonce, text), credentials.merchant.privateKeyPem);
  const res = await fetch(url, {
    method,
    body: body === undefined ? undefined : text,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: Formatter.authorization(credentials.mchid, nonce, signature, ts, credentials.merchant.serialNo),
    },
  });
  return { status: res.status, body: (await res.text()) || '{}' };
}
const order = (over: Record<string, unknown> = {}) => ({
  appid: credentials.appid,
  mchid: credentials.mchid,
  description: 'book',
  out_trade_no: `R${Date.now()}${++seq}`,
  trade_type: 'NATIVE',
  merchant_category_code: '5942',
  notify_url: notifyUrl,
  amount: { total: 100, currency: 'EUR' },
  ...over,
});

t.test("the global sandbox keeps the global product's rules", async (t) => {
  t.match(await raw('POST', '/v3/global/transactions/native', order()), { status: 200, body: /weixin:\/\/wxpay\/bizpayurl/ });
  t.match(
    await raw('POST', '/v3/pay/transactions/native', {
      appid: credentials.appid,
      mchid: credentials.mchid,
      description: 'b',
      out_trade_no: 'D1234567',
      notify_url: notifyUrl,
      amount: { total: 100, currency: 'EUR' },
    }),
    { status: 400, body: /INVALID_REQUEST/ },
    'an overseas account on the domestic path',
  );
  t.match(await raw('POST', '/v3/global/transactions/native', order({ trade_type: 'JSAPI' })), { status: 400, body: /trade_type/ });
  t.match(await raw('POST', '/v3/global/transactions/native', order({ merchant_category_code: undefined })), { status: 400, body: /merchant_category_code/ });
  t.match(await raw('POST', '/v3/global/transactions/native', order({ merchant_category_code: '7995' })), { status: 400, body: /mcc/ });
  t.match(
    await raw('POST', '/v3/global/transactions/native', order({ amount: { total: 100, currency: 'USD' } })),
    { status: 400, body: /USD/ },
    'only the contracted currency',
  );
  t.match(await raw('POST', '/v3/global/transactions/native', order({ amount: { total: 100 } })), { status: 400 }, 'the currency is stated');
  t.match(
    await raw('POST', '/v3/global/transactions/native', order({ settle_info: { profit_sharing: false } })),
    { status: 400, body: /settle_info/ },
    'a field the global product does not define',
  );
  t.match(await raw('POST', '/v3/global/transactions/native', order({ sp_mchid: credentials.mchid })), { status: 400 }, 'institutional ids in common mode');
});

t.test('pay, callback (verified by the SDK), query with the payer CNY and rate, close', async (t) => {
  const input = attempt();
  const created = await adapter.createAttempt(input);
  t.equal(created.nextAction.type, 'qr');
  const sent = overseas.sandbox.orders.get(input.outTradeNo)!.global!;
  t.match(sent, {
    appid: credentials.appid,
    mchid: credentials.mchid,
    trade_type: 'NATIVE',
    merchant_category_code: '5942',
    amount: { total: 7500, currency: 'EUR' },
  });
  t.notOk('settle_info' in sent || 'support_fapiao' in sent, 'no domestic-only fields');
  t.match(await adapter.query(input.outTradeNo), { state: 'pending', amountCents: 7500, currency: 'EUR' });
  overseas.sandbox.pay(input.outTradeNo);
  const cb = await eventually('the payment callback', async () => got.find((g) => g.n?.outTradeNo === input.outTradeNo));
  t.ok(cb.sdkVerified, 'the SDK verifies the callback signature');
  t.match(
    JSON.parse(cb.sdkPlain),
    {
      out_trade_no: input.outTradeNo,
      trade_state: 'SUCCESS',
      amount: { total: 7500, currency: 'EUR', payer_total: 58359, payer_currency: 'CNY', exchange_rate: { type: 'SETTLEMENT_RATE', rate: 778120000 } },
    },
    'and decrypts it',
  );
  t.match(cb.n, { state: 'succeeded', amountCents: 7500, currency: 'EUR', payer: { amountMinor: 58359, currency: 'CNY', rate: 'SETTLEMENT_RATE 778120000' } });
  t.ok(cb.n!.providerRef, 'the transaction id is read from `id`');
  t.match(await adapter.query(input.outTradeNo), { state: 'succeeded', amountCents: 7500, payer: { amountMinor: 58359, currency: 'CNY' } });

  const open = attempt();
  await adapter.createAttempt(open);
  await adapter.close(open.outTradeNo);
  t.match(await adapter.query(open.outTradeNo), { state: 'closed' });
});

t.test('global refunds: idempotent on out_refund_no, PROCESSING then SUCCESS with a REFUND.SUCCESS callback', async (t) => {
  const input = attempt();
  await adapter.createAttempt(input);
  overseas.sandbox.pay(input.outTradeNo);
  const r = { refundNo: `RF${input.outTradeNo}`, outTradeNo: input.outTradeNo, amountMinor: 7500, totalMinor: 7500, currency: 'EUR', notifyUrl };
  t.match(await adapter.refund(r), { state: 'pending', refundNo: r.refundNo, amountMinor: 7500, currency: 'EUR', detail: 'PROCESSING' });
  t.match(await adapter.refund(r), { state: 'pending' }, 'the same number again is the same refund');
  t.equal(overseas.sandbox.refunds.all().filter((x) => x.order.outTradeNo === input.outTradeNo).length, 1);
  await t.rejects(adapter.refund({ ...r, refundNo: `${r.refundNo}-2` }), { code: 'NOT_ENOUGH' }, 'never more than was paid');
  await t.rejects(adapter.refund({ ...r, refundNo: 'RF-CNY', currency: 'CNY' }), { code: 'PARAM_ERROR' }, 'in the payment currency only');
  // WeChat finishes the refund later; the control ends it now, and the REFUND.SUCCESS callback follows.
  t.match(await (await fetch(`${overseas.baseUrl}/_control/refunds/${r.refundNo}/succeed`, { method: 'POST' })).json(), { changed: true, status: 'SUCCESS' });
  const cb = await eventually('the refund callback', async () => got.find((g) => g.n?.refund?.refundNo === r.refundNo), 20_000);
  t.ok(cb.sdkVerified);
  t.match(cb.n!.refund, { state: 'succeeded', amountMinor: 7500, currency: 'EUR' });
  t.match(await adapter.queryRefund(r), { state: 'succeeded' });
  t.match(await adapter.query(input.outTradeNo), { state: 'succeeded', detail: /^REFUND/ }, 'the trade reads REFUND, still paid money');
});

t.test('institutional mode: sp_* ids in bodies and queries, sp_openid for JSAPI', async (t) => {
  const inst = await startWechatSandbox({
    credentials,
    prefix: '/inst',
    timeScale: 0.0001,
    setup: 'overseas',
    mode: 'institutional',
    subMchid: '1900000109',
    merchantCategoryCodes: ['5942'],
  });
  t.teardown(() => inst.close());
  const a = new WechatPayAdapter({ ...config, baseUrl: inst.baseUrl, mode: 'institutional', subMchid: '1900000109' });
  const input = attempt({ method: 'jsapi', openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
  const created = await a.createAttempt(input);
  t.equal(created.nextAction.type, 'jsapi');
  t.match(inst.sandbox.orders.get(input.outTradeNo)!.global, {
    sp_appid: credentials.appid,
    sp_mchid: credentials.mchid,
    sub_mchid: '1900000109',
    payer: { sp_openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    trade_type: 'JSAPI',
  });
  inst.sandbox.pay(input.outTradeNo);
  t.match(await a.query(input.outTradeNo), { state: 'succeeded', merchantId: credentials.mchid, appId: credentials.appid, amountCents: 7500, currency: 'EUR' });
  const wrongSub = new WechatPayAdapter({ ...config, baseUrl: inst.baseUrl, mode: 'institutional', subMchid: '1900000999' });
  await t.rejects(wrongSub.createAttempt(attempt()), { code: 'MCH_NOT_EXISTS' });
});

t.test('a domestic sandbox refuses EUR and the global paths; it takes CNY', async (t) => {
  await t.rejects(
    startWechatSandbox({ credentials, setup: 'domestic', currencies: ['CNY', 'EUR'] }),
    /CNY only/,
    'a domestic sandbox cannot be made to accept EUR',
  );
  const domestic = await startWechatSandbox({ credentials, prefix: '/dom', timeScale: 0.0001, setup: 'domestic' });
  t.teardown(() => domestic.close());
  const cfg = { ...adapterConfigFromCredentials(credentials, domestic.baseUrl), setup: 'domestic' as const };
  const body = {
    appid: credentials.appid,
    mchid: credentials.mchid,
    description: 'b',
    out_trade_no: `D${Date.now()}`,
    notify_url: notifyUrl,
    amount: { total: 100, currency: 'EUR' },
  };
  const signedPost = async (path: string, b: unknown) => {
    const url = new URL(`${domestic.baseUrl}${path}`);
    const text = JSON.stringify(b);
    const nonce = Formatter.nonce();
    const ts = Formatter.timestamp();
    const signature = Rsa.sign(Formatter.request('POST', url.pathname, ts, nonce, text), credentials.merchant.privateKeyPem);
    const res = await fetch(url, {
      method: 'POST',
      body: text,
      headers: {
        'content-type': 'application/json',
        authorization: Formatter.authorization(credentials.mchid, nonce, signature, ts, credentials.merchant.serialNo),
      },
    });
    return { status: res.status, text: await res.text() };
  };
  t.match(await signedPost('/v3/pay/transactions/native', body), { status: 400, text: /不支持的币种EUR/ }, 'EUR is refused by the domestic product');
  t.match(await signedPost('/v3/global/transactions/native', order()), { status: 404 }, 'the global API is not there');
  const a = new WechatPayAdapter(cfg);
  await t.rejects(a.createAttempt(attempt()), { code: 'PARAM_ERROR' }, 'the domestic adapter refuses EUR before asking');
  const cny = attempt({ currency: 'CNY', amountCents: 58359 });
  await a.createAttempt(cny);
  t.match(await a.query(cny.outTradeNo), { state: 'pending', amountCents: 58359, currency: 'CNY' });
});
