import type { WorkerDeps } from '../deps.js';
import { deliverTo } from '@shop/core/outbox';
import { reconcile, type SweepReport } from './sweep.js';

// The job schedulers (relay, sweep, expiry) live in Redis like every job. If Redis loses its data
// (FLUSHALL, a restart without persistence, a fresh replacement) they are gone too, and with them
// the sweep that would have noticed. So each workers process watches for that on a plain timer:
// a missing scheduler means Redis lost its data. It then replays the outbox rows relayed in the
// last hour whose jobs are gone (work PostgreSQL keeps no other trace of, such as receipt mails
// and provider closes), sweeps at once, and re-creates the schedulers.

/** How far back a replay reaches: jobs relayed earlier have long run (at-least-once beyond it). */
export const REPLAY_WINDOW_MS = 3_600_000;

export async function replayRecentOutbox(deps: WorkerDeps, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - REPLAY_WINDOW_MS);
  const deliver = deliverTo(deps.queues, 'keep');
  let after = '0';
  let total = 0;
  for (;;) {
    const rows = await deps.db
      .selectFrom('outbox')
      .select(['id', 'queue', 'job_name', 'job_id', 'payload', 'available_at'])
      .where('relayed_at', '>=', since)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    // A few Redis round trips in flight at once: a replay can be thousands of rows.
    for (let i = 0; i < rows.length; i += 20) await Promise.all(rows.slice(i, i + 20).map((row) => deliver(row)));
    total += rows.length;
    if (rows.length < 500) return total;
    after = rows[rows.length - 1]!.id;
  }
}

export interface RedisLossWatch {
  /** Checks once: 'intact', 'repaired' (a loss was found and repaired), or 'failed' (retried on the next tick). */
  check(): Promise<'intact' | 'repaired' | 'failed'>;
  stop(): void;
}

/**
 * `reschedule` upserts the job schedulers (runtime.scheduleMaintenance) with `marker` last; the
 * marker's absence means the data is gone. It is re-created only after the replay and the sweep
 * succeeded, so a repair cut short (PostgreSQL down) is tried again on the next tick.
 */
export function watchRedisLoss(
  deps: WorkerDeps,
  opts: { everyMs: number; marker: string; reschedule: () => Promise<void>; onRepaired?: (r: { replayed: number; sweep: SweepReport }) => void },
): RedisLossWatch {
  let running = false;
  const check = async (): Promise<'intact' | 'repaired' | 'failed'> => {
    if (running) return 'failed';
    running = true;
    try {
      if (await deps.queues.maintenance.getJobScheduler(opts.marker)) return 'intact';
      deps.log.warn('job schedulers are missing (first start, or Redis lost its data): replaying the outbox, sweeping and re-creating them');
      // Rows not yet relayed at all are the relay's; replay only what was handed over before.
      const replayed = await replayRecentOutbox(deps);
      const sweep = await reconcile(deps);
      await opts.reschedule();
      deps.log.warn({ replayed, ...sweep }, 'rebuilt the queues from PostgreSQL');
      opts.onRepaired?.({ replayed, sweep });
      return 'repaired';
    } catch (err) {
      // Redis or PostgreSQL unreachable: the next tick tries again.
      deps.log.warn({ err: (err as Error).message }, 'could not check or rebuild the queues yet');
      return 'failed';
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), opts.everyMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
