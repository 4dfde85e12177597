// WeChat callbacks from the sandbox as a receiver built on the adapter sees them: forged or
// probing callbacks rejected, both WeChat key modes accepted, redelivery schedule, duplicates,
// reordering, delays, wrong amounts and drops.
import Fastify from 'fastify';
import t from 'tap';
import { NotificationRejected, type CreateAttemptInput, type VerifiedNotification } from '../../payments/src/provider.js';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials } from '../../payments/src/wechat/index.js';
import { RETRY_SCHEDULE_SECONDS, startWechatSandbox, type DeliveryRecord } from '@shop/sandboxes/wechat/index';
import { eventually } from '../helpers/tmp.js';

interface Received {
  tag: string;
  at: number;
  status: number;
  verified?: VerifiedNotification;
  rejected?: string;
}

/** Callback endpoint; `refuse.set(tag, n)` makes it answer "not acknowledged" to n authentic callbacks. */
async function startReceiver(adapter: WechatPayAdapter) {
  const received: Received[] = [];
  const refuse = new Map<string, number>();
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post<{ Params: { tag: string } }>('/notify/:tag', async (req, reply) => {
    const rec: Received = { tag: req.params.tag, at: Date.now(), status: 0 };
    let ack = false;
    try {
      rec.verified = await adapter.verifyNotification({ headers: req.headers as Record<string, string>, rawBody: req.body as string });
      const left = refuse.get(rec.tag) ?? 0;
      refuse.set(rec.tag, left - 1);
      ack = left <= 0;
    } catch (err) {
      if (!(err instanceof NotificationRejected)) throw err;
      rec.rejected = err.reason;
    }
    const answer = adapter.answer(ack);
    rec.status = answer.status;
    received.push(rec);
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, refuse, close: () => app.close(), of: (tag: string) => received.filter((r) => r.tag === tag) };
}

const credentials = await generateWechatCredentials();
const sandbox = await startWechatSandbox({ credentials, prefix: '/sandbox/wechat', timeScale: 0.001 });
t.teardown(() => sandbox.close());
const adapter = new WechatPayAdapter(adapterConfigFromCredentials(credentials, sandbox.baseUrl));
const receiver = await startReceiver(adapter);
t.teardown(() => receiver.close());

let seq = 0;
/** Where an order is paid: the merchant's adapter, its sandbox, and the receiver its notification goes to. */
interface PaidAt {
  adapter: WechatPayAdapter;
  sandboxUrl: string;
  receiverUrl: string;
}

/** A native order created through the adapter and paid in the sandbox; its notification goes to `<receiver>/notify/<tag>`. */
async function paidOrder(
  tag: string,
  faults: Record<string, unknown> = {},
  over: Partial<CreateAttemptInput> = {},
  at: PaidAt = { adapter, sandboxUrl: sandbox.baseUrl, receiverUrl: receiver.url },
): Promise<string> {
  const outTradeNo = `N${Date.now()}${++seq}`;
  await at.adapter.createAttempt({
    outTradeNo,
    orderNo: 'SO-2001',
    description: 'ASPICE PAM 3.1',
    amountCents: 12345,
    currency: 'CNY',
    method: 'native',
    notifyUrl: `${at.receiverUrl}/notify/${tag}`,
    returnUrl: 'https://shop.example/return',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...over,
  });
  const res = await fetch(`${at.sandboxUrl}/_control/orders/${outTradeNo}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  if (res.status !== 200) throw new Error(`pay control answered ${res.status}`);
  return outTradeNo;
}
async function deliveries(outTradeNo: string): Promise<DeliveryRecord[]> {
  const res = await fetch(`${sandbox.baseUrl}/_control/deliveries?out_trade_no=${outTradeNo}`);
  return ((await res.json()) as { deliveries: DeliveryRecord[] }).deliveries;
}
async function scheduledDeliveries(outTradeNo: string): Promise<number> {
  const res = await fetch(`${sandbox.baseUrl}/_control/deliveries?out_trade_no=${outTradeNo}`);
  return ((await res.json()) as { scheduled: number }).scheduled;
}
async function setMode(mode: string): Promise<void> {
  await fetch(`${sandbox.baseUrl}/_control/signing-mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });
}
const accepted = (tag: string) => eventually(`accepted callback for ${tag}`, async () => receiver.of(tag).find((r) => r.verified && r.status === 204));

for (const [fault, reason] of [
  ['badSignature', 'bad_signature'],
  ['staleTimestamp', 'stale_timestamp'],
  ['wrongKey', 'bad_signature'],
] as const) {
  t.test(`${fault}: rejected, then the genuine redelivery is accepted`, async (t) => {
    const no = await paidOrder(fault, { [fault]: true });
    await accepted(fault);
    t.match(receiver.of(fault), [
      { rejected: reason, status: 500 },
      { verified: { outTradeNo: no, state: 'succeeded' }, status: 204 },
    ]);
    t.match(await deliveries(no), [
      { attempt: 1, status: 500, faults: [fault] },
      { attempt: 2, status: 204, acknowledged: true },
    ]);
  });
}

t.test('SIGNTEST probe is rejected; the real callback still arrives', async (t) => {
  const no = await paidOrder('probe', { signtestProbe: true });
  await accepted('probe');
  t.match(receiver.of('probe'), [
    { rejected: 'signtest_probe', status: 500 },
    { verified: { outTradeNo: no }, status: 204 },
  ]);
  t.match(await deliveries(no), [
    { kind: 'probe', acknowledged: false },
    { kind: 'event', acknowledged: true },
  ]);
});

t.test('both WeChat key modes verify, also switching at random', async (t) => {
  t.teardown(() => setMode('publicKey'));
  const serials: string[] = [];
  for (const mode of ['certificate', 'publicKey', 'random', 'random', 'random', 'random']) {
    await setMode(mode);
    const tag = `mode-${serials.length}`;
    const no = await paidOrder(tag);
    await accepted(tag);
    serials.push((await deliveries(no))[0]!.serial!);
    t.equal((await adapter.query(no)).state, 'succeeded', `${mode}: the query answer verifies too`);
  }
  t.equal(serials[0], credentials.platformCertificate.serialNo);
  t.equal(serials[1], credentials.wechatpayPublicKey.keyId);
  t.match(serials[1], /^PUB_KEY_ID_/);

  const onlyCert = new WechatPayAdapter({ ...adapterConfigFromCredentials(credentials, sandbox.baseUrl), wechatpayPublicKey: undefined });
  const other = await startReceiver(onlyCert);
  t.teardown(() => other.close());
  await setMode('publicKey');
  await paidOrder('k', {}, {}, { adapter, sandboxUrl: sandbox.baseUrl, receiverUrl: other.url });
  const [first] = await eventually('callback at the cert-only receiver', async () => (other.of('k').length ? other.of('k') : false));
  t.match(first, { rejected: 'unknown_serial', status: 500 }, 'a key the merchant does not hold is refused');
});

t.test('redelivery: refused twice, acknowledged on the third delivery', async (t) => {
  receiver.refuse.set('retry', 2);
  const no = await paidOrder('retry');
  await accepted('retry');
  // The sandbox has no redelivery left to make: the count below is final.
  await eventually('no redelivery scheduled', async () => (await scheduledDeliveries(no)) === 0);
  const log = await deliveries(no);
  t.match(
    log.map((d) => [d.attempt, d.status, d.acknowledged]),
    [
      [1, 500, false],
      [2, 500, false],
      [3, 204, true],
    ],
  );
  t.equal(log.length, 3, 'exactly 3 deliveries');
  const times = receiver.of('retry').map((r) => r.at);
  t.ok(times[1]! - times[0]! >= 14 && times[2]! - times[1]! >= 14, 'waits 15 s x timeScale between deliveries');
});

t.test('redelivery gives up after the documented 15 retries', async (t) => {
  // A separate sandbox with a very small timeScale: the whole ~24 h schedule takes under 2 s.
  const fast = await startWechatSandbox({ credentials, timeScale: 0.00002 });
  t.teardown(() => fast.close());
  const fastAdapter = new WechatPayAdapter(adapterConfigFromCredentials(credentials, fast.baseUrl));
  receiver.refuse.set('never', 1000);
  await paidOrder('never', {}, {}, { adapter: fastAdapter, sandboxUrl: fast.baseUrl, receiverUrl: receiver.url });
  t.equal(RETRY_SCHEDULE_SECONDS.length, 15);
  await eventually('16 deliveries', async () => receiver.of('never').length >= 16, 10_000);
  await new Promise((r) => setTimeout(r, 1000));
  t.equal(receiver.of('never').length, 16, 'first delivery + 15 redeliveries, then silence');
});

t.test('duplicates carry the same event id', async (t) => {
  const no = await paidOrder('dup', { duplicate: 3 });
  await eventually('3 accepted copies', async () => receiver.of('dup').filter((r) => r.status === 204).length === 3);
  const ids = new Set(receiver.of('dup').map((r) => r.verified!.eventId));
  t.equal(ids.size, 1, 'one event id across copies');
  t.same(
    (await deliveries(no)).map((d) => d.copy),
    [1, 2, 3],
  );
});

t.test('reordered: the older event arrives after the newer one', async (t) => {
  const older = await paidOrder('order', { reordered: true });
  // The sandbox holds it (no timeout of its own) until a newer event goes out.
  await eventually('the older event held', async () => {
    const res = await fetch(`${sandbox.baseUrl}/_control/deliveries?out_trade_no=${older}`);
    return ((await res.json()) as { held: number }).held === 1;
  });
  t.equal(receiver.of('order').length, 0, 'held until a newer event goes out');
  const newer = await paidOrder('order');
  await eventually('both callbacks', async () => receiver.of('order').length === 2);
  t.same(
    receiver.of('order').map((r) => r.verified!.outTradeNo),
    [newer, older],
  );
});

t.test('delayed, wrong amount and dropped callbacks', async (t) => {
  const started = Date.now();
  await paidOrder('late', { delayMs: 400 });
  const late = await accepted('late');
  t.ok(late.at - started >= 400, 'delivered after the delay');

  const wrong = await paidOrder('amount', { wrongAmount: true });
  const note = await accepted('amount');
  t.equal(note.verified!.amountCents, 12346, 'authentic callback with an amount the shop must not trust');
  t.equal((await adapter.query(wrong)).amountCents, 12345, 'the query tells the real amount');

  const dropped = await paidOrder('drop', { drop: true });
  // Once the sandbox has logged it as dropped it will not send it: nothing can arrive later.
  await eventually('the callback logged as dropped', async () => (await deliveries(dropped)).some((d) => d.kind === 'dropped'));
  t.match(await deliveries(dropped), [{ kind: 'dropped' }]);
  t.equal(receiver.of('drop').length, 0, 'nothing delivered');
  t.equal((await adapter.query(dropped)).state, 'succeeded', 'only a query reveals the payment');
});
