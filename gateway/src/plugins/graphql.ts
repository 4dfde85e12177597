import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { loadTypeDefs } from '@shop/schema';
import { catalogResolvers } from '../graphql/catalog.js';

export default fp(
  async (app) => {
    const production = app.config.env === 'production';
    await app.register(mercurius, {
      schema: loadTypeDefs(),
      resolvers: {
        Query: {
          version: () => app.buildVersion,
          ...(catalogResolvers.Query as object),
        },
      },
      graphiql: !production,
      jit: 1,
      path: '/graphql',
    });
  },
  { name: 'graphql', dependencies: ['db', 'spa'] },
);
