import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@shop/db';
import { queueNames } from '@shop/jobs';

export interface Backlog {
  outboxDue: number;
  jobs: number;
}

/**
 * Waits until the work a case left behind (outbox rows due, jobs waiting or running, such as the
 * mails of 1,000 checkouts) is done, so the next case is measured on its own work and its CPU split
 * is not charged with the previous case's tail. Delayed jobs (the provider polls of open attempts)
 * are not a backlog: they wait for their time. Answers what was left when it started.
 */
export async function quiesce(db: Kysely<Database>, redisUrl: string, prefix: string, timeoutMs = 180_000): Promise<Backlog> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const queues = queueNames.map((name) => new Queue(name, { connection: redis, prefix }));
  const backlog = async (): Promise<Backlog> => {
    const r = await sql<{ n: string }>`select count(*) as n from outbox where relayed_at is null and available_at <= now()`.execute(db);
    const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'prioritized')));
    const jobs = counts.reduce((sum, c) => sum + (c.waiting ?? 0) + (c.active ?? 0) + (c.prioritized ?? 0), 0);
    return { outboxDue: Number(r.rows[0]?.n ?? 0), jobs };
  };
  try {
    const first = await backlog();
    const t0 = Date.now();
    let quiet = first.outboxDue + first.jobs === 0 ? 1 : 0;
    // Twice quiet in a row: a job that finishes may enqueue the next (a relay, a mail).
    while (quiet < 2) {
      if (Date.now() - t0 > timeoutMs) throw new Error(`the stack did not drain in ${timeoutMs} ms: ${JSON.stringify(await backlog())}`);
      await new Promise((res) => setTimeout(res, 100));
      const b = await backlog();
      quiet = b.outboxDue + b.jobs === 0 ? quiet + 1 : 0;
    }
    return first;
  } finally {
    await Promise.all(queues.map((q) => q.close()));
    redis.disconnect();
  }
}
