import { addToOutbox, relayOutbox, type Db, type PendingOutboxRow } from '@shop/db';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@shop/db';
import { addUnlessLive, jobIdFor, type JobPayloads, type QueueName, type Queues } from '@shop/jobs';
import type { Queue } from 'bullmq';

/** Typed outbox write: the job follows the transaction's commit, never precedes it. */
export function outboxJob<Q extends QueueName>(
  trx: Kysely<Database> | Transaction<Database>,
  queue: Q,
  payload: JobPayloads[Q],
  opts: { availableAt?: Date; jobId?: string } = {},
): Promise<string> {
  return addToOutbox(trx, { queue, jobName: queue, jobId: opts.jobId ?? jobIdFor(queue, payload), payload, availableAt: opts.availableAt });
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
    await addUnlessLive(queue as unknown as Queue, row.job_name, row.payload, row.job_id, onFinished);
  };
}

/** Relays now (after a commit) what it can; whatever fails stays for the periodic relay. */
export async function relayNow(db: Db, queues: Queues, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await relayOutbox(db, deliverTo(queues), { ids }).catch(() => undefined);
}
