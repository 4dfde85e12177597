import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';

/** Raw pg: INSERT ... RETURNING then a primary-key SELECT, as many as `concurrency` at once. */
export async function rawPgRate(url: string, seconds: number, concurrency = 16): Promise<{ insertsPerSec: number; selectsPerSec: number }> {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  await pool.query(
    'create table if not exists bench_raw (id bigint generated always as identity primary key, a text not null, b integer not null, created_at timestamptz not null default now())',
  );
  let inserts = 0;
  let selects = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const r = await pool.query('insert into bench_raw (a, b) values ($1, $2) returning id', ['x', 1]);
        inserts++;
        await pool.query('select * from bench_raw where id = $1', [r.rows[0].id]);
        selects++;
      }
    }),
  );
  await pool.query('drop table bench_raw');
  await pool.end();
  return { insertsPerSec: inserts / seconds, selectsPerSec: selects / seconds };
}

/** Raw BullMQ: no-op jobs through one worker, as the settlement path uses one. */
export async function rawBullmqRate(redisUrl: string, jobs: number, concurrency = 5): Promise<number> {
  const prefix = '{bench}';
  const producer = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('bench-noop', { connection: producer, prefix });
  let done = 0;
  const consumer = new Redis(redisUrl, { maxRetriesPerRequest: null });
  let finish: () => void = () => {};
  const finished = new Promise<void>((r) => (finish = r));
  const worker = new Worker(
    'bench-noop',
    async () => {
      if (++done === jobs) finish();
    },
    { connection: consumer, prefix, concurrency, autorun: false },
  );
  await queue.addBulk(Array.from({ length: jobs }, (_, i) => ({ name: 'noop', data: { i }, opts: { removeOnComplete: true } })));
  const t0 = performance.now();
  void worker.run();
  await finished;
  const rate = jobs / ((performance.now() - t0) / 1000);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await Promise.all([producer.quit(), consumer.quit()]);
  return rate;
}
