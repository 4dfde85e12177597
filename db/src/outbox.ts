import { sql, type Kysely, type Transaction } from 'kysely';
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

/** Several messages in one statement (a unit of work's jobs, written just before its commit); ids in the given order. */
export async function addManyToOutbox(trx: Kysely<Database> | Transaction<Database>, msgs: OutboxMessage[]): Promise<string[]> {
  if (!msgs.length) return [];
  const rows = await trx
    .insertInto('outbox')
    .values(
      msgs.map((msg) => ({
        queue: msg.queue,
        job_name: msg.jobName,
        job_id: msg.jobId,
        payload: JSON.stringify(msg.payload),
        // One shape for every row of a multi-row insert: now() when the job is due at once.
        available_at: msg.availableAt ?? sql<Date>`now()`,
      })),
    )
    .returning('id')
    .execute();
  // Identity values follow the VALUES order within one statement; sorted anyway, as numbers.
  return rows.map((r) => r.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
}

/** A row to deliver; with `available_at` ahead, the job waits until then (a delayed job). */
export type PendingOutboxRow = Pick<OutboxRow, 'id' | 'queue' | 'job_name' | 'job_id' | 'payload'> & Partial<Pick<OutboxRow, 'available_at'>>;

/**
 * Hands due rows to `deliver` and marks them relayed. The rows are claimed (relayed_at set) by one
 * UPDATE that takes their locks with SKIP LOCKED, so several relays (gateway replicas, workers)
 * never deliver the same row at once; the claim commits only with the deliveries. A failed
 * delivery un-claims that row and every row after it, and records the error on it.
 *
 * `ahead` (with `ids`, right after the commit that wrote them) also hands over rows not due yet:
 * `deliver` sees their `available_at` and adds them as delayed jobs, so a job due in two seconds
 * runs then rather than at the periodic relay's next pass after it.
 */
export async function relayOutbox(
  db: Kysely<Database>,
  deliver: (row: PendingOutboxRow) => Promise<void>,
  opts: { ids?: string[]; limit?: number; ahead?: boolean } = {},
): Promise<{ relayed: number; failed: number }> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const claimed = await trx
      .with('due', (q) => {
        let due = q
          .selectFrom('outbox')
          .select('id')
          .where('relayed_at', 'is', null)
          .orderBy('id')
          .limit(opts.limit ?? 200)
          .forUpdate()
          .skipLocked();
        if (opts.ids?.length) due = due.where('id', 'in', opts.ids);
        if (!(opts.ids?.length && opts.ahead)) due = due.where('available_at', '<=', now);
        return due;
      })
      .updateTable('outbox')
      .from('due')
      .set({ relayed_at: now })
      .whereRef('outbox.id', '=', 'due.id')
      .returning(['outbox.id', 'outbox.queue', 'outbox.job_name', 'outbox.job_id', 'outbox.payload', 'outbox.available_at'])
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
