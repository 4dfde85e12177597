import type { Queue } from 'bullmq';

/** What addUnlessLive did: a new job, an existing live one, a finished one run again or kept. */
export type AddOutcome = 'added' | 'live' | 'rerun' | 'kept';

const finishedStates = new Set(['completed', 'failed']);

/**
 * Adds a job under its business-key id unless one is live (waiting, delayed, active ...).
 *
 * BullMQ ignores an add whose id still exists, and finished jobs are kept for a while
 * (removeOnComplete/removeOnFail) so operators can see them: a plain add would silently drop work
 * that must run again under the same id (a new outbox row for a key that ran before, an attempt
 * still open in PostgreSQL whose poll gave up). With `onFinished: 'rerun'` the finished job is
 * replaced by a fresh one; with 'keep' it stands (a replay that must not repeat finished work).
 */
export async function addUnlessLive(
  queue: Queue,
  name: string,
  data: unknown,
  jobId: string,
  onFinished: 'rerun' | 'keep' | ((finishedOn: number | undefined) => 'rerun' | 'keep'),
  /** Milliseconds before the job may run (a job written to run later). */
  delay = 0,
): Promise<AddOutcome> {
  const opts = delay > 0 ? { jobId, delay } : { jobId };
  const state = await queue.getJobState(jobId);
  if (state === 'unknown') {
    await queue.add(name, data, opts);
    return 'added';
  }
  if (!finishedStates.has(state)) return 'live';
  const decision = typeof onFinished === 'function' ? onFinished((await queue.getJob(jobId))?.finishedOn) : onFinished;
  if (decision === 'keep') return 'kept';
  await queue.remove(jobId);
  await queue.add(name, data, opts);
  return 'rerun';
}
