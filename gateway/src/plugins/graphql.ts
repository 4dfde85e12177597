import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { loadTypeDefs } from '@shop/schema';
import { accountResolvers } from '../graphql/accounts.js';
import { catalogResolvers } from '../graphql/catalog.js';
import { orderResolvers } from '../graphql/orders.js';
import { buildContext } from '../graphql/context.js';
import { limits } from './rate-limit.js';

export default fp(
  async (app) => {
    const production = app.config.env === 'production';
    await app.register(mercurius, {
      schema: loadTypeDefs(),
      resolvers: {
        Query: {
          version: () => app.buildVersion,
          ...(catalogResolvers.Query as object),
          ...(accountResolvers.Query as object),
          ...(orderResolvers.Query as object),
        },
        Mutation: { ...(accountResolvers.Mutation as object), ...(orderResolvers.Mutation as object) },
        Book: orderResolvers.Book as object,
      },
      context: buildContext(app.deps),
      routes: true,
      // Unexpected errors reach the client as a stable code and the request id; details stay in the log.
      errorFormatter: (execution, ctx) => {
        const formatted = mercurius.defaultErrorFormatter(execution, ctx);
        const errors = formatted.response.errors?.map((e) => {
          const code = (e.extensions as { code?: string } | undefined)?.code;
          if (code) return e;
          if (formatted.statusCode === 400) return { ...e, extensions: { ...e.extensions, code: 'GRAPHQL_VALIDATION_FAILED' } };
          (ctx as { reply?: { request?: { log?: { error: (o: object, m: string) => void } } } }).reply?.request?.log?.error({ err: e }, 'graphql error');
          return { message: 'Internal error', locations: e.locations, path: e.path, extensions: { code: 'INTERNAL', requestId: (ctx as { reply?: { request?: { id?: string } } }).reply?.request?.id } };
        });
        return { statusCode: formatted.statusCode, response: { ...formatted.response, errors } };
      },
      graphiql: !production,
      jit: 1,
      path: '/graphql',
    });
  },
  { name: 'graphql', dependencies: ['db', 'spa', 'services', 'session'] },
);
