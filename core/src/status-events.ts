import type { Redis } from 'ioredis';

/**
 * "This order's payment state just changed": published on Redis pub/sub after the change has
 * committed, so the gateway can push it to the buyer's open QR and result pages. Only a hint:
 * the listener re-reads the state from PostgreSQL, so a lost message costs a moment of delay
 * (the page's safety re-read and the 3 s polling fallback cover it), never a wrong answer.
 */
export interface StatusEvents {
  /** Fire-and-forget: never throws, never waits, failures are logged. */
  changed(orderNo: string, status: string): void;
}

/** One channel per order, under the queue prefix (test stacks and tenants do not hear each other). */
export function orderStatusChannel(prefix: string, orderNo: string): string {
  return `${prefix}:order-status:${orderNo}`;
}

export function redisStatusEvents(redis: Redis, prefix: string, log: { warn(obj: object, msg: string): void }): StatusEvents {
  return {
    changed(orderNo, status) {
      try {
        // The producer connection fails fast when Redis is down: settlement never waits on this.
        redis
          .publish(orderStatusChannel(prefix, orderNo), status)
          .catch((err: Error) => log.warn({ err: err.message, orderNo }, 'order status event not published'));
      } catch (err) {
        log.warn({ err: (err as Error).message, orderNo }, 'order status event not published');
      }
    },
  };
}

/** For code paths with nobody listening (scripts, unit tests). */
export const silentStatusEvents: StatusEvents = { changed() {} };
