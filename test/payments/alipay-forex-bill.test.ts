// The cross-border (MAPI) transaction file end to end over HTTP: EUR trades paid and refunded in the
// forex sandbox on a Beijing day the test chooses on the sandbox's clock, then forex_compare_file
// through the adapter. No official SDK speaks MAPI, so the request signature and the answer are
// also checked with plain node:crypto and fetch, per the documented pre-sign rule.
import { createSign } from 'node:crypto';
import Fastify from 'fastify';
import t from 'tap';
import { AlipayForexAdapter, parseForexTransactionFile } from '../../payments/src/alipay/forex/index.js';
import { generateAlipayCredentials } from '../../payments/src/alipay/keys.js';
import { BillNotReady, BillRejected } from '../../payments/src/bills.js';
import { NotificationRejected, type VerifiedNotification } from '../../payments/src/provider.js';
import type { ForexSandboxControl } from '../../sandboxes/src/alipay-forex/index.js';
import { parseHtmlForm, submitHtmlForm } from '../../sandboxes/src/alipay/index.js';
import { startForexSandbox } from '../helpers/alipay-forex-bench.js';
import { beijing, dayAgo, nextDay, rejection, rowsOf, seconds } from '../helpers/beijing-bill-days.js';
import { eventually } from '../helpers/tmp.js';

const { creds, partner, sandbox, ctl } = await startForexSandbox('/alipay-forex');
// The shop's clock and Alipay's are the same clock in production; here the adapter reads the sandbox's.
const adapter = new AlipayForexAdapter({
  partner,
  privateKey: creds.appPrivateKey,
  alipayPublicKey: creds.alipayPublicKey,
  gatewayUrl: sandbox.gatewayUrl,
  now: () => sandbox.clock.now(),
});

const received: Array<{ ok?: VerifiedNotification; raw: string }> = [];
const receiver = Fastify();
receiver.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body));
receiver.post('/notify', async (req, reply) => {
  try {
    received.push({
      ok: await adapter.verifyNotification({ headers: req.headers as Record<string, string>, rawBody: req.body as string }),
      raw: req.body as string,
    });
    return reply.type('text/plain').send('success');
  } catch (err) {
    if (!(err instanceof NotificationRejected)) throw err;
    received.push({ raw: req.body as string });
    return reply.type('text/plain').send('fail');
  }
});
const notifyUrl = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/notify`;
t.teardown(() => receiver.close());

let seq = 0;
/** An EUR trade taken to the cashier through the adapter's form, then paid at the sandbox's current time. */
async function paid(amountCents: number, faults?: Parameters<ForexSandboxControl['pay']>[1]) {
  const outTradeNo = `SOB${Date.now()}${++seq}`;
  const created = await adapter.createAttempt({
    outTradeNo,
    orderNo: `O${seq}`,
    description: 'Automotive SPICE 4.0 PAM',
    amountCents,
    currency: 'EUR',
    method: 'page',
    notifyUrl,
    returnUrl: 'http://127.0.0.1:1/return',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  if (created.nextAction.type !== 'form') throw new Error('form expected');
  await submitHtmlForm(parseHtmlForm(created.nextAction.body));
  const res = await ctl.pay(outTradeNo, faults);
  if (res.status !== 200) throw new Error(`pay ${outTradeNo}: ${JSON.stringify(res.body)}`);
  return { outTradeNo, tradeNo: res.body.tradeNo, paidAt: await ctl.clock().then((c) => new Date(c.body.now)) };
}

/** forex_compare_file asked by hand: every parameter but sign and sign_type, sorted, raw, SHA256withRSA. */
async function compareByHand(start: string, end: string): Promise<string> {
  const p: Record<string, string> = { service: 'forex_compare_file', partner, _input_charset: 'UTF-8', start_date: start, end_date: end };
  const content = Object.keys(p)
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');
  const signed = { ...p, sign: createSign('RSA-SHA256').update(content, 'utf8').sign(creds.appPrivateKey, 'base64'), sign_type: 'RSA2' };
  return (await fetch(`${sandbox.gatewayUrl}?${new URLSearchParams(signed)}`)).text();
}

t.test("the transaction file of a Beijing day: EUR payments and refunds with the buyer's CNY and the rate", async (t) => {
  const day = dayAgo(3);
  const compact = day.replaceAll('-', '');
  await ctl.setClock(new Date(beijing(day, '00:00:00').getTime() - 10_000));
  const before = await paid(1000);
  await ctl.setClock(beijing(day, '10:00:00'));
  const a = await paid(7500);
  const b = await paid(12000);
  await ctl.setClock(beijing(day, '16:00:00'));
  t.match(await adapter.refund({ refundNo: `${b.outTradeNo}R`, outTradeNo: b.outTradeNo, amountMinor: 3000, totalMinor: 12000, currency: 'EUR' }), {
    state: 'succeeded',
  });
  await ctl.setClock(beijing(nextDay(day), '00:00:05'));
  const after = await paid(2000);

  await ctl.setClock(beijing(nextDay(day), '08:59:00'));
  t.equal(await compareByHand(compact, compact), 'No balance account data in the period', 'before 09:00 the day has no data yet');
  const early = await rejection(adapter.fetchBill(day));
  t.ok(early instanceof BillNotReady, 'which the adapter reads as not ready');
  t.equal(await compareByHand(nextDay(day).replaceAll('-', ''), nextDay(day).replaceAll('-', '')), 'Finish date not ahead of today');
  t.equal(await compareByHand(compact, dayAgo(4).replaceAll('-', '')), 'Finish date ahead of begin date');
  t.equal(await compareByHand(dayAgo(20).replaceAll('-', ''), compact), 'Over 10 days to Date period');
  t.equal(await compareByHand('2026-3-1', compact), 'Date format incorrect YYYYMMDD');
  await t.rejects(adapter.fetchBill(nextDay(day)), BillNotReady, "today's file cannot exist yet");

  await ctl.setClock(beijing(nextDay(day), '09:00:01'));
  const text = await compareByHand(compact, compact);
  const lines = text.split('\r\n');
  t.equal(lines[0], `Partner:${partner}|Payment_time:${day}|Total_count:3`, 'the preamble counts the rows');
  t.match(lines[1], /^Partner_transaction_id\|Transaction_id\|Amount\|Rmb_amount\|Fee\|/, 'then the header row');

  const bill = await adapter.fetchBill(day);
  t.match(bill, { provider: 'alipay', setup: 'overseas', date: day, integrity: { algorithm: 'none' }, mediaType: 'text/plain' });
  t.equal(bill.raw.toString('utf8'), text, 'the file is kept as fetched');
  t.equal(adapter.billZone, 'Asia/Shanghai');
  t.same(rowsOf(bill, before.outTradeNo), []);
  t.same(rowsOf(bill, after.outTradeNo), []);
  t.match(rowsOf(bill, a.outTradeNo), [
    {
      kind: 'payment',
      providerRef: a.tradeNo,
      amountMinor: 7500,
      currency: 'EUR',
      payer: { amountMinor: 58359, currency: 'CNY', rate: '7.7812' },
      feeMinor: 135,
      feeCurrency: 'EUR',
      status: 'P',
    },
  ]);
  t.equal(seconds(rowsOf(bill, a.outTradeNo)[0]!.occurredAt), seconds(a.paidAt), 'at its payment time');
  t.match(rowsOf(bill, b.outTradeNo), [
    { kind: 'payment', amountMinor: 12000, payer: { amountMinor: 93374 } },
    {
      kind: 'refund',
      refundNo: `${b.outTradeNo}R`,
      providerRef: b.tradeNo,
      amountMinor: 3000,
      currency: 'EUR',
      payer: { amountMinor: 23344, currency: 'CNY' },
      occurredAt: `${day}T16:00:00+08:00`,
    },
  ]);
  t.equal(bill.rows.length, 3);

  const wrongKey = new AlipayForexAdapter({
    partner,
    privateKey: generateAlipayCredentials().appPrivateKey,
    alipayPublicKey: creds.alipayPublicKey,
    gatewayUrl: sandbox.gatewayUrl,
  });
  await t.rejects(wrongKey.fetchBill(day), { code: 'ILLEGAL_SIGN', retryable: false }, 'a request not signed by the merchant is refused');
});

t.test('a day without trades is an empty bill once published', async (t) => {
  const day = dayAgo(30);
  await ctl.setClock(beijing(nextDay(day), '12:00:00'));
  const bill = await adapter.fetchBill(day);
  t.same(bill.rows, []);
  t.equal(bill.raw.toString(), 'No balance account data in the period');
  await ctl.setClock(beijing(nextDay(day), '08:00:00'));
  await t.rejects(adapter.fetchBill(day), BillNotReady, 'the same answer before the publication hour means not ready');
});

t.test('fault switches make every verdict visible in the transaction file', async (t) => {
  const day = dayAgo(5);
  await ctl.setClock(beijing(day, '09:30:00'));
  const silent = await paid(5000, { drop: true });
  const altered = await paid(6000);
  const ghost = await paid(7000);
  const omitted = await paid(8000);
  await ctl.setBillFaults(altered.outTradeNo, { amountDeltaMinor: -100 });
  await ctl.setBillFaults(ghost.outTradeNo, { unknownRefund: { amountMinor: 700, refundNo: 'RF-GHOST', at: beijing(day, '18:00:00').toISOString() } });
  await ctl.setBillFaults(omitted.outTradeNo, { omit: true });
  t.equal((await ctl.setBillFaults(omitted.outTradeNo, { omit: 'yes' } as never)).status, 400, 'a mistyped switch is refused');
  await eventually('the other notifications', async () => [altered, ghost, omitted].every((x) => received.some((r) => r.ok?.outTradeNo === x.outTradeNo)));
  t.notOk(
    received.some((r) => r.raw.includes(silent.outTradeNo)),
    'the dropped notification never reached the shop',
  );

  await ctl.setClock(beijing(nextDay(day), '10:00:00'));
  const bill = await adapter.fetchBill(day);
  t.match(rowsOf(bill, silent.outTradeNo), [{ kind: 'payment', amountMinor: 5000 }], 'missing settlement');
  t.match(rowsOf(bill, altered.outTradeNo), [{ kind: 'payment', amountMinor: 5900 }], 'amount mismatch');
  t.match(
    rowsOf(bill, ghost.outTradeNo),
    [
      { kind: 'payment', amountMinor: 7000 },
      { kind: 'refund', refundNo: 'RF-GHOST', amountMinor: 700, occurredAt: `${day}T18:00:00+08:00` },
    ],
    'unknown refund',
  );
  t.same(rowsOf(bill, omitted.outTradeNo), [], 'missing at provider');

  await ctl.corruptBills('summary');
  const summaryErr = await rejection(adapter.fetchBill(day));
  t.ok(summaryErr instanceof BillRejected);
  t.match(summaryErr, { reason: 'summary_mismatch', message: /Total_count says 5, the file lists 4 rows/ });
  await ctl.corruptBills('unreadable');
  const unreadable = await rejection(adapter.fetchBill(day));
  t.ok(unreadable instanceof BillRejected);
  t.match(unreadable, { reason: 'unreadable', message: /no header row/ });
  await ctl.clearBillFaults();
  t.match(rowsOf(await adapter.fetchBill(day), omitted.outTradeNo), [{ amountMinor: 8000 }], 'cleared');
});

t.test('the transaction file parser takes the header row as the schema', async (t) => {
  const file = [
    'Transaction_type|Payment_time|Currency|Transaction_amount|Partner_transaction_id|Transaction_id|Charge_amount',
    'PAYMENT|2026-03-10 12:00:00|EUR|75.00|SO-1|2026031000001|1.35',
    'REFUND|2026-03-10 13:00:00|EUR|10.00|RF-1|2026031000001|0.00',
  ].join('\n');
  const { rows } = parseForexTransactionFile(file);
  t.match(rows, [
    { kind: 'payment', outTradeNo: 'SO-1', amountMinor: 7500, feeMinor: 135, occurredAt: '2026-03-10T12:00:00+08:00' },
    { kind: 'refund', outTradeNo: '', refundNo: 'RF-1', providerRef: '2026031000001', amountMinor: 1000 },
  ]);
  t.notOk('payer' in rows[0]!, 'no CNY column, no payer');
  t.throws(() => parseForexTransactionFile('Partner_transaction_id|Amount|Type|Payment_time\nSO-1|75.00|X|2026-03-10 12:00:00'), {
    kind: 'unreadable',
    message: /line 2: unknown Type "X"/,
  });
  t.throws(() => parseForexTransactionFile('Partner_transaction_id|Amount|Type\nSO-1|75.00|P'), { kind: 'unreadable', message: /lacks Payment_time/ });
  t.throws(() => parseForexTransactionFile('Partner_transaction_id|Amount|Type|Payment_time\nSO-1|7,5|P|2026-03-10 12:00:00'), {
    kind: 'unreadable',
    message: /Amount "7,5"/,
  });
});
