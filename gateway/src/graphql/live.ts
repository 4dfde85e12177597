import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import websocket from '@fastify/websocket';
import mercurius from 'mercurius';
import { specifiedRules, validate, type ValidationRule } from 'graphql';
import { Gauge } from 'prom-client';
import { OrderStatusHub } from '../services/payments/status-hub.js';
import type { LocalWindowLimiter } from '../plugins/local-limit.js';
import { text } from '../i18n/messages.js';
import { LIVE_LIMITS, LiveConnections } from './live-connections.js';
import { paymentStatusSubscription, type LiveContext } from './payment-status.js';

/**
 * Subscriptions over a WebSocket on GET /graphql (graphql-transport-ws): the upgrade's checks
 * (origin, session, bounds) as a hook for that route, Mercurius's subscription options and the
 * Subscription resolvers.
 * Registered by the graphql plugin before Mercurius, so Mercurius uses this @fastify/websocket.
 */
export async function liveSubscriptions(app: FastifyInstance, limiter: LocalWindowLimiter) {
  await app.register(websocket, { options: { maxPayload: LIVE_LIMITS.maxPayload } });
  const { rateLimitScale, liveIdleMs, livePingMs } = app.config;
  const live = new LiveConnections({
    ...LIVE_LIMITS,
    perIp: Math.max(1, Math.round(LIVE_LIMITS.perIp * rateLimitScale)),
    idleMs: liveIdleMs,
    keepAliveMs: livePingMs,
  });
  app.websocketServer.on('connection', (socket, raw) => live.accept(socket, raw));
  const hub = new OrderStatusHub(app.config.redisUrl, app.config.queuePrefix, app.log);
  app.addHook('onClose', async () => hub.close());
  new Gauge({
    name: 'shop_live_sockets',
    help: 'Open GraphQL WebSockets (live payment status) of this gateway process, and the orders they watch.',
    labelNames: ['measure'],
    registers: [app.metricsRegistry],
    collect() {
      this.set({ measure: 'sockets' }, live.size);
      this.set({ measure: 'watched_orders' }, hub.watchedOrders);
    },
  });
  let publicOrigin: string | null = null;
  try {
    publicOrigin = new URL(app.config.publicUrl).origin;
  } catch {
    publicOrigin = null;
  }

  // The upgrade's checks, run on the GET /graphql route only (graphql.ts), after the session.
  const upgradeGuard: onRequestHookHandler = async (req, reply) => {
    if (!req.ws) return;
    const refuse = (status: number, key: 'tooManyRequests' | 'noPermission' | 'notLoggedIn', code: string) =>
      reply.code(status).send({ errors: [{ message: text(key, req.locale), extensions: { code } }] });
    if (!limiter.hit(req.ip)) return refuse(429, 'tooManyRequests', 'RATE_LIMITED');
    // Cross-site WebSocket hijacking: a browser always sends Origin, and only our own pages may
    // open a socket with the buyer's cookie. (Clients that are not browsers send none.)
    const origin = req.headers.origin;
    if (origin && origin !== `${req.protocol}://${req.headers.host ?? ''}` && origin !== publicOrigin) return refuse(403, 'noPermission', 'FORBIDDEN');
    // Authenticated at connection time, from the session cookie (or bearer) of the upgrade.
    if (!req.user || !req.sessionToken) return refuse(401, 'notLoggedIn', 'UNAUTHENTICATED');
    if (!live.fits(req.sessionToken, req.ip)) return refuse(429, 'tooManyRequests', 'RATE_LIMITED');
    live.expect(req.raw, { ip: req.ip, token: req.sessionToken, locale: req.locale });
  };

  return {
    upgradeGuard,
    resolvers: { paymentStatus: paymentStatusSubscription(hub, limiter) },
    subscription: {
      // The identity was settled at the upgrade; every subscribe checks the session again.
      context: (socket: import('@fastify/websocket').WebSocket, request: import('fastify').FastifyRequest): Omit<LiveContext, 'reply'> => {
        const conn = live.get(socket);
        if (conn?.initialised) {
          // graphql-transport-ws allows one connection_init (Mercurius would arm a second keep-alive).
          conn.close(4429, 'Too many initialisation requests');
          throw new Error('second connection_init');
        }
        if (conn) conn.initialised = true;
        return { deps: app.deps, req: request, user: request.user, locale: conn?.locale ?? request.locale, live: conn };
      },
      // A browser cannot set headers on a WebSocket: the SPA names its language in connection_init.
      onConnect: (data: { payload?: { locale?: unknown } | null }) => {
        const l = data.payload?.locale;
        return typeof l === 'string' ? { locale: l.toLowerCase().startsWith('zh') ? 'zh' : 'en' } : {};
      },
      keepAlive: livePingMs,
      fullWsTransport: false,
    },
    /** Mercurius validates documents over HTTP only; subscriptions get the same rules here. */
    validateSubscriptions(extra: ValidationRule[]) {
      const rules = [...specifiedRules, ...extra];
      app.graphql.addHook('preSubscriptionExecution', (schema, document) => {
        const problems = validate(schema, document, rules);
        if (problems.length) throw new mercurius.ErrorWithProps(problems[0]!.message, { code: 'GRAPHQL_VALIDATION_FAILED' });
      });
    },
  };
}
