// The mainland trade bill end to end over HTTP: trades created, paid and refunded in the sandbox
// through the adapter and the cashier, on a day the test chooses on the sandbox's clock; the
// adapter fetches that day's bill (signed query, 30 s link, GBK ZIP) and its rows are the trades.
// Alipay's official Node SDK asks the sandbox for the same bill URL and checks its signature, and
// the file is read independently (fflate + TextDecoder) to see the wire format itself.
import { AlipaySdk } from 'alipay-sdk';
import { unzipSync } from 'fflate';
import t from 'tap';
import { generateAlipayCredentials, parseAlipayTradeBill, tradeBillFormat } from '../../payments/src/alipay/index.js';
import { BillNotReady, BillRejected, type BillRow } from '../../payments/src/bills.js';
import { submitHtmlForm } from '@shop/sandboxes/alipay/index';
import { encodeGbk } from '@shop/sandboxes/alipay/gbk';
import { zipArchive } from '@shop/sandboxes/alipay/zip-writer';
import { startAlipayBench } from '../helpers/alipay-bench.js';
import { beijing, dayAgo, nextDay, rejection, rowsOf, seconds } from '../helpers/beijing-bill-days.js';
import { eventually } from '../helpers/tmp.js';

const BILL_METHOD = 'alipay.data.dataservice.bill.downloadurl.query';
const { sb, creds, ctl, adapter, newAttempt, forTrade } = await startAlipayBench();
const sdk = new AlipaySdk({
  appId: creds.appId,
  privateKey: creds.appPrivateKey,
  alipayPublicKey: creds.alipayPublicKey,
  gateway: sb.gatewayUrl,
  timeout: 5000,
});

/** A trade paid at the sandbox's current time (through the cashier form and the pay control). */
async function paid(amountCents: number, faults?: Parameters<typeof ctl.pay>[1]) {
  const a = await newAttempt(amountCents);
  await submitHtmlForm(a.form);
  const res = await ctl.pay(a.outTradeNo, faults);
  if (res.status !== 200) throw new Error(`pay ${a.outTradeNo}: ${JSON.stringify(res.body)}`);
  return { ...a, tradeNo: String(res.body.trade.tradeNo), paidAt: new Date(String(res.body.trade.gmtPayment)) };
}

t.test("a day's bill lists the payments and refunds of that Beijing day, from 09:00 the next day", async (t) => {
  const day = dayAgo(3);
  await ctl.setClock(new Date(beijing(day, '00:00:00').getTime() - 10_000));
  const before = await paid(1000); // 23:59:50 the day before: not in this bill
  await ctl.setClock(beijing(day, '10:00:00'));
  const a = await paid(7500);
  const b = await paid(12000);
  await ctl.setClock(beijing(day, '15:30:00'));
  const refund = await adapter.refund({ refundNo: `${b.outTradeNo}R1`, outTradeNo: b.outTradeNo, amountMinor: 3000, totalMinor: 12000, currency: 'CNY' });
  t.equal(refund.state, 'succeeded');
  await ctl.setClock(beijing(nextDay(day), '00:00:05'));
  const after = await paid(2000); // the next day: not in this bill
  await adapter.refund({ refundNo: `${a.outTradeNo}R1`, outTradeNo: a.outTradeNo, amountMinor: 100, totalMinor: 7500, currency: 'CNY' });

  await ctl.setClock(beijing(nextDay(day), '08:59:00'));
  await t.rejects(adapter.fetchBill(day), BillNotReady, 'not published before 09:00 the next day (Alipay answers isp.bill_not_exist)');
  await t.rejects(adapter.fetchBill(dayAgo(0)), BillNotReady, "today's bill cannot exist yet");
  await t.rejects(adapter.fetchBill('2026-02-30'), { code: 'INVALID_BILL_DATE' });

  await ctl.setClock(beijing(nextDay(day), '09:00:01'));
  const bill = await adapter.fetchBill(day);
  t.match(bill, { provider: 'alipay', setup: 'domestic', date: day, integrity: { algorithm: 'none' }, mediaType: 'application/zip' });
  t.equal(adapter.billZone, 'Asia/Shanghai');
  t.same(rowsOf(bill, before.outTradeNo), [], 'a payment of the day before is not billed');
  t.same(rowsOf(bill, after.outTradeNo), [], 'a payment of the next day is not billed');
  t.equal(rowsOf(bill, a.outTradeNo).length, 1, "A's refund of the next day is not billed either");
  const expect = (r: BillRow | undefined, at: Date, want: Partial<BillRow>) => {
    t.match(r, want);
    t.equal(seconds(r!.occurredAt), seconds(at), `${want.kind} ${want.outTradeNo} at its real time`);
    t.match(r!.occurredAt, /\+08:00$/, 'Beijing time with its offset');
  };
  expect(
    bill.rows.find((r) => r.outTradeNo === a.outTradeNo),
    a.paidAt,
    {
      kind: 'payment',
      outTradeNo: a.outTradeNo,
      providerRef: a.tradeNo,
      amountMinor: 7500,
      currency: 'CNY',
      feeMinor: 45,
      status: '交易',
    },
  );
  expect(
    bill.rows.find((r) => r.outTradeNo === b.outTradeNo && r.kind === 'payment'),
    b.paidAt,
    {
      kind: 'payment',
      outTradeNo: b.outTradeNo,
      providerRef: b.tradeNo,
      amountMinor: 12000,
      feeMinor: 72,
    },
  );
  expect(
    bill.rows.find((r) => r.kind === 'refund'),
    beijing(day, '15:30:00'),
    {
      kind: 'refund',
      outTradeNo: b.outTradeNo,
      providerRef: b.tradeNo,
      refundNo: `${b.outTradeNo}R1`,
      amountMinor: 3000,
      currency: 'CNY',
      status: '退款',
    },
  );
  t.same(
    bill.rows.map((r) => r.kind),
    ['payment', 'payment', 'refund'],
    'in the order they happened',
  );
  t.same(bill.summary, { count: 3, grossMinor: 19500, refundMinor: 3000, feeMinor: 117, currency: 'CNY' }, 'the summary file, checked against the rows');
  t.equal(bill.rows[0]!.fields['商户订单号'], a.outTradeNo, 'the row keeps its fields by their header names');

  // The wire format, read without the adapter: a ZIP of two GBK CSV files named in GBK.
  const { createHash } = await import('node:crypto');
  t.equal(bill.sha256, createHash('sha256').update(bill.raw).digest('hex'));
  const files = unzipSync(bill.raw);
  const names = Object.keys(files).map((n) => new TextDecoder('gbk').decode(Buffer.from(n, 'latin1')));
  const account = `${creds.sellerId}0156`;
  const compact = day.replaceAll('-', '');
  t.same(names.sort(), [`${account}_${compact}_业务明细(汇总).csv`, `${account}_${compact}_业务明细.csv`].sort(), 'entry names in GBK');
  const detailBytes = Object.values(files)[0]!;
  t.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(detailBytes), 'the text is not UTF-8');
  const detail = new TextDecoder('gbk', { fatal: true }).decode(detailBytes);
  t.match(detail, /^#支付宝业务明细查询\r\n/);
  t.match(detail, /支付宝交易号,商户订单号,业务类型/);
  t.match(detail, /#交易合计：2笔，商家实收共195\.00元/);
  t.match(detail, /#退款合计：1笔，商家实收共-30\.00元/);
});

t.test("Alipay's SDK gets the bill URL from the sandbox and checks the answer's signature; the link lasts 30 s", async (t) => {
  const day = dayAgo(4);
  await ctl.setClock(beijing(day, '11:00:00'));
  const p = await paid(3300);
  await ctl.setClock(beijing(nextDay(day), '08:00:00'));
  const early = await sdk.exec(BILL_METHOD, { bizContent: { billType: 'trade', billDate: day } }, { validateSign: true });
  t.match(early, { code: '40004', subCode: 'isp.bill_not_exist' }, 'before 09:00: the bill does not exist');
  const today = await sdk.exec(BILL_METHOD, { bizContent: { billType: 'trade', billDate: nextDay(day) } }, { validateSign: true });
  t.match(today, { code: '40002', subCode: 'isv.invalid-arguments' }, "the sandbox's today is refused as an argument");

  await ctl.setClock(beijing(nextDay(day), '10:00:00'));
  const ok = await sdk.exec(BILL_METHOD, { bizContent: { billType: 'trade', billDate: day } }, { validateSign: true });
  t.equal(ok.code, '10000');
  const url = new URL(String(ok.billDownloadUrl));
  t.match(Object.fromEntries(url.searchParams), { bizType: 'trade', fileType: 'csv.zip', bizDates: day.replaceAll('-', '') });
  const file = await fetch(url);
  t.equal(file.status, 200, 'the link works at once');
  const parsed = parseAlipayTradeBill(new Uint8Array(await file.arrayBuffer()));
  t.match(parsed.rows, [{ kind: 'payment', outTradeNo: p.outTradeNo, amountMinor: 3300 }]);

  const again = await sdk.exec(BILL_METHOD, { bizContent: { billType: 'trade', billDate: day } }, { validateSign: true });
  await ctl.advanceClock(31_000);
  t.equal((await fetch(String(again.billDownloadUrl))).status, 404, 'and no longer after 30 s');

  const distrustful = new AlipaySdk({
    appId: creds.appId,
    privateKey: creds.appPrivateKey,
    alipayPublicKey: generateAlipayCredentials().alipayPublicKey,
    gateway: sb.gatewayUrl,
  });
  await t.rejects(
    distrustful.exec(BILL_METHOD, { bizContent: { billType: 'trade', billDate: day } }, { validateSign: true }),
    /验签失败/,
    'the SDK really checks',
  );
  const monthly = await sdk.exec(BILL_METHOD, { bizContent: { billType: 'signcustomer', billDate: day } }, { validateSign: true });
  t.match(monthly, { code: '40002' }, 'only trade bills are published by the sandbox');
});

t.test('fault switches make every verdict visible in the parsed bill', async (t) => {
  const day = dayAgo(5);
  await ctl.setClock(beijing(day, '09:15:00'));
  const silent = await paid(5000, { drop: true });
  const altered = await paid(6000);
  const ghost = await paid(7000);
  const omitted = await paid(8000);
  const clean = await paid(9000);
  t.equal((await ctl.setBillFaults(altered.outTradeNo, { amountDeltaMinor: 150 })).status, 200);
  await ctl.setBillFaults(ghost.outTradeNo, { unknownRefund: { amountMinor: 700, refundNo: 'RF-NEVER-ASKED' } });
  await ctl.setBillFaults(omitted.outTradeNo, { omit: true });
  t.match((await ctl.billFaults()).body.trades, { [omitted.outTradeNo]: { omit: true }, [altered.outTradeNo]: { amountDeltaMinor: 150 } });
  t.equal((await ctl.setBillFaults(clean.outTradeNo, { explode: true } as never)).status, 400, 'an unknown switch is refused');
  t.equal((await ctl.setBillFaults(clean.outTradeNo, { unknownRefund: { amountMinor: 0 } })).status, 400, 'so is a refund of nothing');
  t.equal((await ctl.corruptBills('sometimes' as never)).status, 400);

  // The dropped notification: the shop heard nothing, yet the money is in the bill.
  const log = await eventually('the drop is logged', async () =>
    (await ctl.deliveries({ outTradeNo: silent.outTradeNo })).length ? ctl.deliveries({ outTradeNo: silent.outTradeNo }) : false,
  );
  t.match(log, [{ kind: 'dropped', acknowledged: false }]);
  t.same(forTrade(silent.outTradeNo), [], 'no notification reached the shop');

  await ctl.setClock(beijing(nextDay(day), '09:30:00'));
  const bill = await adapter.fetchBill(day);
  t.match(rowsOf(bill, silent.outTradeNo), [{ kind: 'payment', amountMinor: 5000 }], 'missing settlement: billed, never notified');
  t.match(rowsOf(bill, altered.outTradeNo), [{ kind: 'payment', amountMinor: 6150 }], 'amount mismatch: billed 61.50 for a 60.00 order');
  t.match(
    rowsOf(bill, ghost.outTradeNo),
    [
      { kind: 'payment', amountMinor: 7000 },
      { kind: 'refund', refundNo: 'RF-NEVER-ASKED', amountMinor: 700, providerRef: ghost.tradeNo },
    ],
    'unknown refund',
  );
  t.same(rowsOf(bill, omitted.outTradeNo), [], 'missing at provider: paid, but not in the bill');
  t.match(rowsOf(bill, clean.outTradeNo), [{ kind: 'payment', amountMinor: 9000 }]);
  t.match(bill.summary, { count: 5, grossMinor: 5000 + 6150 + 7000 + 9000, refundMinor: 700 }, 'the faults keep the file consistent');

  await ctl.corruptBills('summary');
  const summaryErr = await rejection(adapter.fetchBill(day));
  t.ok(summaryErr instanceof BillRejected, 'a summary that disagrees is rejected');
  t.match(summaryErr, { provider: 'alipay', date: day, reason: 'summary_mismatch', message: /汇总.*6 rows summed, 5 listed/ });
  await ctl.corruptBills('unreadable');
  const zipErr = await rejection(adapter.fetchBill(day));
  t.ok(zipErr instanceof BillRejected, 'a file that does not unzip is rejected');
  t.match(zipErr, { reason: 'unreadable', message: /not a readable ZIP/ });
  await ctl.clearBillFaults();
  const healed = await adapter.fetchBill(day);
  t.match(rowsOf(healed, omitted.outTradeNo), [{ amountMinor: 8000 }], 'cleared: the bill is the trades again');
  t.equal(rowsOf(healed, altered.outTradeNo)[0]!.amountMinor, 6000);
});

t.test('the trade bill parser reads columns by their header names, and refuses what it cannot read', async (t) => {
  const zip = (detail: string[], summary: string[] | null) =>
    zipArchive([
      { name: encodeGbk('2088000000000000156_20260310_业务明细.csv'), data: encodeGbk(detail.join('\r\n')), modified: new Date() },
      ...(summary ? [{ name: encodeGbk('2088000000000000156_20260310_业务明细(汇总).csv'), data: encodeGbk(summary.join('\r\n')), modified: new Date() }] : []),
    ]);
  // Another column order, ASCII brackets and a renamed order-number column.
  const detail = [
    '#支付宝业务明细查询',
    '业务类型,完成时间,商家订单号,订单金额(元),商家实收(元),服务费(元),支付宝交易号',
    '交易\t,2026-03-10 12:00:00,"SO-1,X",10.00,10.00,-0.06,2026031022001',
  ];
  const summary = ['门店编号,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,服务费（元）', '合计,1,0,10.00,10.00,-0.06'];
  t.throws(() => parseAlipayTradeBill(zip(detail, summary)), { kind: 'unreadable', message: /lacks 商户订单号/ }, 'the default names must be there');
  const parsed = parseAlipayTradeBill(zip(detail, summary), tradeBillFormat({ detailColumns: { outTradeNo: '商家订单号' } }));
  t.match(parsed.rows, [
    { kind: 'payment', outTradeNo: 'SO-1,X', amountMinor: 1000, feeMinor: 6, providerRef: '2026031022001', occurredAt: '2026-03-10T12:00:00+08:00' },
  ]);
  t.throws(() => parseAlipayTradeBill(zip(detail, null), tradeBillFormat({ detailColumns: { outTradeNo: '商家订单号' } })), {
    kind: 'unreadable',
    message: /one detail and one summary/,
  });
  const badAmount = [...detail.slice(0, 2), '交易,2026-03-10 12:00:00,SO-1,ten,10.00,-0.06,1'];
  t.throws(() => parseAlipayTradeBill(zip(badAmount, summary), tradeBillFormat({ detailColumns: { outTradeNo: '商家订单号' } })), {
    kind: 'unreadable',
    message: /line 3: 订单金额\(元\) "ten"/,
  });
  const badType = [...detail.slice(0, 2), '转账,2026-03-10 12:00:00,SO-1,10.00,10.00,-0.06,1'];
  t.throws(() => parseAlipayTradeBill(zip(badType, summary), tradeBillFormat({ detailColumns: { outTradeNo: '商家订单号' } })), {
    kind: 'unreadable',
    message: /unknown 业务类型 "转账"/,
  });
  t.throws(() => parseAlipayTradeBill(Buffer.from('PK\u0003\u0004 not really')), { kind: 'unreadable', message: /not a readable ZIP/ });
});
