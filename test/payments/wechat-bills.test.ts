// The domestic WeChat Pay trade bill end to end: trades created through the adapter and paid in the
// sandbox on a chosen Beijing day (the sandbox clock), the bill applied for and downloaded through
// the adapter (SHA1 and summary checked), its rows against the trades, WeChat's windows (from
// 09:00 on T+1, 3 months back, no bill for a day without trades), and every per-trade fault as it
// shows in the parsed bill. The community SDK wechatpay-node-v3 applies for and downloads the same
// bill and checks the signed answer.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import t from 'tap';
import Pay from 'wechatpay-node-v3';
import { BillRejected, type BillRow } from '../../payments/src/bills.js';
import type { CreateAttemptInput } from '../../payments/src/provider.js';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials } from '../../payments/src/wechat/index.js';
import { addDays, dayInZone, startOfDay } from '../../payments/src/zoned-time.js';
import { BillSandboxControl } from '@shop/sandboxes/bills/index';
import { startWechatSandbox } from '@shop/sandboxes/wechat/index';

const BJ = 'Asia/Shanghai';
const HOUR = 3_600_000;
const credentials = await generateWechatCredentials();
const sandbox = await startWechatSandbox({ credentials, prefix: '/wechat', timeScale: 0.0001, refundProcessingMs: 1e12 });
t.teardown(() => sandbox.close());
const control = new BillSandboxControl(sandbox.baseUrl);
const adapter = new WechatPayAdapter(adapterConfigFromCredentials(credentials, sandbox.baseUrl));

// A receiver that acknowledges every notification, so deliveries (and the dropped one) are recorded.
const receiver = Fastify();
receiver.post('/notify', async (_req, reply) => reply.code(204).send());
const notifyUrl = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/notify`;
t.teardown(() => receiver.close());

// The bill day: five days ago in Beijing; trades happen at 14:00 that day (sandbox clock).
const day = addDays(dayInZone(Date.now(), BJ), -5);
const dayStart = startOfDay(day, BJ);
await control.setClock(new Date(dayStart + 14 * HOUR));

let seq = 0;
const attempt = (amountCents: number): CreateAttemptInput => ({
  outTradeNo: `B${Date.now()}${++seq}`,
  orderNo: `SO-${seq}`,
  description: 'ASPICE PAM 4.0, 电子版',
  amountCents,
  currency: 'CNY',
  method: 'native',
  notifyUrl,
  returnUrl: 'https://shop.example/return',
  expiresAt: new Date(Date.now() + 3_600_000),
});
const pay = async (outTradeNo: string, faults?: Record<string, unknown>) => {
  const res = await fetch(`${sandbox.baseUrl}/_control/orders/${outTradeNo}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults ? { faults } : {}),
  });
  if (res.status !== 200) throw new Error(`pay ${outTradeNo}: ${res.status}`);
};
const paid = async (amountCents: number, faults?: Record<string, unknown>) => {
  const a = attempt(amountCents);
  await adapter.createAttempt(a);
  await pay(a.outTradeNo, faults);
  return a;
};

const plain = await paid(58359);
const refunded = await paid(19900);
const altered = await paid(4200);
const unknownRefund = await paid(9900);
const omitted = await paid(12000);
const unnotified = await paid(30000, { drop: true });
const refundNo = `RF${refunded.outTradeNo}`;
t.match(await adapter.refund({ refundNo, outTradeNo: refunded.outTradeNo, amountMinor: 5000, totalMinor: 19900, currency: 'CNY' }), {
  state: 'pending',
  detail: 'PROCESSING',
});
const rowsOf = (rows: BillRow[], outTradeNo: string) => rows.filter((r) => r.outTradeNo === outTradeNo);

t.test('before 09:00 Beijing on T+1 the bill is not ready', async (t) => {
  await t.rejects(adapter.fetchBill(day), { name: 'BillNotReady' }, 'on the day itself');
  await control.setClock(new Date(dayStart + 24 * HOUR + 9 * HOUR - 60_000));
  await t.rejects(adapter.fetchBill(day), { name: 'BillNotReady' }, 'at 08:59 the next day');
  await control.setClock(new Date(dayStart + 24 * HOUR + 9 * HOUR + 1000));
});

t.test("the day's bill lists the trades and the refund as they happened", async (t) => {
  const bill = await adapter.fetchBill(day);
  t.match(bill, { provider: 'wechat', setup: 'domestic', date: day, mediaType: 'text/csv', integrity: { algorithm: 'sha1' } });
  t.equal(bill.integrity.expected, createHash('sha1').update(bill.raw).digest('hex'), 'the file matches the signed hash_value');
  t.equal(bill.sha256, createHash('sha256').update(bill.raw).digest('hex'));
  t.match(bill.raw.toString('utf8'), /^交易时间,公众账号ID,商户号/, 'header row first');
  t.match(bill.raw.toString('utf8'), /\r\n`\d{4}-\d{2}-\d{2} 14:00:\d{2},`/, 'every field of a row starts with a backtick');
  const tx = sandbox.sandbox.orders.get(plain.outTradeNo)!;
  t.same(rowsOf(bill.rows, plain.outTradeNo).length, 1);
  t.match(rowsOf(bill.rows, plain.outTradeNo)[0], {
    kind: 'payment',
    amountMinor: 58359,
    currency: 'CNY',
    status: 'SUCCESS',
    providerRef: tx.transactionId,
    feeMinor: 350,
    occurredAt: new RegExp(`^${day}T14:00:\\d{2}\\+08:00$`),
    fields: { 商户订单号: plain.outTradeNo, 应结订单金额: '583.59', 交易类型: 'NATIVE' },
  });
  const refundRows = rowsOf(bill.rows, refunded.outTradeNo).filter((r) => r.kind === 'refund');
  t.equal(refundRows.length, 1);
  t.match(refundRows[0], { kind: 'refund', refundNo, amountMinor: 5000, currency: 'CNY', status: 'PROCESSING', feeMinor: -30 });
  t.ok(refundRows[0]!.providerRefundId, 'the WeChat refund id');
  t.match(bill.summary, { count: bill.rows.length, grossMinor: 58359 + 19900 + 4200 + 9900 + 12000 + 30000, refundMinor: 5000, currency: 'CNY' });
});

t.test('a dropped notification: the trade is paid at WeChat and in the bill all the same', async (t) => {
  t.match(
    sandbox.sandbox.notifier.log.filter((d) => d.outTradeNo === unnotified.outTradeNo),
    [{ kind: 'dropped' }],
    'its notification never went out',
  );
  const bill = await adapter.fetchBill(day);
  t.match(rowsOf(bill.rows, unnotified.outTradeNo), [{ kind: 'payment', amountMinor: 30000, status: 'SUCCESS' }]);
});

t.test('per-trade faults show in the parsed bill', async (t) => {
  await control.setBillFaults(altered.outTradeNo, { alterAmountMinor: 100 });
  await control.setBillFaults(unknownRefund.outTradeNo, { unknownRefundMinor: 500 });
  await control.setBillFaults(omitted.outTradeNo, { omit: true });
  t.teardown(() => control.clearBillFaults());
  const bill = await adapter.fetchBill(day);
  t.match(rowsOf(bill.rows, altered.outTradeNo), [{ kind: 'payment', amountMinor: 4300 }], 'amount altered');
  const unknown = rowsOf(bill.rows, unknownRefund.outTradeNo).filter((r) => r.kind === 'refund');
  t.match(unknown, [{ kind: 'refund', amountMinor: 500, status: 'SUCCESS' }], 'a refund the shop never asked for');
  t.notOk(sandbox.sandbox.refunds.get(unknown[0]!.refundNo!), 'its refund number is none the shop issued');
  t.same(rowsOf(bill.rows, omitted.outTradeNo), [], 'the omitted trade is missing');
  t.ok(bill.summary, 'the summary still agrees with the rows');
});

t.test('a corrupted bill no longer matches its hash and is rejected', async (t) => {
  await control.setBillFaults(plain.outTradeNo, { corrupt: true });
  t.teardown(() => control.clearBillFaults());
  const err = await adapter.fetchBill(day).catch((e: unknown) => e);
  t.ok(err instanceof BillRejected || (err as Error).name === 'BillRejected');
  t.match(err, { name: 'BillRejected', reason: 'hash_mismatch', date: day });
});

t.test("WeChat's limits: no trades, future days, older than 3 months", async (t) => {
  const empty = await adapter.fetchBill(addDays(day, -1));
  t.match(empty, { rows: [], integrity: { algorithm: 'none' } }, 'NO_STATEMENT_EXIST is an empty bill');
  t.match(empty.raw.toString('utf8'), /NO_STATEMENT_EXIST/);
  await t.rejects(adapter.fetchBill(addDays(day, 30)), { code: 'PARAM_ERROR' }, 'a day that has not come');
  await t.rejects(adapter.fetchBill(addDays(day, -100)), { code: 'PARAM_ERROR', message: /三个月|3个月/ }, 'beyond 3 months');
  await t.rejects(adapter.fetchBill('2025-02-30'), RangeError, 'not a calendar day');
});

t.test('the SDK (wechatpay-node-v3) applies for and downloads the same bill', async (t) => {
  // Mounted at the root and named as api.mch.weixin.qq.com: the SDK signs paths as there.
  const root = await startWechatSandbox({ credentials, prefix: '', timeScale: 0.0001, publicBaseUrl: 'https://api.mch.weixin.qq.com' });
  t.teardown(() => root.close());
  const rootControl = new BillSandboxControl(root.baseUrl);
  await rootControl.setClock(new Date(dayStart + 10 * HOUR));
  const a = new WechatPayAdapter(adapterConfigFromCredentials(credentials, root.baseUrl));
  const input = attempt(2990);
  await a.createAttempt(input);
  root.sandbox.pay(input.outTradeNo);
  await rootControl.setClock(new Date(dayStart + 34 * HOUR));

  let last: { status: number; headers: Record<string, string>; text: string } | undefined;
  const http = {
    send: async (method: string, url: string, headers: Record<string, string>) => {
      const res = await fetch(url.replace('https://api.mch.weixin.qq.com', root.baseUrl), { method, headers });
      const text = await res.text();
      const h: Record<string, string> = {};
      res.headers.forEach((v, k) => (h[k] = v));
      last = { status: res.status, headers: h, text };
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // the bill file is text
      }
      return { status: res.status, data };
    },
  };
  const sdk = new Pay({
    appid: credentials.appid,
    mchid: credentials.mchid,
    publicKey: Buffer.from(credentials.merchant.certificatePem),
    privateKey: Buffer.from(credentials.merchant.privateKeyPem),
    key: credentials.apiV3Key,
  });
  sdk.createHttp({
    get: (url: string, headers: Record<string, string>) => http.send('GET', url, headers),
    post: () => Promise.reject(new Error('not used')),
    upload: () => Promise.reject(new Error('not used')),
  } as unknown as Parameters<Pay['createHttp']>[0]);
  (Pay as unknown as { certificates: Record<string, string> }).certificates[credentials.wechatpayPublicKey.keyId] = credentials.wechatpayPublicKey.publicKeyPem;

  const applied = (await sdk.tradebill({ bill_date: day, bill_type: 'ALL' })) as unknown as {
    status: number;
    data: { hash_type: string; hash_value: string; download_url: string };
  };
  t.match(applied, { status: 200, data: { hash_type: 'SHA1', download_url: /^https:\/\/api\.mch\.weixin\.qq\.com\/v3\/billdownload\/file\?token=/ } });
  const verified = await sdk.verifySign({
    timestamp: last!.headers['wechatpay-timestamp']!,
    nonce: last!.headers['wechatpay-nonce']!,
    serial: last!.headers['wechatpay-serial']!,
    signature: last!.headers['wechatpay-signature']!,
    body: last!.text,
  });
  t.equal(verified, true, 'the SDK verifies the signed tradebill answer');
  const file = (await sdk.downloadBill(applied.data.download_url)) as unknown as { status: number; data: string };
  t.equal(file.status, 200, 'the SDK-signed download is accepted');
  t.notOk(last!.headers['wechatpay-signature'], 'the download answer carries no signature');
  t.equal(createHash('sha1').update(file.data, 'utf8').digest('hex'), applied.data.hash_value, 'its SHA1 is the hash_value');
  t.match(file.data, new RegExp(`\`${input.outTradeNo},`));
});
