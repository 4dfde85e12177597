import t from 'tap';
import { Redis } from 'ioredis';
import { inTransaction } from '@shop/core';
import { orderStatusChannel, redisStatusEvents } from '@shop/core/status-events';
import { closeQueues, createQueues, producerConnection } from '@shop/jobs';
import { createTestDatabase } from '../helpers/db.js';
import { uniquePrefix } from '../helpers/redis.js';
import { requireEnv } from '../helpers/env.js';
import { eventually } from '../helpers/tmp.js';

// The unit of work against real PostgreSQL and Redis: jobs enqueued in a transaction reach their
// queue only after the commit, announcements go out only then, and a rollback leaves neither.

t.test('outbox rows are relayed after the commit, and nothing on a rollback', async (t) => {
  const { db } = await createTestDatabase(t);
  const prefix = uniquePrefix();
  const producer = producerConnection(requireEnv('REDIS_URL'));
  const queues = createQueues(producer, prefix);
  const listener = new Redis(requireEnv('REDIS_URL'));
  t.teardown(async () => {
    await closeQueues(queues);
    await Promise.allSettled([producer.quit(), listener.quit()]);
  });
  const log = { warn: () => {} };
  const deps = { db, queues, events: redisStatusEvents(producer, prefix, log), log };
  const heard: string[] = [];
  listener.on('message', (_channel, message) => heard.push(message));
  await listener.subscribe(orderStatusChannel(prefix, 'UOW-1'), orderStatusChannel(prefix, 'UOW-2'));

  // Committed: the rows are written in the transaction (together, at its end) and are not in
  // Redis before the commit.
  let inside: string | undefined;
  const answer = await inTransaction(deps, async ({ enqueue, announce }) => {
    await enqueue('mail', { kind: 'receipt', orderNo: 'UOW-1' });
    await enqueue('ebook-copy', { orderNo: 'UOW-1' });
    announce('UOW-1', 'paid');
    inside = (await queues.mail.getJobState('receipt-UOW-1')) as string;
    return 42;
  });
  t.equal(answer, 42, 'the work answers through the unit of work');
  t.equal(inside, 'unknown', 'no job before the commit');
  t.not(await queues.mail.getJobState('receipt-UOW-1'), 'unknown', 'the job is in its queue right after the commit');
  const rows = await db
    .selectFrom('outbox')
    .select(['job_id', 'relayed_at'])
    .where('job_id', 'in', ['receipt-UOW-1', 'ebook-copy-UOW-1'])
    .orderBy('id')
    .execute();
  t.same(
    rows.map((r) => r.job_id),
    ['receipt-UOW-1', 'ebook-copy-UOW-1'],
    'both rows, in the order they were enqueued',
  );
  t.ok(
    rows.every((r) => r.relayed_at),
    'the rows are marked relayed',
  );
  t.not(await queues['ebook-copy'].getJobState('ebook-copy-UOW-1'), 'unknown', 'the second job too');
  await eventually('the announcement arrived', async () => heard.includes('paid'));

  // Rolled back: no row, no job, no announcement.
  await t.rejects(
    inTransaction(deps, async ({ enqueue, announce }) => {
      await enqueue('mail', { kind: 'receipt', orderNo: 'UOW-2' });
      announce('UOW-2', 'paid');
      throw new Error('changed my mind');
    }),
    /changed my mind/,
  );
  t.equal((await db.selectFrom('outbox').select('id').where('job_id', '=', 'receipt-UOW-2').execute()).length, 0, 'no outbox row after a rollback');
  t.equal(await queues.mail.getJobState('receipt-UOW-2'), 'unknown', 'no job after a rollback');
  // A marker published after the rollback arrives after anything the rollback could have sent.
  await producer.publish(orderStatusChannel(prefix, 'UOW-2'), 'marker');
  await eventually('the marker arrived', async () => heard.includes('marker'));
  t.same(heard, ['paid', 'marker'], 'the rolled-back transaction announced nothing');
});

t.test('with Redis unreachable the commit stands and the row waits for the relay', async (t) => {
  const { db } = await createTestDatabase(t);
  const dead = producerConnection('redis://127.0.0.1:1', { retryStrategy: () => null });
  dead.on('error', () => {});
  const queues = createQueues(dead, uniquePrefix());
  t.teardown(() => dead.disconnect());
  const deps = { db, queues, events: { changed() {} }, log: { warn() {} } };
  await inTransaction(deps, ({ enqueue }) => enqueue('mail', { kind: 'receipt', orderNo: 'UOW-3' }));
  const row = await db.selectFrom('outbox').select(['relayed_at', 'relay_attempts']).where('job_id', '=', 'receipt-UOW-3').executeTakeFirstOrThrow();
  t.equal(row.relayed_at, null, 'not relayed');
  t.equal(row.relay_attempts, 1, 'the failed hand-over is counted; the periodic relay takes it');
});

t.test('a job written to run later is handed over at the commit as a delayed job, due at its time', async (t) => {
  const { db } = await createTestDatabase(t);
  const prefix = uniquePrefix();
  const producer = producerConnection(requireEnv('REDIS_URL'));
  const queues = createQueues(producer, prefix);
  t.teardown(async () => {
    await closeQueues(queues);
    await producer.quit().catch(() => undefined);
  });
  const deps = { db, queues, events: { changed() {} }, log: { warn() {} } };
  const due = new Date(Date.now() + 60_000);
  await inTransaction(deps, ({ enqueue }) => enqueue('payment-poll', { intentId: '77' }, { availableAt: due }));
  const row = await db.selectFrom('outbox').select(['relayed_at', 'available_at']).where('job_id', '=', 'poll-77').executeTakeFirstOrThrow();
  t.ok(row.relayed_at, 'relayed right after the commit, not at the periodic relay after it is due');
  t.equal(await queues['payment-poll'].getJobState('poll-77'), 'delayed', 'waiting in its queue');
  const job = await queues['payment-poll'].getJob('poll-77');
  t.ok(job && Math.abs(job.timestamp + (job.opts.delay ?? 0) - due.getTime()) < 1_000, 'due when the row said');
});
