// Waiting for "nothing more will happen" without a fixed sleep: a test that asserts an absence
// (no second settlement, no third delivery) first lets the system go quiet, then counts.
import type { FastifyInstance } from 'fastify';
import { eventually } from './tmp.js';

/** Jobs that are running or due now, over every queue of the app's prefix. */
async function busyJobs(app: FastifyInstance): Promise<number> {
  const counts = await Promise.all(Object.values(app.queues).map((q) => q.getJobCounts('waiting', 'active', 'prioritized')));
  return counts.reduce((sum, c) => sum + (c.waiting ?? 0) + (c.active ?? 0) + (c.prioritized ?? 0), 0);
}

async function unrelayed(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('relayed_at', 'is', null)
    .where('available_at', '<=', new Date())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Waits until the outbox holds nothing due and no job is waiting or running, seen twice in a row
 * (a job that finishes may enqueue the next). Delayed jobs (a poll due later) are not waited for.
 */
export async function quiesce(app: FastifyInstance, timeoutMs = 30_000): Promise<void> {
  let quietBefore = false;
  await eventually(
    'the outbox and the queues quiet',
    async () => {
      const quiet = (await unrelayed(app)) === 0 && (await busyJobs(app)) === 0;
      const twice = quiet && quietBefore;
      quietBefore = quiet;
      return twice;
    },
    timeoutMs,
  );
}
