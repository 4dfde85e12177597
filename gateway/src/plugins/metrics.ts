import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'kysely';
import { metricsAccess } from '@shop/config';
import { queueNames } from '@shop/jobs';
import { withTimeout } from '../with-timeout.js';

// Prometheus figures of the gateway: request durations by route and status, and the depth of
// every queue by state. Queue depths and the outbox backlog are global (they live in Redis and
// PostgreSQL), so every gateway replica reports the same numbers: aggregate them with max(), not
// sum(). Job durations and failures are counted where jobs run, on the workers' own /metrics.

const queueStates = ['waiting', 'active', 'delayed', 'failed'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry, for plugins that add their own figures. */
    metricsRegistry: Registry;
  }
}

export default fp(
  async (app) => {
    // One registry per app (not prom-client's global one): tests build many apps in one process.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'shop_gateway_' });
    app.decorate('metricsRegistry', registry);

    const requests = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'HTTP request durations by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', (req, reply, done) => {
      // The route pattern, never the raw URL: order numbers and tokens would explode the labels.
      const route = req.routeOptions.url ?? 'unmatched';
      requests.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });

    const queues = app.queues;
    new Gauge({
      name: 'shop_queue_jobs',
      help: 'Jobs per queue and state (waiting, active, delayed, failed), read from Redis at scrape time.',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        await Promise.all(
          queueNames.map(async (name) => {
            const counts = await withTimeout(queues[name].getJobCounts(...queueStates), 2_000).catch(() => null);
            if (counts) for (const state of queueStates) this.set({ queue: name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    new Gauge({
      name: 'shop_outbox_unrelayed',
      help: 'Outbox rows not yet handed to Redis, and the age in seconds of the oldest due one.',
      labelNames: ['measure'],
      registers: [registry],
      async collect() {
        this.reset();
        const row = await withTimeout(
          sql<{
            n: string;
            oldest: number | null;
          }>`select count(*) as n, extract(epoch from now() - min(available_at) filter (where available_at <= now())) as oldest from outbox where relayed_at is null`.execute(
            app.db,
          ),
          2_000,
        ).catch(() => null);
        if (!row) return;
        this.set({ measure: 'rows' }, Number(row.rows[0]?.n ?? 0));
        this.set({ measure: 'oldest_seconds' }, Math.max(0, Number(row.rows[0]?.oldest ?? 0)));
      },
    });
    new Gauge({
      name: 'shop_redis_config_ok',
      help: '1 when Redis runs with maxmemory-policy noeviction and persistence, 0 when not, absent until checked.',
      registers: [registry],
      collect() {
        this.reset();
        const c = app.redisConfig();
        if (c) this.set(c.fatal || c.persistence === 'off' ? 0 : 1);
      },
    });

    app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
      const access = metricsAccess(req.headers.authorization, app.config.metricsToken, app.config.env);
      if (access === 'unauthorized')
        return reply.code(401).header('www-authenticate', 'Bearer').send({ code: 401, message: 'metrics token required', data: null });
      if (access === 'disabled') return reply.code(403).send({ code: 403, message: 'set METRICS_TOKEN to enable /metrics in production', data: null });
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['db', 'queues', 'redis-check'] },
);
