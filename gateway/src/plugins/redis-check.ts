import fp from 'fastify-plugin';
import { checkRedisConfig, type RedisCheck } from '@shop/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The latest verdict on the Redis configuration, null until Redis has answered once. */
    redisConfig: () => RedisCheck | null;
  }
}

// The gateway checks the same things as the workers (eviction policy, persistence) but only
// reports them: it must keep answering buyers, and its work waits in the outbox anyway, while the
// workers refuse to run on an evicting Redis. The check runs whenever the connection becomes
// ready, so a failover to a differently configured Redis is noticed too.
export default fp(
  async (app) => {
    let latest: RedisCheck | null = null;
    const check = async () => {
      try {
        latest = await checkRedisConfig(app.redis);
      } catch (err) {
        app.log.debug({ err: (err as Error).message }, 'redis configuration check failed');
        return;
      }
      if (latest.fatal) app.log.error(`${latest.fatal} (the workers refuse to run on it)`);
      for (const warning of latest.warnings) app.log.warn(warning);
    };
    app.decorate('redisConfig', () => latest);
    const onReady = () => void check();
    app.redis.on('ready', onReady);
    app.addHook('onClose', async () => void app.redis.off('ready', onReady));
    if (app.redis.status === 'ready') void check();
  },
  { name: 'redis-check', dependencies: ['redis'] },
);
