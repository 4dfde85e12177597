import { addToOutbox, relayOutbox, type Db, type OutboxMessage, type PendingOutboxRow } from '@shop/db';
import type { Transaction } from 'kysely';
import type { Database } from '@shop/db';
import { addUnlessLive, jobIdFor, type JobPayloads, type QueueName, type Queues } from '@shop/jobs';
import type { Queue } from 'bullmq';

/** The outbox message of a typed job. */
export function outboxMessage<Q extends QueueName>(queue: Q, payload: JobPayloads[Q], opts: { availableAt?: Date; jobId?: string } = {}): OutboxMessage {
  return { queue, jobName: queue, jobId: opts.jobId ?? jobIdFor(queue, payload), payload, availableAt: opts.availableAt };
}

/** Typed outbox write: the job follows the transaction's commit, never precedes it. */
export function outboxJob<Q extends QueueName>(
  trx: Transaction<Database>,
  queue: Q,
  payload: JobPayloads[Q],
  opts: { availableAt?: Date; jobId?: string } = {},
): Promise<string> {
  return addToOutbox(trx, outboxMessage(queue, payload, opts));
}

/**
 * Hands outbox rows to their queues. A row is a committed request for work, so a finished job
 * still kept under the same id (removeOnComplete/removeOnFail) is run again rather than letting
 * the add be ignored; handlers are idempotent. A replay after Redis lost data uses 'keep' instead,
 * so it only restores jobs that are gone.
 */
export function deliverTo(queues: Queues, onFinished: 'rerun' | 'keep' = 'rerun') {
  return async (row: PendingOutboxRow) => {
    const queue = queues[row.queue as QueueName];
    if (!queue) throw new Error(`unknown queue ${row.queue}`);
    // A row handed over before it is due (relayNow) waits in the queue as a delayed job.
    const delay = row.available_at ? new Date(row.available_at).getTime() - Date.now() : 0;
    await addUnlessLive(queue as unknown as Queue, row.job_name, row.payload, row.job_id, onFinished, delay);
  };
}

/**
 * Relays now (after a commit) what it can, a row not due yet as a delayed job; whatever fails stays
 * for the periodic relay, and is logged.
 */
export async function relayNow(db: Db, queues: Queues, ids: string[], log: { warn(obj: object, msg: string): void }): Promise<void> {
  if (!ids.length) return;
  const note = 'outbox rows not relayed after the commit; the periodic relay takes them';
  try {
    const { failed } = await relayOutbox(db, deliverTo(queues), { ids, ahead: true });
    if (failed) log.warn({ outboxIds: ids }, note);
  } catch (err) {
    log.warn({ err: (err as Error).message, outboxIds: ids }, note);
  }
}
