import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/app.js';
import { productionEnv } from '../helpers/production.js';

/** Closing an app whose Redis connection is still in its ready check trips an ioredis rejection. */
const redisReady = (app: FastifyInstance) => new Promise((r) => (app.redis.status === 'ready' ? r(null) : app.redis.once('ready', r)));

t.test('GET /metrics: request durations, queue depths and the outbox backlog in Prometheus format', async (t) => {
  const { app } = await buildTestApp(t);
  await app.queues.mail.add('mail', { kind: 'receipt', orderNo: 'M1' }, { jobId: 'receipt-M1' });
  await app.queues.mail.add('mail', { kind: 'receipt', orderNo: 'M2' }, { jobId: 'receipt-M2', delay: 60_000 });
  t.equal((await app.inject('/health/live')).statusCode, 200);
  t.equal((await app.inject('/api/no/such/thing')).statusCode, 404);

  const res = await app.inject('/metrics');
  t.equal(res.statusCode, 200, 'open without a token outside production');
  t.match(res.headers['content-type'], /text\/plain; version=0\.0\.4/);
  const body = res.body;
  t.match(body, /shop_http_request_duration_seconds_count\{method="GET",route="\/health\/live",status_code="200"\} 1/, 'durations by route pattern and status');
  t.notMatch(body, /route="\/api\/no\/such\/thing"/, 'unmatched URLs never become labels');
  t.match(body, /shop_queue_jobs\{queue="mail",state="waiting"\} 1/, 'queue depth: waiting');
  t.match(body, /shop_queue_jobs\{queue="mail",state="delayed"\} 1/, 'queue depth: delayed');
  for (const state of ['active', 'failed']) t.match(body, new RegExp(`shop_queue_jobs\\{queue="payment-poll",state="${state}"\\} 0`), `queue depth: ${state}`);
  t.match(body, /shop_outbox_unrelayed\{measure="rows"\} 0/);
  t.match(body, /shop_gateway_process_cpu_seconds_total/, 'and the process defaults');
});

t.test('METRICS_TOKEN protects /metrics; production without a token refuses it', async (t) => {
  const { app } = await buildTestApp(t, { METRICS_TOKEN: 's3cret-metrics-token' });
  await redisReady(app);
  t.equal((await app.inject('/metrics')).statusCode, 401, 'no token: 401');
  t.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode, 401, 'wrong token: 401');
  t.equal((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer s3cret-metrics-token' } })).statusCode, 200, 'right token: 200');

  const prod = await buildTestApp(t, productionEnv(t, 'p'.repeat(40)));
  await redisReady(prod.app);
  const refused = await prod.app.inject('/metrics');
  t.equal(refused.statusCode, 403);
  t.match(refused.json(), { message: /METRICS_TOKEN/ });
});
