import type { PaymentCheck } from '../services/payments/check.js';
import { isFinal } from '../services/payments/check.js';

export interface LiveStatusOptions {
  /** The state when the subscription starts (checked at the provider, like checkPayment). */
  first: PaymentCheck;
  /** Reads the state again from PostgreSQL. */
  reread: () => Promise<PaymentCheck>;
  /**
   * Registers the wake-up for "this order may have changed": answers the unsubscribe, and when
   * the wake-ups begin to arrive (Redis confirmed the channel).
   */
  listen: (wake: () => void) => { stop: () => void; ready: Promise<void> };
  /**
   * Read again right after the first event and once more when the listening has begun: `first`
   * was read before it, and a change published before Redis confirmed the channel was heard by
   * nobody (under load the confirmation can come after the subscription has started).
   */
  rereadFirst: boolean;
  /** A re-read at least this often, for an event lost on the way (Redis down, a restart). */
  recheckMs: number;
  /**
   * A failed re-read (the pool busy, PostgreSQL restarting) is tried again this soon: the event
   * that woke it is spent, and waiting for the periodic re-read would keep a paid page waiting.
   */
  retryMs: number;
  onEnd: () => void;
  onError: (err: unknown) => void;
}

export interface LiveStatus extends AsyncIterableIterator<PaymentCheck> {
  /** Ends the stream from outside (the socket closed). */
  end(): void;
}

/**
 * The event stream of the paymentStatus subscription: the current state first, then every
 * change (an event only wakes it up; the state always comes from PostgreSQL, so duplicated,
 * reordered or lost events cannot show a wrong state), ending after a final state.
 *
 * Written as a plain iterator rather than an async generator: a generator waiting for the next
 * event cannot be stopped by return() until it yields, which would leak its listener when the
 * buyer leaves a page that never changes.
 */
export function liveStatus(opts: LiveStatusOptions): LiveStatus {
  let sentFirst = false;
  let last = JSON.stringify(opts.first);
  let finished = isFinal(opts.first);
  let ended = false;
  let dirty = opts.rereadFirst && !finished;
  let waiting: (() => void) | null = null;
  const wake = () => {
    dirty = true;
    const w = waiting;
    waiting = null;
    w?.();
  };
  const listening = finished ? null : opts.listen(wake);
  const unlisten = listening?.stop ?? (() => {});
  if (listening && opts.rereadFirst) void listening.ready.then(wake, () => undefined);
  const timer = finished ? undefined : setInterval(wake, opts.recheckMs);
  timer?.unref();
  let retry: NodeJS.Timeout | undefined;
  const end = () => {
    if (ended) return;
    ended = true;
    unlisten();
    clearInterval(timer);
    clearTimeout(retry);
    const w = waiting;
    waiting = null;
    w?.();
    opts.onEnd();
  };
  const done: IteratorReturnResult<undefined> = { value: undefined, done: true };

  const stream: LiveStatus = {
    async next(): Promise<IteratorResult<PaymentCheck>> {
      if (!sentFirst) {
        sentFirst = true;
        if (!ended) return { value: opts.first, done: false };
      }
      while (!ended && !finished) {
        if (!dirty) await new Promise<void>((resolve) => (waiting = resolve));
        if (ended) break;
        dirty = false;
        let now: PaymentCheck;
        try {
          now = await opts.reread();
        } catch (err) {
          opts.onError(err);
          clearTimeout(retry);
          retry = setTimeout(wake, opts.retryMs);
          retry.unref();
          continue;
        }
        const key = JSON.stringify(now);
        if (key === last || ended) continue;
        last = key;
        finished = isFinal(now);
        return { value: now, done: false };
      }
      end();
      return done;
    },
    async return(): Promise<IteratorResult<PaymentCheck>> {
      end();
      return done;
    },
    async throw(): Promise<IteratorResult<PaymentCheck>> {
      end();
      return done;
    },
    end,
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}
