import t from 'tap';
import { Queue } from 'bullmq';
import getPort from 'get-port';
import { createTestDatabase } from '../helpers/db.js';
import { redisConnection, uniquePrefix } from '../helpers/redis.js';
import { eventually } from '../helpers/tmp.js';
import { runNode } from './processes.js';

t.test('the workers expose job durations and failures on WORKERS_METRICS_PORT, behind METRICS_TOKEN', async (t) => {
  const { url } = await createTestDatabase(t);
  const prefix = uniquePrefix();
  const port = await getPort();
  const w = runNode(t, 'workers/dist/main.js', {
    DATABASE_URL: url,
    QUEUE_PREFIX: prefix,
    WORKERS_METRICS_PORT: String(port),
    METRICS_TOKEN: 'workers-metrics-token',
  });
  await eventually('workers started', async () => w.output().includes('workers started'), 20_000);
  const metrics = (auth?: string) => fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth ? { authorization: auth } : {} });
  t.equal((await metrics()).status, 401, 'no token: 401');
  t.equal((await metrics('Bearer nope')).status, 401);

  // A job that cannot succeed: counted as a final failure of its queue.
  const polls = new Queue('payment-poll', { connection: redisConnection(t), prefix });
  t.teardown(() => polls.close());
  await polls.add('payment-poll', { intentId: 'bad' });
  const body = await eventually('figures', async () => {
    const text = await (await metrics('Bearer workers-metrics-token')).text();
    return /shop_job_failures_total\{queue="payment-poll",final="true"\} 1/.test(text) && /shop_jobs_completed_total\{queue="maintenance"\} [1-9]/.test(text)
      ? text
      : false;
  });
  t.match(body, /shop_job_duration_seconds_count\{queue="maintenance",outcome="completed"\} [1-9]/, 'durations of the relay runs');
  t.match(body, /shop_workers_process_cpu_seconds_total/);
  t.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
  w.child.kill('SIGTERM');
  t.equal((await w.exited).code, 0);
});
