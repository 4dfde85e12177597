import { createHash } from 'node:crypto';
import type { Db } from '@shop/db';
import { appError } from '../errors.js';

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * Idempotency-Key: the first request with a key runs and its answer is kept; the same key with the
 * same body replays that answer, with another body it is refused (422). A failed first run frees
 * the key so the client may retry.
 */
export async function withIdempotency<T>(db: Db, userId: number, key: string | undefined, hash: string, run: () => Promise<T>): Promise<T> {
  if (!key) return run();
  if (key.length > 255) throw appError('badRequest');
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (row.request_hash !== hash) throw appError('idempotencyMismatch');
    if (row.response === null) throw appError('requestInProgress');
    return row.response as T;
  }
  try {
    const result = await run();
    await db
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return result;
  } catch (err) {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
    throw err;
  }
}
