// Alipay notifies from the sandbox into a merchant receiver using the adapter: redelivery until
// `success` on the (scaled) schedule with a stable notify_id, and every fault switch.
import t from 'tap';
import { submitHtmlForm as submit } from '@shop/sandboxes/alipay/index';
import { NotificationRejected, type VerifiedNotification } from '../../payments/src/provider.js';
import { startAlipayBench } from '../helpers/alipay-bench.js';
import { eventually } from '../helpers/tmp.js';

const failFirst = new Map<string, number>(); // outTradeNo -> deliveries still to refuse
const { creds, ctl, adapter, newAttempt, deliveries, forTrade } = await startAlipayBench({
  accept: (n) => {
    const refuse = failFirst.get(n.outTradeNo) ?? 0;
    if (refuse > 0) failFirst.set(n.outTradeNo, refuse - 1);
    return refuse === 0;
  },
});

t.test('receiver answering fail twice then success: 3 deliveries with the same notify_id', async (t) => {
  const { outTradeNo, form } = await newAttempt(4200);
  await submit(form);
  failFirst.set(outTradeNo, 2);
  t.equal((await ctl.pay(outTradeNo)).status, 200);
  const log = await eventually('acknowledged', async () => {
    const d = await deliveries(outTradeNo);
    return d.some((x) => x.acknowledged) && d;
  });
  t.equal(log.length, 3);
  t.same(
    log.map((d) => d.attempt),
    [1, 2, 3],
  );
  t.same(
    log.map((d) => d.responseBody),
    ['fail', 'fail', 'success'],
  );
  t.equal(new Set(log.map((d) => d.notifyId)).size, 1, 'same notify_id across retries');
  t.equal(new Set(forTrade(outTradeNo).map((r) => r.notification?.eventId)).size, 1, 'receiver saw one event id');
  await new Promise((r) => setTimeout(r, 200));
  t.equal((await deliveries(outTradeNo)).length, 3, 'no delivery after success');
});

t.test('bad signature is rejected and redelivered on the whole schedule (8 tries), then given up', async (t) => {
  const { outTradeNo, form } = await newAttempt(1000);
  await submit(form);
  await ctl.pay(outTradeNo, { badSign: true });
  const log = await eventually('gave up', async () => {
    const d = await deliveries(outTradeNo);
    return d.some((x) => x.gaveUp) && d;
  });
  t.equal(log.length, 8, 'first try + 7 retries');
  t.ok(log.every((d) => d.responseBody === 'fail'));
  const gaps = log.slice(1).map((d, i) => Date.parse(d.at) - Date.parse(log[i]!.at));
  t.ok(gaps[6]! > gaps[0]!, 'intervals grow (15 h vs 4 m, scaled)');
  t.ok(
    forTrade(outTradeNo).every((r) => r.rejected?.reason === 'signature'),
    'adapter rejected every copy',
  );
});

t.test('tampered amount without re-signing is rejected; signed wrong amount / app / seller fail business checks', async (t) => {
  const { outTradeNo, form } = await newAttempt(2500);
  await submit(form);
  await ctl.pay(outTradeNo);
  const ok = await eventually('notify', async () => forTrade(outTradeNo).find((r) => r.notification));
  const tampered = ok.rawBody.replace('total_amount=25.00', 'total_amount=0.01');
  t.not(tampered, ok.rawBody);
  await t.rejects(adapter.verifyNotification({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: tampered }), NotificationRejected);
  await t.rejects(
    adapter.verifyNotification({ headers: {}, rawBody: ok.rawBody.replace(/&sign=[^&]*/, '') }),
    { name: 'NotificationRejected', reason: 'signature' },
    'missing sign',
  );

  for (const [fault, check] of [
    ['wrongAmount', (n: VerifiedNotification) => n.amountCents === 2501],
    ['wrongAppId', (n: VerifiedNotification) => n.appId !== creds.appId],
    ['wrongSellerId', (n: VerifiedNotification) => n.merchantId !== creds.sellerId],
  ] as const) {
    const a = await newAttempt(2500);
    await submit(a.form);
    await ctl.pay(a.outTradeNo, { [fault]: true });
    const r = await eventually(fault, async () => forTrade(a.outTradeNo).find((x) => x.notification));
    t.ok(check(r.notification!), `${fault}: signature verifies, field is wrong`);
    t.equal(r.answered, 'fail', `${fault}: receiver refuses it`);
  }
});

t.test('fault switches: duplicate, reordered, delayed, drop; global switches and delivery log', async (t) => {
  const dup = await newAttempt(3000);
  await submit(dup.form);
  await ctl.pay(dup.outTradeNo, { duplicate: 2 });
  const dupLog = await eventually('duplicates', async () => {
    const d = await deliveries(dup.outTradeNo);
    return d.length >= 3 && d;
  });
  t.same(dupLog.map((d) => d.kind).sort(), ['delivery', 'duplicate', 'duplicate']);
  t.equal(new Set(dupLog.map((d) => d.notifyId)).size, 1, 'copies share the notify_id');

  const re = await newAttempt(3100);
  await submit(re.form);
  await ctl.pay(re.outTradeNo, { reordered: true });
  const reLog = await eventually('reordered', async () => {
    const d = await deliveries(re.outTradeNo);
    return d.length >= 2 && d;
  });
  t.match(reLog[0], { tradeStatus: 'TRADE_SUCCESS', kind: 'delivery' });
  t.match(reLog[1], { tradeStatus: 'WAIT_BUYER_PAY', kind: 'reordered' }, 'older event delivered after the newer');
  const stale = await eventually('stale received', async () => forTrade(re.outTradeNo).find((r) => r.notification?.detail === 'WAIT_BUYER_PAY'));
  t.equal(stale.notification!.state, 'pending', 'a stale event maps to pending (the app must not regress)');

  const del = await newAttempt(3200);
  await submit(del.form);
  const t0 = Date.now();
  await ctl.pay(del.outTradeNo, { delayMs: 300 });
  t.equal((await deliveries(del.outTradeNo)).length, 0, 'nothing yet');
  await eventually('delayed delivery', async () => (await deliveries(del.outTradeNo)).length === 1);
  t.ok(Date.now() - t0 >= 290, 'delivered after the delay');

  t.same((await ctl.setFaults({ drop: true })).body, { drop: true }, 'global switch on');
  const drop = await newAttempt(3300);
  await submit(drop.form);
  await ctl.pay(drop.outTradeNo);
  // Once the sandbox has logged the notification as dropped it will not send it: nothing can arrive later.
  await eventually('the notification logged as dropped', async () => (await deliveries(drop.outTradeNo)).some((d) => d.kind === 'dropped'));
  t.match(await deliveries(drop.outTradeNo), [{ kind: 'dropped', acknowledged: false }]);
  t.equal(forTrade(drop.outTradeNo).length, 0, 'never sent');
  t.match(await adapter.query(drop.outTradeNo), { state: 'succeeded' }, 'query still finds the payment');
  await ctl.clearFaults();
  t.equal((await ctl.setFaults({ nonsense: true })).status, 400, 'unknown switch refused');
});
