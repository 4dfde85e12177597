import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '@shop/db';
import { jobIdFor } from '@shop/jobs';

/**
 * Queues the `ebook-copy` job of every paid e-book order the seed wrote straight into the table,
 * as a settlement through core would have: the workers then make the buyers' copies, and the
 * first downloads measure what a buyer meets after paying. Answers how many were queued.
 */
export async function queueSeededCopies(db: Kysely<Database>, redisUrl: string, prefix: string, userIds: number[]): Promise<number> {
  const orders = await db
    .selectFrom('orders')
    .select('order_no')
    .where('user_id', 'in', userIds)
    .where('status', '=', 'paid')
    .where('format', '=', 'ebook')
    .where('refunded_at', 'is', null)
    .execute();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const queue = new Queue('ebook-copy', { connection: redis, prefix });
  try {
    await queue.addBulk(
      orders.map((o) => {
        const data = { orderNo: o.order_no };
        return { name: 'ebook-copy', data, opts: { jobId: jobIdFor('ebook-copy', data), removeOnComplete: true } };
      }),
    );
    return orders.length;
  } finally {
    await queue.close();
    redis.disconnect();
  }
}
