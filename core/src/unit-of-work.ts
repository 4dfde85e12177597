import type { Transaction } from 'kysely';
import type { Database } from '@shop/db';
import type { JobPayloads, QueueName } from '@shop/jobs';
import type { CoreDeps } from './deps.js';
import { addManyToOutbox, type OutboxMessage } from '@shop/db';
import { outboxMessage, relayNow } from './outbox.js';

/** Adds a job to the outbox of the running transaction (written before it commits); it is relayed once the transaction commits. */
export type Enqueue = <Q extends QueueName>(queue: Q, payload: JobPayloads[Q], opts?: { availableAt?: Date; jobId?: string }) => Promise<void>;

export interface UnitOfWork {
  trx: Transaction<Database>;
  enqueue: Enqueue;
  /** Tells the live payment pages, after the commit, that an order's payment state changed. */
  announce(orderNo: string, status: string): void;
  /** Work for after the commit that must not hold the transaction open (a provider call). */
  afterCommit(fn: () => Promise<void>): void;
}

export type UnitOfWorkDeps = Pick<CoreDeps, 'db' | 'queues' | 'events' | 'log'>;

/**
 * Runs `work` in one transaction. Jobs it enqueues are outbox rows of that transaction, handed to
 * their queues right after the commit (whatever fails there waits for the periodic relay), and
 * announcements go out only then: on a rollback nothing is relayed or announced. No caller
 * handles outbox ids.
 */
export async function inTransaction<T>(deps: UnitOfWorkDeps, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  let outbox: string[] = [];
  const announced = new Map<string, string>();
  const after: (() => Promise<void>)[] = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    // The jobs are written together, in one statement at the end of the work (still inside the
    // transaction): a settlement queues two or three, each a round trip of its own otherwise.
    const jobs: OutboxMessage[] = [];
    const done = await work({
      trx,
      enqueue: async (queue, payload, opts) => void jobs.push(outboxMessage(queue, payload, opts)),
      announce: (orderNo, status) => void announced.set(orderNo, status),
      afterCommit: (fn) => void after.push(fn),
    });
    outbox = await addManyToOutbox(trx, jobs);
    return done;
  });
  for (const [orderNo, status] of announced) deps.events.changed(orderNo, status);
  await relayNow(deps.db, deps.queues, outbox, deps.log);
  for (const fn of after) {
    try {
      await fn();
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'work after a commit failed; its outbox job takes over');
    }
  }
  return result;
}
