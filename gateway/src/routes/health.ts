import type { FastifyPluginAsync } from 'fastify';
import { pingDb } from '@shop/db';
import { withTimeout } from '../with-timeout.js';

const checkSchema = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    checks: {
      type: 'object',
      properties: { postgres: { type: 'string' }, redis: { type: 'string' } },
    },
  },
} as const;

const health: FastifyPluginAsync = async (app) => {
  app.get('/health/live', { schema: { response: { 200: checkSchema } }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/health/ready', { schema: { response: { 200: checkSchema, 503: checkSchema } }, logLevel: 'warn' }, async (_req, reply) => {
    const [pg, redis] = await Promise.allSettled([withTimeout(pingDb(app.db), 2_000), withTimeout(app.redis.ping(), 2_000)]);
    const checks = {
      postgres: pg.status === 'fulfilled' ? 'ok' : 'down',
      redis: redis.status === 'fulfilled' ? 'ok' : 'down',
    };
    const ok = checks.postgres === 'ok' && checks.redis === 'ok';
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
  });
};

export default health;
