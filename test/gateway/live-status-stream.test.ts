import t from 'tap';
import { liveStatus } from '@shop/gateway/graphql/live-status';
import type { PaymentCheck } from '@shop/gateway/services/payments/check';

// The paymentStatus subscription's stream (gateway/src/graphql/live-status.ts) against a stand-in
// for Redis' channel: the state is read from `current` (PostgreSQL's part), and wake-ups come only
// when the test sends them (a published event) or the channel is confirmed.

const pending: PaymentCheck = { paid: false, orderNo: 'O1', bookId: '1', intentStatus: 'pending', retryHref: null, duplicate: false };
const paid: PaymentCheck = { ...pending, paid: true, intentStatus: 'succeeded' };
const HOUR = 3_600_000;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The next event, or 'none' once `ms` have passed without one. */
async function nextWithin(stream: AsyncIterator<PaymentCheck>, ms: number): Promise<PaymentCheck | 'none' | 'ended'> {
  let timer: NodeJS.Timeout | undefined;
  const none = new Promise<'none'>((resolve) => (timer = setTimeout(() => resolve('none'), ms)));
  const next = stream.next().then((r) => (r.done ? ('ended' as const) : r.value));
  try {
    return await Promise.race([next, none]);
  } finally {
    clearTimeout(timer);
  }
}

t.test('a payment settled before Redis confirmed the channel reaches the page when it confirms, not at the next recheck', async (t) => {
  let current = pending;
  const confirmed = deferred();
  let stopped = false;
  const stream = liveStatus({
    first: pending,
    reread: async () => current,
    listen: () => ({ stop: () => (stopped = true), ready: confirmed.promise }),
    rereadFirst: true,
    recheckMs: HOUR,
    retryMs: HOUR,
    onEnd: () => {},
    onError: (err) => t.fail(String(err)),
  });
  t.same(await nextWithin(stream, 1000), pending, 'the state when the page subscribed');
  // The first re-read happens at once and finds nothing new; nothing is sent for it.
  t.equal(await nextWithin(stream, 200), 'none', 'no event while nothing changed');
  // Settled now, its event published while the channel was not yet confirmed: heard by nobody.
  current = paid;
  confirmed.resolve();
  t.same(await nextWithin(stream, 5000), paid, 'the paid state follows the confirmation');
  t.same(await stream.next(), { value: undefined, done: true }, 'and the stream ends with it');
  t.ok(stopped, 'the channel is left');
});

t.test('without a change the confirmation sends nothing, and an event later is still heard', async (t) => {
  let current = pending;
  const confirmed = deferred();
  let wake: () => void = () => {};
  const stream = liveStatus({
    first: pending,
    reread: async () => current,
    listen: (w) => {
      wake = w;
      return { stop: () => {}, ready: confirmed.promise };
    },
    rereadFirst: true,
    recheckMs: HOUR,
    retryMs: HOUR,
    onEnd: () => {},
    onError: (err) => t.fail(String(err)),
  });
  t.same(await nextWithin(stream, 1000), pending);
  const next = stream.next();
  confirmed.resolve();
  current = paid;
  wake();
  t.same((await next).value, paid, 'the event after the confirmation');
  stream.end();
});

t.test('a re-read that fails after the paid event is tried again soon, not at the next recheck', async (t) => {
  let current = pending;
  let failNext = false;
  const errors: unknown[] = [];
  let wake: () => void = () => {};
  const stream = liveStatus({
    first: pending,
    reread: async () => {
      if (failNext) {
        failNext = false;
        throw new Error('timeout exceeded when trying to connect');
      }
      return current;
    },
    listen: (w) => {
      wake = w;
      return { stop: () => {}, ready: Promise.resolve() };
    },
    rereadFirst: true,
    recheckMs: HOUR,
    retryMs: 50,
    onEnd: () => {},
    onError: (err) => errors.push(err),
  });
  t.same(await nextWithin(stream, 1000), pending);
  t.equal(await nextWithin(stream, 200), 'none', 'no event while nothing changed');
  // Paid, its event heard, but the pool cannot give the re-read a connection this time.
  current = paid;
  failNext = true;
  const next = nextWithin(stream, 5000);
  wake();
  t.same(await next, paid, 'the paid state arrives with the retry');
  t.equal(errors.length, 1, 'the failed re-read was reported');
});
