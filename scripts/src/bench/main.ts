import path from 'node:path';
import { createDb } from '@shop/db';
import { catalogueCases, orderPageCases } from './cases/api-pages.js';
import { measureBaselines } from './cases/baselines.js';
import { lighthouseCases, mainThreadCases, spaCases } from './cases/browser.js';
import { reconciliationCase, sqlCountCases } from './cases/diagnostics.js';
import { downloadCases } from './cases/downloads.js';
import { checkoutCase, settlementCase, settlementLatencyCases } from './cases/money.js';
import type { BenchContext } from './context.js';
import { cpuMeter } from './cpu.js';
import { useCpuMeter } from './load.js';
import { quiesce } from './quiesce.js';
import { Report } from './report.js';
import { sampleRss } from './rss.js';
import { seedBench } from './seed.js';
import { BENCH_METRICS_TOKEN, root, startBenchStack } from './stack.js';
import { judge } from './targets.js';

// BENCH_ONLY=books,orders,getlist,checkout,settlement,latency,download,reconciliation,sql,spa,mainthread,lighthouse runs a subset (for profiling).
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const want = (key: string) => !only || only.includes(key);

/** The cases that put load on the stack: they compare with the baselines and need the full data set. */
const LOAD_CASES = ['books', 'orders', 'getlist', 'checkout', 'settlement', 'latency', 'download'];

async function main(): Promise<void> {
  const started = Date.now();
  const stack = await startBenchStack();
  const rss = sampleRss(stack.gateway.child.pid!, 250, { url: `${stack.gatewayUrl}/metrics`, token: BENCH_METRICS_TOKEN });
  const report = new Report();
  const db = createDb(stack.databaseUrl, { max: 4 });
  // Each case starts on a drained stack: the previous case's mails and relays are its own work.
  const step = async (name: string, drainMs?: number) => {
    const left = await quiesce(db, stack.redisUrl, stack.queuePrefix, drainMs);
    if (left.outboxDue + left.jobs > 0) console.log(`  (waited for ${left.jobs} jobs and ${left.outboxDue} outbox rows of the previous case)`);
    console.log(`${name} ...`);
    rss.phase(name);
  };
  useCpuMeter(cpuMeter(stack.pids));
  try {
    const loadCases = LOAD_CASES.some(want);
    await step(loadCases ? 'seeding 1,000 buyers and 100,000 orders' : 'seeding 20 buyers and 2,000 orders');
    const buyers = loadCases ? await seedBench(db) : await seedBench(db, 20);
    const ctx: BenchContext = { stack, db, buyers, report, step, want, bearer: (i) => ({ authorization: `Bearer ${buyers[i % buyers.length]!.token}` }) };
    const baselines = await measureBaselines(ctx, loadCases);
    await catalogueCases(ctx, baselines);
    await orderPageCases(ctx, baselines);
    await checkoutCase(ctx, baselines);
    await settlementCase(ctx, baselines);
    await settlementLatencyCases(ctx);
    await downloadCases(ctx, baselines);
    await reconciliationCase(ctx);
    await sqlCountCases(ctx);
    await spaCases(ctx);
    await mainThreadCases(ctx);
    await lighthouseCases(ctx);

    const peak = rss.stop();
    const mb = (n?: number) => (n === undefined ? '?' : `${(n / 1048576).toFixed(0)} MB`);
    const at = rss.peak();
    report.judged(
      {
        case: 'gateway peak RSS under load',
        figure: `${mb(peak)} (during ${at.during}; V8 heap then: ${mb(at.heapTotal)} reserved, ${mb(at.heapUsed)} used; external ${mb(at.external)})`,
        baseline: '-',
        ratio: null,
      },
      judge('gatewayRss', { mb: peak / 1048576 }),
    );
    await db.destroy();
  } finally {
    await stack.stop();
  }
  console.log(`\n${report.table()}\n\n${report.cpuTable()}\n\nbench took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  report.write(path.join(root, 'bench-results'));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
