import fp from 'fastify-plugin';
import type { ServiceDeps } from '../services/deps.js';
import { CatalogCache } from '../services/catalog.js';
import { redisStatusEvents } from '@shop/core/status-events';
import { ebookCopies } from '@shop/core/ebook-copies';

declare module 'fastify' {
  interface FastifyInstance {
    deps: ServiceDeps;
  }
}

export default fp(
  async (app) => {
    app.decorate('deps', {
      db: app.db,
      redis: app.redis,
      queues: app.queues,
      config: app.config,
      log: app.log,
      providers: app.providers,
      catalog: new CatalogCache(app.db),
      events: redisStatusEvents(app.redis, app.config.queuePrefix, app.log),
      ebooks: ebookCopies({ ...app.config.ebooks, log: app.log }),
    });
  },
  { name: 'services', dependencies: ['db', 'redis', 'queues', 'payments'] },
);
