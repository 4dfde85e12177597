import type { Kysely, Transaction } from 'kysely';
import type { Database, OutboxRow } from './database.js';

export interface OutboxMessage {
  queue: string;
  jobName: string;
  jobId: string;
  payload: unknown;
  availableAt?: Date;
}

/** Written in the same transaction as the change it follows, so a crash cannot separate them. */
export async function addToOutbox(trx: Kysely<Database> | Transaction<Database>, msg: OutboxMessage): Promise<string> {
  const row = await trx
    .insertInto('outbox')
    .values({
      queue: msg.queue,
      job_name: msg.jobName,
      job_id: msg.jobId,
      payload: JSON.stringify(msg.payload),
      ...(msg.availableAt ? { available_at: msg.availableAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type PendingOutboxRow = Pick<OutboxRow, 'id' | 'queue' | 'job_name' | 'job_id' | 'payload'>;

/**
 * Hands due rows to `deliver` and marks them relayed. Rows are locked with SKIP LOCKED, so several
 * relays (gateway replicas, workers) never deliver the same row at once; delivery is idempotent
 * anyway because job ids come from business keys.
 */
export async function relayOutbox(
  db: Kysely<Database>,
  deliver: (row: PendingOutboxRow) => Promise<void>,
  opts: { ids?: string[]; limit?: number } = {},
): Promise<{ relayed: number; failed: number }> {
  return db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('outbox')
      .select(['id', 'queue', 'job_name', 'job_id', 'payload'])
      .where('relayed_at', 'is', null)
      .where('available_at', '<=', new Date())
      .orderBy('id')
      .limit(opts.limit ?? 200)
      .forUpdate()
      .skipLocked();
    if (opts.ids?.length) q = q.where('id', 'in', opts.ids);
    const rows = await q.execute();
    let relayed = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await deliver(row);
        await trx.updateTable('outbox').set({ relayed_at: new Date() }).where('id', '=', row.id).execute();
        relayed++;
      } catch (err) {
        failed++;
        await trx
          .updateTable('outbox')
          .set((eb) => ({ relay_attempts: eb('relay_attempts', '+', 1), last_error: String((err as Error).message ?? err).slice(0, 500) }))
          .where('id', '=', row.id)
          .execute();
        // Redis is likely down: stop early, the next sweep retries.
        break;
      }
    }
    return { relayed, failed };
  });
}
