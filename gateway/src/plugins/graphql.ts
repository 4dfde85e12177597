import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { loadTypeDefs } from '@shop/schema';
import { accountResolvers } from '../graphql/accounts.js';
import { catalogResolvers } from '../graphql/catalog.js';
import { orderResolvers } from '../graphql/orders.js';
import { adminLoaders, adminResolvers } from '../graphql/admin.js';
import { buildContext } from '../graphql/context.js';
import { NoSchemaIntrospectionCustomRule, specifiedRules, validate } from 'graphql';
import websocket from '@fastify/websocket';
import { LIVE_LIMITS, LiveConnections } from '../graphql/live-connections.js';
import { paymentStatusSubscription, type LiveContext } from '../graphql/payment-status.js';
import { OrderStatusHub } from '../services/payments/status-hub.js';
import { MAX_DEPTH, queryShapeRule } from '../graphql/limits.js';
import { limits, scaled } from './rate-limit.js';
import { LocalWindowLimiter } from './local-limit.js';
import { text } from '../i18n/messages.js';

export default fp(
  async (app) => {
    const production = app.config.env === 'production';
    const limiter = new LocalWindowLimiter(scaled(limits.graphql, app.config.rateLimitScale).max, 60_000);
    // Subscriptions (the live payment status) run over a WebSocket on GET /graphql.
    await app.register(websocket, { options: { maxPayload: LIVE_LIMITS.maxPayload } });
    const live = new LiveConnections({ ...LIVE_LIMITS, perIp: Math.max(1, Math.round(LIVE_LIMITS.perIp * app.config.rateLimitScale)) });
    app.websocketServer.on('connection', (socket, raw) => live.accept(socket, raw));
    const hub = new OrderStatusHub(app.config.redisUrl, app.config.queuePrefix, app.log);
    app.addHook('onClose', async () => hub.close());
    const publicOrigin = (() => {
      try {
        return new URL(app.config.publicUrl).origin;
      } catch {
        return null;
      }
    })();
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/graphql')) return;
      if (req.ws) {
        if (!limiter.hit(req.ip)) return reply.code(429).send({ errors: [{ message: text('tooManyRequests', req.locale), extensions: { code: 'RATE_LIMITED' } }] });
        // Cross-site WebSocket hijacking: a browser always sends Origin, and only our pages may
        // open a socket with the buyer's cookie. (Clients that are not browsers send none.)
        const origin = req.headers.origin;
        if (origin && origin !== `${req.protocol}://${req.headers.host ?? ''}` && origin !== publicOrigin) {
          return reply.code(403).send({ errors: [{ message: text('noPermission', req.locale), extensions: { code: 'FORBIDDEN' } }] });
        }
        // Authenticated at connection time, from the session cookie (or bearer) of the upgrade.
        if (!req.user || !req.sessionToken) return reply.code(401).send({ errors: [{ message: text('notLoggedIn', req.locale), extensions: { code: 'UNAUTHENTICATED' } }] });
        if (!live.fits(req.sessionToken, req.ip)) return reply.code(429).send({ errors: [{ message: text('tooManyRequests', req.locale), extensions: { code: 'RATE_LIMITED' } }] });
        live.expect(req.raw, { ip: req.ip, token: req.sessionToken, locale: req.locale });
        return;
      }
      // CSRF prevention: only a JSON POST (which a plain cross-site form cannot send) may run
      // operations; GET is for queries from tools and needs a header no simple request carries.
      const type = String(req.headers['content-type'] ?? '');
      if (req.method === 'POST' && !type.startsWith('application/json')) {
        return reply.code(415).send({ errors: [{ message: 'GraphQL requests must be application/json', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] });
      }
      if (req.method === 'GET' && !req.headers['apollo-require-preflight'] && !req.headers['x-apollo-operation-name']) {
        return reply.code(400).send({ errors: [{ message: 'GET requests need an apollo-require-preflight header', extensions: { code: 'CSRF_PREVENTED' } }] });
      }
      if (!limiter.hit(req.ip)) {
        return reply.code(429).send({ errors: [{ message: text('tooManyRequests', req.locale), extensions: { code: 'RATE_LIMITED' } }] });
      }
    });
    await app.register(mercurius, {
      schema: loadTypeDefs(),
      resolvers: {
        Query: {
          version: () => app.buildVersion,
          ...(catalogResolvers.Query as object),
          ...(accountResolvers.Query as object),
          ...(orderResolvers.Query as object),
          ...(adminResolvers.Query as object),
        },
        Mutation: { ...(accountResolvers.Mutation as object), ...(orderResolvers.Mutation as object), ...(adminResolvers.Mutation as object) },
        Subscription: { paymentStatus: paymentStatusSubscription(hub, limiter) },
        Book: orderResolvers.Book as object,
      },
      loaders: adminLoaders,
      context: buildContext(app.deps),
      routes: true,
      subscription: {
        // The identity was settled at the upgrade; every subscribe checks the session again.
        context: (socket, request): Omit<LiveContext, 'reply'> => {
          const conn = live.get(socket);
          if (conn) conn.initialised = true;
          return { deps: app.deps, req: request, user: request.user, locale: conn?.locale ?? request.locale, live: conn };
        },
        // A browser cannot set headers on a WebSocket: the SPA names its language in connection_init.
        onConnect: (data: { payload?: { locale?: unknown } | null }) => {
          const l = data.payload?.locale;
          return typeof l === 'string' ? { locale: l.toLowerCase().startsWith('zh') ? 'zh' : 'en' } : {};
        },
        keepAlive: LIVE_LIMITS.keepAliveMs,
        fullWsTransport: false,
      },
      // Unexpected errors reach the client as a stable code and the request id; details stay in the log.
      errorFormatter: (execution, ctx) => {
        const formatted = mercurius.defaultErrorFormatter(execution, ctx);
        const raw = (execution as { errors?: readonly { originalError?: unknown }[] }).errors ?? [];
        const reply = (ctx as { reply?: { request?: { id?: string; log?: { error: (o: object, m: string) => void } } } }).reply;
        const errors = formatted.response.errors?.map((e, i) => {
          const code = (e.extensions as { code?: string } | undefined)?.code;
          if (code) return e;
          // Errors with no field path (syntax, validation, variable coercion) are about the request
          // itself; only errors thrown while resolving a field can carry internals.
          const original = raw[i]?.originalError;
          if (formatted.statusCode === 400 || !e.path || !original || (original as { name?: string }).name === 'GraphQLError') {
            return { ...e, extensions: { ...e.extensions, code: 'GRAPHQL_VALIDATION_FAILED' } };
          }
          reply?.request?.log?.error({ err: original }, 'graphql error');
          return { message: 'Internal error', locations: e.locations, path: e.path, extensions: { code: 'INTERNAL', requestId: reply?.request?.id } };
        });
        return { statusCode: formatted.statusCode, response: { ...formatted.response, errors } };
      },
      graphiql: !production,
      jit: 1,
      queryDepth: MAX_DEPTH,
      allowBatchedQueries: false,
      validationRules: production ? [queryShapeRule, NoSchemaIntrospectionCustomRule] : [queryShapeRule],
      path: '/graphql',
    });
    // Mercurius validates documents over HTTP only; subscriptions get the same rules here.
    const rules = production ? [...specifiedRules, queryShapeRule, NoSchemaIntrospectionCustomRule] : [...specifiedRules, queryShapeRule];
    app.graphql.addHook('preSubscriptionExecution', (schema, document) => {
      const problems = validate(schema, document, rules);
      if (problems.length) throw new mercurius.ErrorWithProps(problems[0]!.message, { code: 'GRAPHQL_VALIDATION_FAILED' });
    });
  },
  { name: 'graphql', dependencies: ['db', 'spa', 'services', 'session'] },
);
