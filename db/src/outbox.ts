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
 * Hands due rows to `deliver` and marks them relayed. The rows are claimed (relayed_at set) by one
 * UPDATE that takes their locks with SKIP LOCKED, so several relays (gateway replicas, workers)
 * never deliver the same row at once; the claim commits only with the deliveries. A failed
 * delivery un-claims that row and every row after it, and records the error on it.
 */
export async function relayOutbox(
  db: Kysely<Database>,
  deliver: (row: PendingOutboxRow) => Promise<void>,
  opts: { ids?: string[]; limit?: number } = {},
): Promise<{ relayed: number; failed: number }> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const claimed = await trx
      .with('due', (q) => {
        let due = q
          .selectFrom('outbox')
          .select('id')
          .where('relayed_at', 'is', null)
          .where('available_at', '<=', now)
          .orderBy('id')
          .limit(opts.limit ?? 200)
          .forUpdate()
          .skipLocked();
        if (opts.ids?.length) due = due.where('id', 'in', opts.ids);
        return due;
      })
      .updateTable('outbox')
      .from('due')
      .set({ relayed_at: now })
      .whereRef('outbox.id', '=', 'due.id')
      .returning(['outbox.id', 'outbox.queue', 'outbox.job_name', 'outbox.job_id', 'outbox.payload'])
      .execute();
    // RETURNING keeps no order: deliver in outbox order, as the rows were written.
    const rows = claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      try {
        await deliver(row);
      } catch (err) {
        await trx
          .updateTable('outbox')
          .set((eb) => ({ relayed_at: null, relay_attempts: eb('relay_attempts', '+', 1), last_error: String((err as Error).message ?? err).slice(0, 500) }))
          .where('id', '=', row.id)
          .execute();
        const rest = rows.slice(i + 1).map((r) => r.id);
        if (rest.length) await trx.updateTable('outbox').set({ relayed_at: null }).where('id', 'in', rest).execute();
        // Redis is likely down: stop early, the next sweep retries.
        return { relayed: i, failed: 1 };
      }
    }
    return { relayed: rows.length, failed: 0 };
  });
}
