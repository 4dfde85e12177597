// PayPal's daily bill end to end: orders created, approved and captured through the adapter on a
// chosen day in the account's time zone (the sandbox clock), a refund, then the day's Transaction
// Search pages through the adapter (several pages), rows against the trades, the 3-hour delay,
// the 31-day range, per-trade faults (webhook dropped, amount altered, unknown refund, omitted).
// PayPal's official server SDK runs the same search against the sandbox.
import Fastify from 'fastify';
import t from 'tap';
import { ApiError, TransactionSearchController } from '@paypal/paypal-server-sdk';
import type { BillRow } from '../../payments/src/bills.js';
import { PaypalAdapter } from '../../payments/src/paypal/index.js';
import type { CreateAttemptInput } from '../../payments/src/provider.js';
import { addDays, dayInZone, formatInZone, startOfDay } from '../../payments/src/zoned-time.js';
import { BillSandboxControl } from '@shop/sandboxes/bills/index';
import { paypalAdapterConfigForSandbox, startPaypalSandboxServer } from '@shop/sandboxes/paypal/index';
import { eventually } from '../helpers/tmp.js';
import { localSandboxSdkClient } from '../helpers/paypal-sdk-client.js';

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const sandbox = await startPaypalSandboxServer({ timeScale: 0.001 });
t.teardown(() => sandbox.close());
const { credentials, engine } = sandbox;
const control = new BillSandboxControl(sandbox.url);
// The adapter's clock is PayPal's here, so "3 hours after the day" means the same to both.
const config = { ...paypalAdapterConfigForSandbox(sandbox.url, credentials), reportingTimeZone: ZONE, reportingPageSize: 2, now: () => engine.clock.now() };
const adapter = new PaypalAdapter(config);

const sink = Fastify();
const hooks: string[] = [];
sink.post('/hook', async (req) => {
  hooks.push(JSON.stringify(req.body));
  return 'ok';
});
engine.dispatcher.webhookUrl = `${await sink.listen({ host: '127.0.0.1', port: 0 })}/hook`;
t.teardown(() => sink.close());

const day = addDays(dayInZone(Date.now(), ZONE), -4);
const dayStart = startOfDay(day, ZONE);
await control.setClock(new Date(dayStart + 14 * HOUR));

let seq = 0;
const captured = async (amountCents: number, before?: (outTradeNo: string) => Promise<unknown>) => {
  const input: CreateAttemptInput = {
    outTradeNo: `P${Date.now()}${++seq}`,
    orderNo: `SO-${seq}`,
    description: 'ISO 26262 Part 6',
    amountCents,
    currency: 'EUR',
    method: 'redirect',
    notifyUrl: 'https://shop.example/notify',
    returnUrl: 'https://shop.example/return',
    expiresAt: new Date(Date.now() + HOUR),
  };
  const created = await adapter.createAttempt(input);
  engine.approve(created.providerRef!);
  await before?.(input.outTradeNo);
  const status = await adapter.capture(input.outTradeNo, created.providerRef!);
  if (status.state !== 'succeeded') throw new Error(`capture ${status.state}`);
  return { ...input, orderId: created.providerRef! };
};
const plain = await captured(7500);
const refunded = await captured(12000);
const altered = await captured(4500);
const omitted = await captured(2500);
const unnotified = await captured(9900, (no) =>
  fetch(`${sandbox.url}/_control/trade-faults/${no}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ drop: true }) }),
);
const refundNo = `RF${refunded.outTradeNo}`;
t.match(
  await adapter.refund({ refundNo, outTradeNo: refunded.outTradeNo, providerRef: refunded.orderId, amountMinor: 12000, totalMinor: 12000, currency: 'EUR' }),
  {
    state: 'succeeded',
  },
);
const rowsOf = (rows: BillRow[], no: string) => rows.filter((r) => r.outTradeNo === no);
const captureOf = (orderId: string) => engine.getOrder(orderId).captures[0]!;

t.test('not before the day is over plus 3 hours', async (t) => {
  await t.rejects(adapter.fetchBill(day), { name: 'BillNotReady' }, 'during the day');
  await control.setClock(new Date(startOfDay(addDays(day, 1), ZONE) + 3 * HOUR - 2000));
  await t.rejects(adapter.fetchBill(day), { name: 'BillNotReady' }, '02:59:58 the next day');
  // An adapter that expects no delay is told by PayPal that its data is older than the day's end.
  const eager = new PaypalAdapter({ ...config, reportingDelayMs: 0 });
  await t.rejects(eager.fetchBill(day), { name: 'BillNotReady', message: /refreshed/ });
  await control.setClock(new Date(startOfDay(addDays(day, 1), ZONE) + 3 * HOUR + 5000));
});

t.test("the day's transactions, every page, with the shop's numbers", async (t) => {
  const bill = await adapter.fetchBill(day);
  t.match(bill, { provider: 'paypal', setup: 'overseas', date: day, integrity: { algorithm: 'none' }, mediaType: 'application/json' });
  const pages = JSON.parse(bill.raw.toString('utf8')) as Array<{ page: number; total_pages: number; total_items: number }>;
  t.equal(pages.length, 3, 'six rows at two a page');
  t.same(
    pages.map((p) => p.page),
    [1, 2, 3],
  );
  t.equal(pages[0]!.total_items, 6);
  t.equal(bill.rows.length, 6);
  t.match(rowsOf(bill.rows, plain.outTradeNo), [
    {
      kind: 'payment',
      amountMinor: 7500,
      currency: 'EUR',
      status: 'S',
      providerRef: captureOf(plain.orderId).id,
      feeMinor: 311,
      occurredAt: /T\d{2}:\d{2}:\d{2}\+00:00$/,
      fields: { transaction_event_code: 'T0006', invoice_id: plain.outTradeNo },
    },
  ]);
  t.match(rowsOf(bill.rows, refunded.outTradeNo), [
    { kind: 'payment', amountMinor: 12000, status: 'V' },
    { kind: 'refund', amountMinor: 12000, refundNo, providerRef: captureOf(refunded.orderId).id, status: 'S', fields: { transaction_event_code: 'T1107' } },
  ]);
  t.match(rowsOf(bill.rows, unnotified.outTradeNo), [{ kind: 'payment', amountMinor: 9900 }], 'captured though no webhook went out');
  t.ok(
    engine.dispatcher.log.some((d) => d.outcome === 'dropped' && d.eventType === 'PAYMENT.CAPTURE.COMPLETED') &&
      !hooks.some((h) => h.includes('PAYMENT.CAPTURE.COMPLETED') && h.includes(unnotified.outTradeNo)),
    "the trade's capture webhook was dropped",
  );
  t.ok(
    await eventually('the capture webhook of another trade', async () =>
      hooks.some((h) => h.includes('PAYMENT.CAPTURE.COMPLETED') && h.includes(plain.outTradeNo)),
    ),
    'the other trades were notified',
  );
});

t.test('per-trade bill faults show in the parsed bill', async (t) => {
  await control.setBillFaults(altered.outTradeNo, { alterAmountMinor: 100 });
  await control.setBillFaults(plain.outTradeNo, { unknownRefundMinor: 1500 });
  await control.setBillFaults(omitted.outTradeNo, { omit: true });
  t.teardown(() => control.clearBillFaults());
  const bill = await adapter.fetchBill(day);
  t.match(rowsOf(bill.rows, altered.outTradeNo), [{ kind: 'payment', amountMinor: 4600 }]);
  const refunds = rowsOf(bill.rows, plain.outTradeNo).filter((r) => r.kind === 'refund');
  t.match(refunds, [{ kind: 'refund', amountMinor: 1500, providerRef: captureOf(plain.orderId).id }], 'a refund made elsewhere');
  t.equal(refunds[0]!.refundNo, undefined, 'it carries no refund number of the shop');
  t.same(rowsOf(bill.rows, omitted.outTradeNo), []);
  await t.rejects(control.setBillFaults(plain.outTradeNo, { corrupt: true }), /no checksum/, 'PayPal publishes no checksum to corrupt');
});

t.test("PayPal's SDK runs the same search; the range is 31 days at most", async (t) => {
  const search = new TransactionSearchController(localSandboxSdkClient(sandbox.url, credentials));
  const startDate = formatInZone(dayStart, ZONE);
  const endDate = formatInZone(startOfDay(addDays(day, 1), ZONE) - 1000, ZONE);
  const { result } = await search.searchTransactions({ startDate, endDate, fields: 'all', pageSize: 10, page: 1 });
  t.equal(result.totalItems, 6);
  t.same(
    result.transactionDetails!.map((d) => d.transactionInfo!.invoiceId ?? d.transactionInfo!.paypalReferenceId).sort(),
    [plain.outTradeNo, refunded.outTradeNo, altered.outTradeNo, omitted.outTradeNo, unnotified.outTradeNo, captureOf(refunded.orderId).id].sort(),
    "the SDK reads the sandbox's items: invoice ids, and the refund's capture reference",
  );
  t.match(result.transactionDetails![0], { transactionInfo: { transactionEventCode: 'T0006', transactionAmount: { currencyCode: 'EUR' } }, payerInfo: {} });
  t.ok(result.lastRefreshedDatetime, 'last_refreshed_datetime');

  const wide = await search
    .searchTransactions({ startDate: formatInZone(dayStart - 31 * 24 * HOUR - 1000, ZONE), endDate: formatInZone(dayStart, ZONE) })
    .catch((e: unknown) => e);
  t.ok(wide instanceof ApiError, 'more than 31 days is refused');
  t.match((wide as ApiError).statusCode, 400);
  t.match((wide as ApiError).body, /Date range is greater than 31 days/);
  const month = await search.searchTransactions({ startDate: formatInZone(dayStart - 31 * 24 * HOUR, ZONE), endDate: formatInZone(dayStart, ZONE) });
  t.equal(month.statusCode, 200, 'exactly 31 days is allowed');

  const future = await search
    .searchTransactions({ startDate: formatInZone(dayStart + 10 * 24 * HOUR, ZONE), endDate: formatInZone(dayStart + 11 * 24 * HOUR, ZONE) })
    .catch((e: unknown) => e);
  t.match((future as ApiError).body, /Data for the given start date is not available\./, 'a start after the last refresh');
  const missing = await search.searchTransactions({ startDate: '', endDate: endDate }).catch((e: unknown) => e);
  t.match((missing as ApiError).statusCode, 400, 'start_date is required');
});
