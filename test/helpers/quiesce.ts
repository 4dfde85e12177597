// Waiting for "nothing more will happen" without a fixed sleep: a test that asserts an absence
// (no second settlement, no third delivery) first lets the system go quiet, then counts.
import type { FastifyInstance } from 'fastify';
import { eventually } from './tmp.js';

// The schedulers' own queues run on a clock forever (sweeps, relay, bill fetches): never quiet.
const SCHEDULED = new Set(['maintenance', 'bill-reconciliation']);

/** Jobs that are running or due now, over the work queues of the app's prefix. */
async function busyJobs(app: FastifyInstance): Promise<number> {
  const work = Object.entries(app.queues)
    .filter(([name]) => !SCHEDULED.has(name))
    .map(([, q]) => q);
  const counts = await Promise.all(work.map((q) => q.getJobCounts('waiting', 'active', 'prioritized')));
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

/**
 * Waits until the shop has asked the provider about the attempt again (its poll count grew): from
 * then on, what the provider says of it has been heard, and an order still unpaid stays so.
 */
export async function polledAgain(app: FastifyInstance, intentId: string, timeoutMs = 30_000): Promise<void> {
  const count = async () =>
    (await app.db.selectFrom('payment_intents').select('poll_attempts').where('id', '=', intentId).executeTakeFirstOrThrow()).poll_attempts;
  const before = await count();
  await eventually(`attempt ${intentId} polled again`, async () => (await count()) > before, timeoutMs);
}
