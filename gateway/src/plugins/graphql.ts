import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { loadTypeDefs } from '@shop/schema';
import { accountResolvers } from '../graphql/accounts.js';
import { catalogResolvers } from '../graphql/catalog.js';
import { orderLoaders, orderResolvers } from '../graphql/orders.js';
import { adminLoaders, adminResolvers } from '../graphql/admin.js';
import { adminAccountLoaders, adminAccountResolvers } from '../graphql/admin-accounts.js';
import { reconciliationResolvers } from '../graphql/reconciliation.js';
import { accountSelfServiceResolvers } from '../graphql/account-self-service.js';
import { buildContext } from '../graphql/context.js';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import { liveSubscriptions } from '../graphql/live.js';
import { MAX_DEPTH, queryShapeRule } from '../graphql/limits.js';
import { budgets, scaledCount } from '../services/abuse/budgets.js';
import { LocalWindowLimiter } from './local-limit.js';
import { graphqlHttpGuard } from '../graphql/http-guard.js';
import { graphiqlCsp, GRAPHIQL_PATH } from '../graphql/graphiql.js';
import { resolveSession } from './session.js';
import { PublicAnswers, type GraphqlBody } from '../graphql/public-answers.js';
import type { FastifyRequest, onSendHookHandler, preHandlerHookHandler, preSerializationHookHandler } from 'fastify';
import { formatGraphqlErrors } from '../graphql/error-format.js';

export const GRAPHQL_PATH = '/graphql';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a catalogue query not answered from the cache yet: where its answer goes. */
    publicAnswer: { key: string; validUntil: number; ok: boolean } | null;
  }
}

export default fp(
  async (app) => {
    const production = app.config.env === 'production';
    const graphiql = !production;
    const limiter = new LocalWindowLimiter(scaledCount(budgets.graphql.perClient, app.config.rateLimitScale), budgets.graphql.windowSeconds * 1000);
    const live = await liveSubscriptions(app, limiter);
    // Repeated catalogue queries are answered from their cached serialized answer (see
    // public-answers.ts); the hooks sit on the POST /graphql route only.
    const answers = new PublicAnswers(() => app.deps.catalog.snapshotValidUntil(), app.config.graphqlAnswerCacheBytes);
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
    // Mercurius adds its routes itself, so the hooks of the GraphQL endpoint and of GraphiQL are
    // set on those routes as they are added: they run for them only, after the app's own hooks.
    // /graphql: the session, then the WebSocket upgrade's checks (GET) or the HTTP request's
    // (CSRF, per-client limit); POST also answers repeated catalogue queries from the cache.
    const guardHttp = graphqlHttpGuard(limiter);
    const relaxCsp = graphiql ? graphiqlCsp(app) : null;
    const listed = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
    app.addHook('onRoute', (route) => {
      const methods = listed(route.method);
      if (relaxCsp && (route.url === GRAPHIQL_PATH || route.url.startsWith(`${GRAPHIQL_PATH}/`))) route.onRequest = [relaxCsp, ...listed(route.onRequest)];
      if (route.url !== GRAPHQL_PATH) return;
      const upgrade = methods.includes('GET') ? [live.upgradeGuard] : [];
      route.onRequest = [resolveSession, ...upgrade, guardHttp, ...listed(route.onRequest)];
      if (!methods.includes('POST')) return;
      route.preHandler = [...listed(route.preHandler), answerFromCache];
      route.preSerialization = [...listed(route.preSerialization), checkAnswer as never];
      route.onSend = [...listed(route.onSend), keepAnswer as never];
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
          ...(reconciliationResolvers.Query as object),
        },
        Mutation: {
          ...(accountResolvers.Mutation as object),
          ...(orderResolvers.Mutation as object),
          ...(adminResolvers.Mutation as object),
          ...(adminAccountResolvers.Mutation as object),
          ...(accountSelfServiceResolvers.Mutation as object),
          ...(reconciliationResolvers.Mutation as object),
        },
        Subscription: live.resolvers,
        Book: orderResolvers.Book as object,
        Order: orderResolvers.Order as object,
        PaymentIntent: orderResolvers.PaymentIntent as object,
      },
      loaders: { ...adminLoaders, ...adminAccountLoaders, ...orderLoaders },
      context: buildContext(app.deps),
      routes: true,
      subscription: live.subscription,
      // Refusals keep their code; server failures reach the client as a generic message and the request id (error-format.ts).
      errorFormatter: (execution, ctx) => formatGraphqlErrors(execution as never, (ctx as { reply?: { request?: FastifyRequest } }).reply?.request) as never,
      graphiql,
      jit: 1,
      queryDepth: MAX_DEPTH,
      allowBatchedQueries: false,
      validationRules: production ? [queryShapeRule, NoSchemaIntrospectionCustomRule] : [queryShapeRule],
      path: GRAPHQL_PATH,
    });
    live.validateSubscriptions(production ? [queryShapeRule, NoSchemaIntrospectionCustomRule] : [queryShapeRule]);
  },
  { name: 'graphql', dependencies: ['db', 'spa', 'services', 'session', 'metrics'] },
);
