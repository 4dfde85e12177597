import fp from 'fastify-plugin';
import { producerConnection } from '@shop/jobs';
import type { Redis } from 'ioredis';

export interface RedisPluginOptions {
  redis?: Redis;
}

export default fp<RedisPluginOptions>(
  async (app, opts) => {
    const owned = !opts.redis;
    const redis = opts.redis ?? producerConnection(app.config.redisUrl);
    // Redis may be down for a while; readiness reports it, the process must not die of it.
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis connection error'));
    app.decorate('redis', redis);
    if (owned) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  },
  { name: 'redis' },
);
