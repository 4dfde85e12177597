import fp from 'fastify-plugin';
import { closeQueues, createQueues, type Queues } from '@shop/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    queues: Queues;
  }
}

// Producers share the fail-fast Redis connection: a request never waits on a dead Redis, the
// outbox keeps the work until the relay can hand it over.
export default fp(
  async (app) => {
    const queues = createQueues(
      app.redis,
      app.config.queuePrefix,
      (err, queue) => app.log.warn({ err: err.message, queue }, 'queue error'),
      app.config.retryDelayScale,
    );
    app.decorate('queues', queues);
    app.addHook('onClose', async () => closeQueues(queues));
  },
  { name: 'queues', dependencies: ['redis'] },
);
