// The WeChat Pay Global statement end to end: EUR trades paid in the sandbox on a chosen Beijing
// day, the statement fetched through the adapter (the signed answer is the file; its SHA1 in
// Wechatpay-Statement-Sha1), rows with the EUR price, the CNY the payer paid and the rate, refunds,
// the 180-day window, per-trade faults, and a tampered SHA1 header refused. The official SDK's
// primitives (wechatpay-axios-plugin) check the signature and the hash independently.
import Fastify from 'fastify';
import t from 'tap';
import { Formatter, Hash, Rsa } from 'wechatpay-axios-plugin';
import type { BillRow } from '../../payments/src/bills.js';
import type { CreateAttemptInput } from '../../payments/src/provider.js';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials, type WechatPayConfig } from '../../payments/src/wechat/index.js';
import { addDays, dayInZone, startOfDay } from '../../payments/src/zoned-time.js';
import { BillSandboxControl } from '@shop/sandboxes/bills/index';
import { startWechatSandbox } from '@shop/sandboxes/wechat/index';

const BJ = 'Asia/Shanghai';
const HOUR = 3_600_000;
const credentials = await generateWechatCredentials();
const sandbox = await startWechatSandbox({
  credentials,
  prefix: '/wechat',
  timeScale: 0.0001,
  setup: 'overseas',
  merchantCategoryCodes: ['5942'],
  refundProcessingMs: 1e12,
});
t.teardown(() => sandbox.close());
const control = new BillSandboxControl(sandbox.baseUrl);
const config: WechatPayConfig = { ...adapterConfigFromCredentials(credentials, sandbox.baseUrl), setup: 'overseas', merchantCategoryCode: '5942' };
const adapter = new WechatPayAdapter(config);

const receiver = Fastify();
receiver.post('/notify', async (_req, reply) => reply.code(204).send());
const notifyUrl = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/notify`;
t.teardown(() => receiver.close());

const day = addDays(dayInZone(Date.now(), BJ), -3);
const dayStart = startOfDay(day, BJ);
await control.setClock(new Date(dayStart + 20 * HOUR));

let seq = 0;
const paid = async (amountCents: number, faults?: Record<string, unknown>): Promise<CreateAttemptInput> => {
  const a: CreateAttemptInput = {
    outTradeNo: `G${Date.now()}${++seq}`,
    orderNo: `SO-${seq}`,
    description: 'Automotive SPICE PAM 4.0',
    amountCents,
    currency: 'EUR',
    method: 'native',
    notifyUrl,
    returnUrl: 'https://shop.example/return',
    expiresAt: new Date(Date.now() + 3_600_000),
  };
  await adapter.createAttempt(a);
  const res = await fetch(`${sandbox.baseUrl}/_control/orders/${a.outTradeNo}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults ? { faults } : {}),
  });
  if (res.status !== 200) throw new Error(`pay: ${res.status}`);
  return a;
};
const plain = await paid(7500);
const refunded = await paid(12000);
const altered = await paid(4500);
const omitted = await paid(3000);
const unnotified = await paid(9900, { drop: true });
const refundNo = `RF${refunded.outTradeNo}`;
await adapter.refund({ refundNo, outTradeNo: refunded.outTradeNo, amountMinor: 12000, totalMinor: 12000, currency: 'EUR' });
const rowsOf = (rows: BillRow[], no: string) => rows.filter((r) => r.outTradeNo === no);

t.test('not before 09:00 Beijing the next day', async (t) => {
  await t.rejects(adapter.fetchBill(day), { name: 'BillNotReady' });
  await control.setClock(new Date(dayStart + 33 * HOUR - 1000));
  await t.rejects(adapter.fetchBill(day), { name: 'BillNotReady' }, '08:59:59 on T+1');
  await control.setClock(new Date(dayStart + 33 * HOUR + 1000));
});

t.test('the statement states the EUR price, the CNY the payer paid and the rate', async (t) => {
  const bill = await adapter.fetchBill(day);
  t.match(bill, { provider: 'wechat', setup: 'overseas', date: day, integrity: { algorithm: 'sha1' }, mediaType: 'text/csv' });
  t.equal(bill.integrity.expected, Hash.sha1(bill.raw), "the SDK's SHA1 of the file is the signed header's");
  t.match(rowsOf(bill.rows, plain.outTradeNo), [
    {
      kind: 'payment',
      amountMinor: 7500,
      currency: 'EUR',
      payer: { amountMinor: 58359, currency: 'CNY', rate: '7.7812' },
      settlement: { amountMinor: 7500, currency: 'EUR' },
      status: 'SUCCESS',
      providerRef: sandbox.sandbox.orders.get(plain.outTradeNo)!.transactionId,
      occurredAt: new RegExp(`^${day}T20:00:\\d{2}\\+08:00$`),
      fields: { 标价币种: 'EUR', '订单金额(标价币种)': '75.00', 用户支付金额: '583.59', 支付汇率: '778120000' },
    },
  ]);
  t.match(rowsOf(bill.rows, refunded.outTradeNo), [
    { kind: 'payment', amountMinor: 12000 },
    { kind: 'refund', refundNo, amountMinor: 12000, currency: 'EUR', payer: { amountMinor: 93374, currency: 'CNY', rate: '7.7812' }, status: 'PROCESSING' },
  ]);
  t.match(rowsOf(bill.rows, unnotified.outTradeNo), [{ kind: 'payment', amountMinor: 9900 }], 'paid though its notification was dropped');
  t.match(
    sandbox.sandbox.notifier.log.filter((d) => d.outTradeNo === unnotified.outTradeNo),
    [{ kind: 'dropped' }],
  );
});

t.test('the signature covers the SHA1 header; the SDK verifies it', async (t) => {
  const url = new URL(`${sandbox.baseUrl}/v3/global/statements?date=${day.replace(/-/g, '')}&mchid=${credentials.mchid}`);
  const nonce = Formatter.nonce();
  const ts = Formatter.timestamp();
  const signature = Rsa.sign(Formatter.request('GET', url.pathname + url.search, ts, nonce, ''), credentials.merchant.privateKeyPem);
  const res = await fetch(url, { headers: { authorization: Formatter.authorization(credentials.mchid, nonce, signature, ts, credentials.merchant.serialNo) } });
  t.equal(res.status, 200);
  const text = await res.text();
  const sha1 = res.headers.get('wechatpay-statement-sha1')!;
  t.equal(Hash.sha1(text), sha1);
  t.ok(
    Rsa.verify(
      Formatter.response(res.headers.get('wechatpay-timestamp')!, res.headers.get('wechatpay-nonce')!, sha1),
      res.headers.get('wechatpay-signature')!,
      credentials.wechatpayPublicKey.publicKeyPem,
    ),
    'SHA256withRSA over timestamp, nonce and the SHA1',
  );
  t.match(text, /^交易时间,.*,标价币种,订单金额\(标价币种\),用户支付币种,用户支付金额,结算币种,应结订单金额,支付汇率,退款汇率,/);

  // A SHA1 header changed on the way no longer verifies.
  const tampering: typeof fetch = async (input, init) => {
    const r = await fetch(input, init);
    const headers = new Headers(r.headers);
    if (headers.has('wechatpay-statement-sha1')) headers.set('wechatpay-statement-sha1', 'f'.repeat(40));
    return new Response(await r.arrayBuffer(), { status: r.status, headers });
  };
  await t.rejects(new WechatPayAdapter({ ...config, fetch: tampering }).fetchBill(day), { code: 'RESPONSE_SIGNATURE' });
});

t.test('per-trade faults, and a corrupted statement', async (t) => {
  await control.setBillFaults(altered.outTradeNo, { alterAmountMinor: -500 });
  await control.setBillFaults(plain.outTradeNo, { unknownRefundMinor: 2500 });
  await control.setBillFaults(omitted.outTradeNo, { omit: true });
  const bill = await adapter.fetchBill(day);
  t.match(rowsOf(bill.rows, altered.outTradeNo), [{ kind: 'payment', amountMinor: 4000, currency: 'EUR' }]);
  t.match(rowsOf(bill.rows, plain.outTradeNo), [
    { kind: 'payment', amountMinor: 7500 },
    { kind: 'refund', amountMinor: 2500, status: 'SUCCESS' },
  ]);
  t.same(rowsOf(bill.rows, omitted.outTradeNo), []);
  await control.clearBillFaults();
  await control.setBillFaults(refunded.outTradeNo, { corrupt: true });
  t.teardown(() => control.clearBillFaults());
  await t.rejects(adapter.fetchBill(day), { name: 'BillRejected', reason: 'hash_mismatch' });
});

t.test('180 days back at most; a day without trades has no statement', async (t) => {
  t.match(await adapter.fetchBill(addDays(day, -2)), { rows: [], integrity: { algorithm: 'none' } });
  await t.rejects(adapter.fetchBill(addDays(day, -181)), { code: 'PARAM_ERROR', message: /180/ });
  t.match(await adapter.fetchBill(addDays(day, -179)), { rows: [] }, 'within 180 days it is answered');
});
