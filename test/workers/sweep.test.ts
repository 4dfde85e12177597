import t from 'tap';
import { Queue, Worker } from 'bullmq';
import type { PaymentProvider } from '@shop/payments';
import { createLogger } from '@shop/config';
import { outboxJob } from '@shop/core/internal';
import { deliverTo } from '@shop/core/outbox';
import { silentStatusEvents } from '@shop/core/status-events';
import { createQueues, closeQueues, payloadProblem, producerConnection, workerConnection, type Queues } from '@shop/jobs';
import { loadWorkersConfig } from '@shop/config';
import type { Db } from '@shop/db';
import { buildProcessors, createTransport, startWorkers } from '@shop/workers';
import { reconcile } from '@shop/workers';
import type { WorkerDeps } from '@shop/workers';
import { createTestDatabase } from '../helpers/db.js';
import { uniquePrefix } from '../helpers/redis.js';
import { eventually } from '../helpers/tmp.js';
import { uniqueEmail } from '../helpers/stack.js';

type T = { teardown(fn: () => unknown): void };

/** Workers' dependencies on a fresh database and a queue prefix of the test's own. */
async function setup(t: T, env: Record<string, string> = {}): Promise<WorkerDeps & { url: string }> {
  const { db, url } = await createTestDatabase(t);
  const config = loadWorkersConfig({ ...process.env, DATABASE_URL: url, QUEUE_PREFIX: uniquePrefix(), ...env });
  const producer = producerConnection(config.redisUrl);
  const queues = createQueues(producer, config.queuePrefix, undefined, config.retryDelayScale);
  t.teardown(async () => {
    await closeQueues(queues);
    await producer.quit();
  });
  // The sweep only looks at which providers exist; it never calls them.
  const stub = {} as PaymentProvider;
  return {
    url,
    config,
    db,
    queues,
    log: createLogger('sweep-test', 'silent'),
    events: silentStatusEvents,
    providers: { wechat: stub, alipay: stub, paypal: stub },
  };
}

async function openAttempt(db: Db, status: 'created' | 'pending', createdAgoMs = 0): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ email: uniqueEmail('s'), first_name: 'S', last_name: 'W', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderNo = `SW${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const order = await db
    .insertInto('orders')
    .values({
      order_no: orderNo,
      user_id: user.id,
      book_id: 1,
      format: 'ebook',
      country: 'Germany',
      pay_type: 2,
      provider: 'wechat',
      unit_price_cents: 7500,
      amount_cents: 7500,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = new Date(Date.now() - createdAgoMs);
  const intent = await db
    .insertInto('payment_intents')
    .values({
      order_id: order.id,
      provider: 'wechat',
      method: 'native',
      out_trade_no: `${orderNo}P1`,
      amount_cents: 7500,
      currency: 'EUR',
      status,
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return intent.id;
}

const state = (queues: Queues, name: keyof Queues, id: string) => (queues[name] as unknown as Queue).getJobState(id);

t.test('the sweep gives every open attempt and pending mirror a live job, and only once', async (t) => {
  const deps = await setup(t);
  const open = [await openAttempt(deps.db, 'pending'), await openAttempt(deps.db, 'pending'), await openAttempt(deps.db, 'pending')];
  const young = await openAttempt(deps.db, 'created');
  const user = await deps.db
    .insertInto('users')
    .values({ email: uniqueEmail('m'), first_name: 'M', last_name: 'R', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db.insertInto('registration_mirrors').values({ user_id: user.id, sealed_password: 'sealed' }).execute();
  // One poll gave up earlier (failed, kept by removeOnFail) while PostgreSQL says the attempt is
  // still open. A manually driven worker fails it the way a real one would.
  await deps.queues['payment-poll'].add('payment-poll', { intentId: open[2]! }, { jobId: `poll-${open[2]}`, attempts: 1 });
  const connection = workerConnection(deps.config.redisUrl);
  t.teardown(() => connection.quit());
  const manual = new Worker('payment-poll', null, { connection, prefix: deps.config.queuePrefix });
  t.teardown(() => manual.close());
  const taken = (await manual.getNextJob('manual-token'))!;
  await taken.moveToFailed(new Error('provider down for hours'), 'manual-token');
  t.equal(await state(deps.queues, 'payment-poll', `poll-${open[2]}`), 'failed');

  const first = await reconcile(deps);
  t.match(first, { polls: 3, mirrors: 1, abandonedAttempts: 0 }, 'three polls and one mirror put back');
  for (const id of open) t.match(await state(deps.queues, 'payment-poll', `poll-${id}`), /waiting|delayed/, `attempt ${id} has a live poll`);
  t.equal(await state(deps.queues, 'payment-poll', `poll-${young}`), 'unknown', 'an attempt still being created is left to its checkout');
  t.equal(await state(deps.queues, 'registration-mirror', `mirror-${user.id}`), 'waiting');

  const second = await reconcile(deps);
  t.match(second, { polls: 0, mirrors: 0 }, 'a second sweep finds everything live and adds nothing');
  t.equal(await deps.queues['payment-poll'].getJobCountByTypes('waiting', 'delayed'), 3, 'one job per attempt');
});

t.test('a withdrawn attempt still payable at its provider gets its poll back after a Redis flush, until payable_until', async (t) => {
  const deps = await setup(t);
  // Withdrawn Alipay cross-border trades: closed in the shop, payable at Alipay for a while.
  const withdraw = async (payableInMs: number, status: 'closed' | 'expired' = 'closed') => {
    const id = await openAttempt(deps.db, 'pending');
    await deps.db
      .updateTable('payment_intents')
      .set({ provider: 'alipay', status, payable_until: new Date(Date.now() + payableInMs) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const watched = await withdraw(3_600_000);
  const expiredWatched = await withdraw(3_600_000, 'expired');
  const over = await withdraw(-60_000);
  // The poll existed, then Redis lost everything.
  await deps.queues['payment-poll'].add('payment-poll', { intentId: watched }, { jobId: `poll-${watched}`, delay: 60_000 });
  await deps.queues['payment-poll'].obliterate({ force: true });
  t.equal(await state(deps.queues, 'payment-poll', `poll-${watched}`), 'unknown', 'the poll is gone with the flush');

  const first = await reconcile(deps);
  t.match(first, { polls: 2 }, 'the two attempts still payable get their poll back');
  t.match(await state(deps.queues, 'payment-poll', `poll-${watched}`), /waiting|delayed/, 'the withdrawn attempt is polled again');
  t.match(await state(deps.queues, 'payment-poll', `poll-${expiredWatched}`), /waiting|delayed/, 'so is one withdrawn as its order expired');
  t.equal(await state(deps.queues, 'payment-poll', `poll-${over}`), 'unknown', 'one past its payable_until is left alone');
  t.match(await reconcile(deps), { polls: 0 }, 'a second sweep adds nothing');

  // Once payable_until has passed, the sweep stops putting it back.
  await deps.db
    .updateTable('payment_intents')
    .set({ payable_until: new Date(Date.now() - 1000) })
    .where('id', '=', watched)
    .execute();
  await deps.queues['payment-poll'].obliterate({ force: true });
  t.match(await reconcile(deps), { polls: 1 }, 'only the attempt still payable');
  t.equal(await state(deps.queues, 'payment-poll', `poll-${watched}`), 'unknown');
});

t.test('abandoned checkouts: the Idempotency-Key claim is freed and the half-created attempt closed', async (t) => {
  const deps = await setup(t, { ABANDONED_AFTER_SECONDS: '60' });
  const stale = await openAttempt(deps.db, 'created', 120_000);
  const fresh = await openAttempt(deps.db, 'created', 1_000);
  const user = await deps.db
    .insertInto('users')
    .values({ email: uniqueEmail('k'), first_name: 'K', last_name: 'Y', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('idempotency_keys')
    .values([
      { user_id: user.id, key: 'died', request_hash: 'h', created_at: new Date(Date.now() - 120_000) },
      { user_id: user.id, key: 'running', request_hash: 'h' },
      { user_id: user.id, key: 'answered', request_hash: 'h', response: JSON.stringify({ ok: true }), created_at: new Date(Date.now() - 120_000) },
    ])
    .execute();

  const report = await reconcile(deps);
  t.match(report, { releasedClaims: 1, abandonedAttempts: 1 });
  const keys = (await deps.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', user.id).orderBy('key').execute()).map((k) => k.key);
  t.same(keys, ['answered', 'running'], 'only the dead claim is gone');
  const statuses = await deps.db.selectFrom('payment_intents').select(['id', 'status']).where('id', 'in', [stale, fresh]).execute();
  t.same(Object.fromEntries(statuses.map((s) => [s.id, s.status])), { [stale]: 'closed', [fresh]: 'created' });
  t.equal(await state(deps.queues, 'payment-close', `close-${stale}`), 'waiting', 'and closed at its provider by a job');
  t.ok(
    await deps.db.selectFrom('outbox').select('id').where('job_id', '=', `close-${stale}`).where('relayed_at', 'is not', null).executeTakeFirst(),
    'through the outbox',
  );
});

t.test('the relay runs a finished job id again for a new outbox row; a replay does not', async (t) => {
  const deps = await setup(t);
  const connection = workerConnection(deps.config.redisUrl);
  t.teardown(() => connection.quit());
  let runs = 0;
  const workers = startWorkers(deps, connection, { 'payment-close': async () => ++runs });
  t.teardown(() => Promise.all(workers.map((w) => w.close())));
  const intentId = await openAttempt(deps.db, 'pending');
  const deliver = deliverTo(deps.queues);
  const row = { id: '1', queue: 'payment-close', job_name: 'payment-close', job_id: `close-${intentId}`, payload: { intentId } };
  await deliver(row);
  await eventually('first run', async () => runs === 1 && (await state(deps.queues, 'payment-close', row.job_id)) === 'completed');
  // A replay decides in Redis before it returns: the finished job stays as it was and nothing is
  // queued to run, so no run can follow (no window to wait out).
  const queue = deps.queues['payment-close'] as unknown as Queue;
  const finished = (await queue.getJob(row.job_id))!;
  await deliverTo(deps.queues, 'keep')(row);
  t.equal((await queue.getJob(row.job_id))?.timestamp, finished.timestamp, 'a replay leaves the finished job alone');
  t.equal(await state(deps.queues, 'payment-close', row.job_id), 'completed');
  const queued = await queue.getJobCounts('waiting', 'paused', 'active', 'delayed', 'prioritized', 'waiting-children');
  t.equal(
    Object.values(queued).reduce((a, b) => a + b, 0),
    0,
    `nothing queued to run (${JSON.stringify(queued)})`,
  );
  t.equal(runs, 1);
  await deliver(row);
  await eventually('second run', async () => runs === 2);
  t.pass('the kept completed job did not swallow the new request');
  t.equal(await deps.queues['payment-close'].getCompletedCount(), 1, 'one job under the id');

  // And the outbox itself: a committed row is relayed by the sweep when nobody else did.
  await deps.db.transaction().execute((trx) => outboxJob(trx, 'payment-close', { intentId }));
  t.match(await reconcile(deps), { relayed: 1 });
  await eventually('third run', async () => runs === 3);
});

t.test('bad input fails at once with UnrecoverableError; payloads carry no personal data', async (t) => {
  const deps = await setup(t);
  const connection = workerConnection(deps.config.redisUrl);
  t.teardown(() => connection.quit());
  const mail = createTransport(deps.config.smtpUrl);
  const processors = buildProcessors(deps, mail);
  const workers = startWorkers(deps, connection, {
    'payment-poll': processors['payment-poll'],
    'registration-mirror': processors['registration-mirror'],
    mail: processors.mail,
  });
  t.teardown(async () => {
    await Promise.all(workers.map((w) => w.close()));
    mail.close();
  });
  const bad = [
    ['payment-poll', { intentId: 'not-a-number' }],
    ['registration-mirror', { userId: 7, email: 'someone@example.com' }],
    ['mail', { kind: 'receipt', orderNo: 'A1', to: 'someone@example.com' }],
    ['payment-poll', { intentId: '999999' }],
  ] as const;
  for (const [queue, data] of bad) {
    const job = await (deps.queues[queue] as unknown as Queue).add(queue, data);
    const failed = await eventually(`${queue} failed`, async () => {
      // The state first, then the job: a job read before it failed would carry no failedReason.
      const q = deps.queues[queue] as unknown as Queue;
      return (await q.getJobState(job.id!)) === 'failed' ? q.getJob(job.id!) : false;
    });
    // Failed for good on the first try (BullMQ counts a payload refused before processing as 0 or 1).
    t.ok(failed!.attemptsMade <= 1, `${queue} ${JSON.stringify(data)}: no retries`);
    t.match(failed!.failedReason, /bad .* payload|does not exist|no mirror state|unexpected field/);
  }
  t.equal(payloadProblem('registration-mirror', { userId: 7 }), null);
  t.equal(payloadProblem('mail', { kind: 'verification-code', codeId: '12', purpose: 'register', language: 'en', sealedCode: 'A'.repeat(46) }), null);
  t.match(
    payloadProblem('mail', { kind: 'verification-code', codeId: '12', purpose: 'register', language: 'en', sealedCode: 'A'.repeat(46), email: 'x@y.z' }),
    /unexpected field\(s\) email/,
  );
  t.equal(payloadProblem('settlement', { outTradeNo: '20261122ABCDEFGHJKP1', intentId: '5', source: 'notification' }), null);
  t.equal(payloadProblem('maintenance', { task: 'reconcile' }), null);
  t.match(payloadProblem('maintenance', { task: 'drop-tables' }), /task must be/);
});
