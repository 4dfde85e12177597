import { writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startRedis } from '../../scripts/src/stack/redis.js';
import getPort from 'get-port';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { buy } from '../helpers/orders.js';
import { drivers, paidTransitions, waitPaid } from '../helpers/payflow.js';
import { failRegistration, pendingMirror } from '../helpers/registration-mirror.js';
import { startStack, uniqueEmail, type TestStack } from '../helpers/stack.js';
import { eventually, tempDir } from '../helpers/tmp.js';
import { runNode } from './processes.js';

async function buyer(stack: TestStack) {
  const u = await stack.db
    .insertInto('users')
    .values({ email: uniqueEmail('sweep'), first_name: 'S', last_name: 'Weep', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const c = stack.client();
  c.headers.authorization = `Bearer ${(await createSession(stack.app.deps, u.id)).token}`;
  return c;
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

t.test('after FLUSHALL the sweep rebuilds every job PostgreSQL still expects', async (t) => {
  const dir = tempDir(t);
  const redis = await startRedis({ dir: path.join(dir, 'redis'), port: await getPort() });
  t.teardown(() => redis.stop());
  const stack = await startStack(t, { REDIS_URL: redis.url, RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '20' }, { payments: true, workers: false });
  const paymentsFile = path.join(dir, 'payments.json');
  writeFileSync(paymentsFile, JSON.stringify(stack.sandboxes!.adapters));
  const prefix = stack.config.queuePrefix;
  // The periodic sweep is far off (60 s): what rebuilds the queues here is the Redis-loss watch.
  const w = runNode(t, 'workers/dist/main.js', {
    DATABASE_URL: stack.config.databaseUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: prefix,
    PAYMENTS_CONFIG_FILE: paymentsFile,
    REGISTRATION_SERVICE_URL: stack.registration.url,
    RETRY_DELAY_SCALE: '0.01',
    RECONCILE_INTERVAL_MS: '60000',
  });
  await eventually('workers started', async () => w.output().includes('workers started'), 20_000);
  const admin = new Redis(redis.url);
  t.teardown(() => admin.quit());
  const queue = (name: string) => {
    const q = new Queue(name, { connection: admin, prefix });
    t.teardown(() => q.close());
    return q;
  };
  const polls = queue('payment-poll');
  const mail = queue('mail');
  const maintenance = queue('maintenance');

  // Paid before the flush: its receipt job is one of those the replay must restore.
  const [wechat] = drivers;
  const early = (await buy(await buyer(stack), { paymentMethod: wechat!.method })).data!.checkout;
  await wechat!.pay(stack, early);
  await waitPaid(stack, early.order.orderNo);
  await eventually('receipt sent', async () => (await mail.getJobState(`receipt-${early.order.orderNo}`)) === 'completed');

  // Three open attempts with live polls, and an account whose mirror keeps failing.
  const open = [];
  for (const d of drivers) open.push({ d, co: (await buy(await buyer(stack), { paymentMethod: d.method })).data!.checkout });
  await failRegistration(stack.registration.url, 1000);
  const mirrorUser = await pendingMirror(stack.db, uniqueEmail('mirror'));
  for (const { co } of open)
    await eventually('poll live', async () => ['delayed', 'waiting', 'active'].includes(await polls.getJobState(`poll-${co.paymentIntent.id}`)));
  await eventually('mirror tried', async () => stack.registration.requests > 0);

  await admin.flushall();
  t.equal(await polls.getJobState(`poll-${open[0]!.co.paymentIntent.id}`), 'unknown', 'FLUSHALL took the polls');
  t.equal(await maintenance.getJobScheduler('reconcile'), undefined, 'and the job schedulers');

  // The buyers pay, but every callback is lost: only rebuilt polls can notice.
  await fetch(`${stack.sandboxes!.url}/paypal/_control/faults`, json({ drop: true }));
  for (const { d, co } of open) await d.pay(stack, co, { drop: true });
  await failRegistration(stack.registration.url, 0);

  for (const { co } of open) await waitPaid(stack, co.order.orderNo, 30_000);
  t.pass('every open attempt was polled again and its order paid');
  for (const { d, co } of open) t.equal(await paidTransitions(stack, co.order.orderNo), 1, `${d.provider}: paid once`);
  await eventually(
    'mirror landed',
    async () =>
      (await stack.db.selectFrom('registration_mirrors').select('status').where('user_id', '=', mirrorUser).executeTakeFirstOrThrow()).status === 'succeeded',
    30_000,
  );
  t.pass('the pending mirror was re-enqueued and landed');
  t.not(await mail.getJobState(`receipt-${early.order.orderNo}`), 'unknown', 'the receipt relayed before the flush was replayed from the outbox');
  t.ok(await eventually('schedulers back', () => maintenance.getJobScheduler('reconcile')), 'the schedulers are back');
  t.match(w.output(), /job schedulers are missing/);
  t.match(w.output(), /rebuilt the queues from PostgreSQL/);
  w.child.kill('SIGTERM');
  t.equal((await w.exited).code, 0);
});
