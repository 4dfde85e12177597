import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { createDb } from '@shop/db';
import { tempDir } from '../helpers/tmp.js';
import { startCluster } from './cluster.js';
import { askResultPage, checkoutWithRetries, createBuyers, pay, type Method } from './shopper.js';

// Done when: real processes, real PostgreSQL and Redis, at least 300 orders paid through the
// sandboxes while workers are SIGKILLed mid-job, Redis restarts and is flushed, PostgreSQL restarts
// during checkout, and callbacks race polls; every order ends paid exactly once.

const ORDERS = 300;
const BOOKS = ['1', '2', '3'];
const METHODS: Method[] = ['WECHAT_NATIVE', 'ALIPAY', 'PAYPAL'];
const CONCURRENCY = 12;
const artifacts = fileURLToPath(new URL('../../test-artifacts/chaos', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('chaos: no crash, restart or flush loses or doubles an order', async (t) => {
  const dir = tempDir(t, 'shop-chaos-');
  const cluster = await startCluster(t, dir, {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    QUEUE_PREFIX: '{shop}',
    RATE_LIMIT_SCALE: '1000',
    RETRY_DELAY_SCALE: '0.02',
    JOB_LOCK_MS: '3000',
    RECONCILE_INTERVAL_MS: '2000',
    ABANDONED_AFTER_SECONDS: '8',
    WORKER_CONCURRENCY: '10',
    SHUTDOWN_GRACE_MS: '10000',
  });
  t.teardown(() => {
    // The processes' log says what happened; it is kept in test-artifacts/chaos.
    mkdirSync(artifacts, { recursive: true });
    copyFileSync(cluster.log, path.join(artifacts, 'chaos.log'));
    if (t.passing()) return;
    const lines = readFileSync(cluster.log, 'utf8').split('\n');
    t.comment(
      lines
        .filter((l) => !/"level":30/.test(l))
        .slice(-40)
        .join('\n'),
    );
  });
  const db = createDb(cluster.databaseUrl, { max: 4, applicationName: 'chaos-test' });
  t.teardown(() => db.destroy());
  const redis = new Redis(cluster.redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => {});
  t.teardown(() => redis.disconnect());
  // Every PayPal webhook arrives three times too.
  await fetch(`${cluster.sandboxUrl}/paypal/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ duplicate: 3 }),
  });

  const buyers = await createBuyers(db, ORDERS / BOOKS.length, String(Date.now()));
  const plan = Array.from({ length: ORDERS }, (_, i) => ({
    i,
    buyer: buyers[Math.floor(i / BOOKS.length)]!,
    bookId: BOOKS[i % BOOKS.length]!,
    method: METHODS[i % METHODS.length]!,
  }));

  // The buyers: checkout (same Idempotency-Key on every retry), pay, look at the result page.
  const started = Date.now();
  const deadline = started + 150_000;
  const stats = { retries: 0, checkedOut: 0, paid: 0 };
  let next = 0;
  const shop = async () => {
    while (next < plan.length) {
      const o = plan[next++]!;
      const c = await checkoutWithRetries(cluster.base, o.buyer.token, `chaos-${o.i}`, { bookId: o.bookId, paymentMethod: o.method }, deadline, stats);
      stats.checkedOut++;
      // Every fifth WeChat or Alipay payment loses all its callbacks: only a poll can find it, and
      // polls are what FLUSHALL and the SIGKILLs destroy.
      const lost = o.i % 5 === 0 && o.method !== 'PAYPAL';
      for (let attempt = 0; ; attempt++) {
        try {
          await pay(cluster.sandboxUrl, db, o.method, c, lost);
          break;
        } catch (err) {
          if (attempt >= 5) throw err;
          await sleep(300);
        }
      }
      stats.paid++;
      // The result page asks while callbacks and polls arrive (not for the lost ones: it would
      // settle them at once and spare the poller).
      if (!lost) void askResultPage(cluster.base, o.buyer.token, c.order.orderNo);
    }
  };

  // The faults, spread over the run by how far the buyers got.
  const faults: string[] = [];
  const when = async (checkedOut: number) => {
    while (stats.checkedOut < checkedOut && Date.now() < deadline) await sleep(50);
  };
  /** Waits (briefly) until some job is running, so the kill lands mid-job. */
  const busy = async () => {
    for (let i = 0; i < 40; i++) {
      const active = await Promise.all(['payment-poll', 'settlement', 'mail', 'maintenance'].map((q) => redis.llen(`{shop}:${q}:active`)));
      if (active.some((n) => n > 0)) return active.reduce((a, b) => a + b, 0);
      await sleep(25);
    }
    return 0;
  };
  const chaos = async () => {
    await when(ORDERS * 0.1);
    await cluster.restartPostgres(1_500);
    faults.push('PostgreSQL restarted during checkout');
    await when(ORDERS * 0.25);
    faults.push(`workers-0 SIGKILLed with ${await busy()} job(s) active`);
    await cluster.killWorker(0);
    await when(ORDERS * 0.4);
    await cluster.restartRedis();
    faults.push('Redis restarted');
    await when(ORDERS * 0.55);
    await redis.flushall();
    faults.push('Redis flushed (FLUSHALL)');
    await when(ORDERS * 0.7);
    faults.push(`workers-1 SIGKILLed with ${await busy()} job(s) active`);
    await cluster.killWorker(1);
    await when(ORDERS * 0.8);
    await cluster.restartPostgres(1_000);
    faults.push('PostgreSQL restarted during checkout');
    await when(ORDERS * 0.9);
    faults.push(`workers-0 SIGKILLed with ${await busy()} job(s) active`);
    await cluster.killWorker(0);
  };

  await Promise.all([...Array.from({ length: CONCURRENCY }, shop), chaos()]);
  t.comment(`checkouts and payments done in ${((Date.now() - started) / 1000).toFixed(1)} s (${stats.retries} checkout retries); faults: ${faults.join('; ')}`);
  t.equal(faults.length, 7, 'every fault was injected');

  // Now the sweep and the pollers must bring every order home.
  const count = async () => {
    const row = await sql<{ orders: string; paid: string; double_settled: string }>`
      select count(*) as orders,
             count(*) filter (where o.status = 'paid') as paid,
             count(*) filter (where (select count(*) from order_events e where e.order_id = o.id and e.type = 'paid') > 1) as double_settled
      from orders o`.execute(db);
    const r = row.rows[0]!;
    return { orders: Number(r.orders), paid: Number(r.paid), doubleSettled: Number(r.double_settled) };
  };
  let result = await count();
  while (result.paid < result.orders && Date.now() < deadline) {
    await sleep(500);
    result = await count().catch(() => result);
  }
  // Late duplicates and polls still arriving must not settle anything twice.
  await sleep(1_000);
  result = await count();
  const lost = result.orders - result.paid;
  const line = `orders: ${result.orders}, paid: ${result.paid}, lost: ${lost}, double-settled: ${result.doubleSettled}`;
  console.log(line);
  t.comment(`all paid ${((Date.now() - started) / 1000).toFixed(1)} s after the first checkout`);
  t.equal(result.orders, ORDERS, `${ORDERS} orders`);
  t.equal(lost, 0, 'lost: 0');
  t.equal(result.doubleSettled, 0, 'double-settled: 0');
  t.equal(line, `orders: ${ORDERS}, paid: ${ORDERS}, lost: 0, double-settled: 0`);

  // How the orders got home, and what the recovery machinery had to do on the way.
  const sources = await sql<{
    source: string;
    n: string;
  }>`select data->>'source' as source, count(*) as n from order_events where type = 'paid' group by 1 order by 1`.execute(db);
  const duplicates = await db
    .selectFrom('order_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('type', '=', 'duplicate_payment')
    .executeTakeFirstOrThrow();
  const log = readFileSync(cluster.log, 'utf8');
  const occurrences = (re: RegExp) => (log.match(re) ?? []).length;
  t.comment(`settled by: ${sources.rows.map((r) => `${r.source} ${r.n}`).join(', ')}; duplicate payments: ${duplicates.n}`);
  t.comment(
    `queues rebuilt from PostgreSQL (first starts included): ${occurrences(/rebuilt the queues from PostgreSQL/g)}; sweeps that put work back: ${occurrences(/reconciliation sweep put work back/g)}; process log: test-artifacts/chaos/chaos.log`,
  );
  await cluster.stop();
});
