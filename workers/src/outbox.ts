import { addToOutbox, relayOutbox, type Db, type PendingOutboxRow } from '@shop/db';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@shop/db';
import { jobIdFor, type JobPayloads, type QueueName } from './contract.js';
import type { Queues } from './queues.js';

/** Typed outbox write: the job follows the transaction's commit, never precedes it. */
export function outboxJob<Q extends QueueName>(
  trx: Kysely<Database> | Transaction<Database>,
  queue: Q,
  payload: JobPayloads[Q],
  opts: { availableAt?: Date; jobId?: string } = {},
): Promise<string> {
  return addToOutbox(trx, { queue, jobName: queue, jobId: opts.jobId ?? jobIdFor(queue, payload), payload, availableAt: opts.availableAt });
}

export function deliverTo(queues: Queues) {
  return async (row: PendingOutboxRow) => {
    const queue = queues[row.queue as QueueName];
    if (!queue) throw new Error(`unknown queue ${row.queue}`);
    await queue.add(row.job_name as never, row.payload as never, { jobId: row.job_id });
  };
}

/** Relays now (after a commit) what it can; whatever fails stays for the periodic relay. */
export async function relayNow(db: Db, queues: Queues, ids?: string[]): Promise<void> {
  await relayOutbox(db, deliverTo(queues), { ids }).catch(() => undefined);
}
