import mercurius from 'mercurius';
import { findSessionUser } from '../services/accounts/sessions.js';
import { AppError, appError } from '../services/errors.js';
import { checkPayment, paymentState, type PaymentCheck } from '../services/payments/check.js';
import type { OrderStatusHub } from '../services/payments/status-hub.js';
import type { LocalWindowLimiter } from '../plugins/local-limit.js';
import type { ShopContext } from './context.js';
import { LIVE_LIMITS, type LiveConnection } from './live-connections.js';
import { toGraphQLError } from './errors.js';
import { liveStatus } from './live-status.js';
import { presentCheck } from './present-orders.js';

const { ErrorWithProps } = mercurius;

/** The context of an operation on the GraphQL WebSocket. */
export interface LiveContext extends ShopContext {
  live?: LiveConnection;
  /** The subscription id the client chose (set by Mercurius). */
  id?: string;
}

/** A re-read this often even without an event, in case one was lost. */
export const RECHECK_MS = 15_000;
/** A failed re-read is tried again after this long. */
export const RETRY_MS = 1_000;
/** How long a new subscription waits for Redis to confirm its channel. */
const LISTEN_WAIT_MS = 2_000;

const tooMany = () => appError('tooManyRequests');

/**
 * Subscription.paymentStatus: same references, same refusals and same answer as checkPayment
 * (the first event is a checkPayment: the provider is asked once, a PayPal approval captured),
 * then an event whenever the order's state changes, until a final state.
 */
export function paymentStatusSubscription(hub: OrderStatusHub, limiter: LocalWindowLimiter) {
  return {
    subscribe: async (_root: unknown, args: { reference: string }, ctx: LiveContext) => {
      const { deps, live } = ctx;
      try {
        if (!live) throw appError('notLoggedIn');
        const id = String(ctx.id ?? '');
        if (live.ids.has(id)) {
          live.close(4409, `Subscriber for ${id.slice(0, 40)} already exists`);
          throw tooMany();
        }
        live.started += 1;
        if (live.active >= LIVE_LIMITS.activePerSocket || live.started > LIVE_LIMITS.startsPerSocket || !limiter.hit(live.ip)) throw tooMany();
        // Counted before the first await, so a burst of subscribes cannot pass the bound together.
        live.ids.add(id);
        live.active += 1;
        live.changed();
        const release = () => {
          live.ids.delete(id);
          live.active -= 1;
          live.changed();
        };
        let first: PaymentCheck;
        let user: Awaited<ReturnType<typeof findSessionUser>>;
        try {
          // The session may have ended since the socket opened (logout, password reset).
          user = await findSessionUser(deps, live.token);
          first = await checkPayment(deps, user, args.reference);
        } catch (err) {
          release();
          throw err;
        }
        const orderNo = first.orderNo ?? args.reference;
        let listening: Promise<void> = Promise.resolve();
        const stream = liveStatus({
          first,
          reread: () => paymentState(deps, user, args.reference),
          listen: (wake) => {
            const l = hub.listen(orderNo, wake);
            listening = l.ready;
            return l;
          },
          // A change between the first read and the channel subscription would go unheard:
          // read again at once and when Redis has confirmed the channel (sent only if it differs).
          rereadFirst: true,
          recheckMs: RECHECK_MS,
          retryMs: RETRY_MS,
          onError: (err) => deps.log.warn({ err, orderNo }, 'payment status re-read failed'),
          onEnd: () => {
            live.streams.delete(stream.end);
            release();
          },
        });
        live.streams.add(stream.end);
        // Bounded: with Redis away the subscribe waits for a reconnect; the 15 s re-read covers it.
        await Promise.race([listening, new Promise((resolve) => setTimeout(resolve, LISTEN_WAIT_MS).unref())]);
        return stream;
      } catch (err) {
        if (err instanceof AppError) throw toGraphQLError(err, ctx.locale);
        deps.log.error({ err }, 'paymentStatus subscription failed');
        throw new ErrorWithProps('Internal error', { code: 'INTERNAL' });
      }
    },
    resolve: (event: PaymentCheck, _args: unknown, ctx: LiveContext) => presentCheck(event, ctx.locale),
  };
}
