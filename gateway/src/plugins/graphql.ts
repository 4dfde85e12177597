import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { loadTypeDefs } from '@shop/schema';
import { accountResolvers } from '../graphql/accounts.js';
import { catalogResolvers } from '../graphql/catalog.js';
import { orderLoaders, orderResolvers } from '../graphql/orders.js';
import { adminLoaders, adminResolvers } from '../graphql/admin.js';
import { adminAccountLoaders, adminAccountResolvers } from '../graphql/admin-accounts.js';
import { accountSelfServiceResolvers } from '../graphql/account-self-service.js';
import { buildContext } from '../graphql/context.js';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import { liveSubscriptions } from '../graphql/live.js';
import { MAX_DEPTH, queryShapeRule } from '../graphql/limits.js';
import { budgets, scaledCount } from '../services/abuse/budgets.js';
import { LocalWindowLimiter } from './local-limit.js';
import { text } from '../i18n/messages.js';
import { PublicAnswers, type GraphqlBody } from '../graphql/public-answers.js';
import type { FastifyRequest, onSendHookHandler, preHandlerHookHandler, preSerializationHookHandler } from 'fastify';
import { formatGraphqlErrors } from '../graphql/error-format.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a catalogue query not answered from the cache yet: where its answer goes. */
    publicAnswer: { key: string; validUntil: number; ok: boolean } | null;
  }
}

export default fp(
  async (app) => {
    const production = app.config.env === 'production';
    const limiter = new LocalWindowLimiter(scaledCount(budgets.graphql.perClient, app.config.rateLimitScale), budgets.graphql.windowSeconds * 1000);
    const live = await liveSubscriptions(app, limiter);
    app.addHook('onRequest', (req, reply, done) => {
      if (!req.url.startsWith('/graphql')) return done();
      // The WebSocket upgrade of subscriptions has its own checks (live.ts).
      if (req.ws) return done();
      // CSRF prevention: only a JSON POST (which a plain cross-site form cannot send) may run
      // operations; GET is for queries from tools and needs a header no simple request carries.
      const type = String(req.headers['content-type'] ?? '');
      if (req.method === 'POST' && !type.startsWith('application/json')) {
        reply.code(415).send({ errors: [{ message: 'GraphQL requests must be application/json', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] });
        return;
      }
      if (req.method === 'GET' && !req.headers['apollo-require-preflight'] && !req.headers['x-apollo-operation-name']) {
        reply.code(400).send({ errors: [{ message: 'GET requests need an apollo-require-preflight header', extensions: { code: 'CSRF_PREVENTED' } }] });
        return;
      }
      if (!limiter.hit(req.ip)) {
        reply.code(429).send({ errors: [{ message: text('tooManyRequests', req.locale), extensions: { code: 'RATE_LIMITED' } }] });
        return;
      }
      done();
    });

    // Repeated catalogue queries are answered from their cached serialized answer (see
    // public-answers.ts); the hooks sit on the POST /graphql route only.
    const answers = new PublicAnswers(() => app.deps.catalog.snapshotValidUntil());
    app.decorateRequest('publicAnswer', null);
    const answerFromCache: preHandlerHookHandler = (req, reply, done) => {
      const key = req.validationError ? null : answers.key(req.body as GraphqlBody | undefined);
      if (key === null) return done();
      const hit = answers.get(key);
      if (hit) {
        reply.type(hit.contentType).send(hit.payload);
        return;
      }
      req.publicAnswer = { key, validUntil: app.deps.catalog.snapshotValidUntil(), ok: false };
      done();
    };
    const checkAnswer: preSerializationHookHandler<unknown> = (req, reply, payload, done) => {
      const p = req.publicAnswer;
      if (p && reply.statusCode === 200 && payload && typeof payload === 'object' && !('errors' in payload && (payload as { errors?: unknown }).errors))
        p.ok = true;
      done(null, payload);
    };
    const keepAnswer: onSendHookHandler<unknown> = (req, reply, payload, done) => {
      const p = req.publicAnswer;
      // Only when the snapshot the resolvers read is still the one held (it may have been reloaded meanwhile).
      if (p?.ok && typeof payload === 'string' && p.validUntil > 0 && p.validUntil === app.deps.catalog.snapshotValidUntil()) {
        answers.set(p.key, payload, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'));
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.url !== '/graphql' || !methods.includes('POST')) return;
      const add = <T>(existing: T | T[] | undefined, fn: T): T[] => [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), fn];
      route.preHandler = add(route.preHandler, answerFromCache);
      route.preSerialization = add(route.preSerialization, checkAnswer as never);
      route.onSend = add(route.onSend, keepAnswer as never);
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
          ...(adminAccountResolvers.Query as object),
        },
        Mutation: {
          ...(accountResolvers.Mutation as object),
          ...(orderResolvers.Mutation as object),
          ...(adminResolvers.Mutation as object),
          ...(adminAccountResolvers.Mutation as object),
          ...(accountSelfServiceResolvers.Mutation as object),
        },
        Subscription: live.resolvers,
        Book: orderResolvers.Book as object,
      },
      loaders: { ...adminLoaders, ...adminAccountLoaders, ...orderLoaders },
      context: buildContext(app.deps),
      routes: true,
      subscription: live.subscription,
      // Refusals keep their code; server failures reach the client as a generic message and the request id (error-format.ts).
      errorFormatter: (execution, ctx) => formatGraphqlErrors(execution as never, (ctx as { reply?: { request?: FastifyRequest } }).reply?.request) as never,
      graphiql: !production,
      jit: 1,
      queryDepth: MAX_DEPTH,
      allowBatchedQueries: false,
      validationRules: production ? [queryShapeRule, NoSchemaIntrospectionCustomRule] : [queryShapeRule],
      path: '/graphql',
    });
    live.validateSubscriptions(production ? [queryShapeRule, NoSchemaIntrospectionCustomRule] : [queryShapeRule]);
  },
  { name: 'graphql', dependencies: ['db', 'spa', 'services', 'session', 'metrics'] },
);
