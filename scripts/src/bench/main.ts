import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '@shop/db';
import { rawBullmqRate, rawPgRate } from './baselines.js';
import { load, metered, useCpuMeter, type CpuSplit, type LoadFigures } from './load.js';
import { cpuMeter } from './cpu.js';
import { encryptionMs } from './encrypt.js';
import { sampleRss } from './rss.js';
import { growOrders, seedBench } from './seed.js';
import { queueSeededCopies } from './ebook-copies.js';
import { ordersPagePlan } from './plans.js';
import { lighthouseFigures } from './lighthouse.js';
import { firstLoadJs, gzipBytesSent, timeToInteractive } from './spa.js';
import { statementsPerRequest } from './sql-count.js';
import { BENCH_METRICS_TOKEN, root, startBenchStack } from './stack.js';
import { settlementRate } from './settlement.js';
import { lostNotificationSeconds, settlementLatency } from './settlement-latency.js';
import { quiesce } from './quiesce.js';
import { reconciliationFigures } from './reconciliation.js';
import { halfOf, judge, mainThreadBaselineMs, type TargetKey } from './targets.js';
import { mainThreadFigures } from './main-thread.js';

interface Row {
  case: string;
  figure: string;
  p50?: number;
  p99?: number;
  baseline: string;
  ratio: number | null;
  target: string;
  met: boolean | null;
}

/** The shop's own processes: the sandboxes (the provider's side) and the bench (load generator, mail sink) are counted apart. */
const shopGroups = ['gateway', 'postgres', 'redis', 'workers'];
const shopCpuMs = (ms: CpuSplit, per: number) => (per ? shopGroups.reduce((sum, g) => sum + (ms[g] ?? 0), 0) / per : undefined);
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const gql = (query: string) => JSON.stringify({ query });

// BENCH_ONLY=books,orders,getlist,checkout,settlement,latency,download,reconciliation,sql,spa,mainthread,lighthouse runs a subset (for profiling).
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const want = (key: string) => !only || only.includes(key);

async function main(): Promise<void> {
  const started = Date.now();
  const stack = await startBenchStack();
  const rss = sampleRss(stack.gateway.child.pid!, 250, { url: `${stack.gatewayUrl}/metrics`, token: BENCH_METRICS_TOKEN });
  const rows: Row[] = [];
  const db = createDb(stack.databaseUrl, { max: 4 });
  // Each case starts on a drained stack: the previous case's mails and relays are its own work.
  const step = async (name: string, drainMs?: number) => {
    const left = await quiesce(db, stack.redisUrl, stack.queuePrefix, drainMs);
    if (left.outboxDue + left.jobs > 0) console.log(`  (waited for ${left.jobs} jobs and ${left.outboxDue} outbox rows of the previous case)`);
    console.log(`${name} ...`);
    rss.phase(name);
  };
  // Where the CPU went per request (or job) of each case, by process group.
  const cpu: Array<{ case: string; per: number; ms: CpuSplit; baseline?: string }> = [];
  useCpuMeter(cpuMeter(stack.pids));
  const split = (name: string, f: { total: number; cpuMs: CpuSplit }, baseline?: string) => cpu.push({ case: name, per: f.total, ms: f.cpuMs, baseline });
  try {
    // The load cases compare with the baselines and need the full data set; the page cases do not.
    const loadCases = ['books', 'orders', 'getlist', 'checkout', 'settlement', 'latency', 'download'].some(want);
    await step(loadCases ? 'seeding 1,000 buyers and 100,000 orders' : 'seeding 20 buyers and 2,000 orders');
    const buyers = loadCases ? await seedBench(db) : await seedBench(db, 20);
    const bearer = (i: number) => ({ authorization: `Bearer ${buyers[i % buyers.length]!.token}` });
    const json = { 'content-type': 'application/json' };

    if (loadCases) await step('baselines');
    // Zero baselines when no load case runs; nothing reads them then.
    let bare: LoadFigures = { rps: 0 } as LoadFigures;
    let plain: LoadFigures = { rps: 0 } as LoadFigures;
    let rawPg = { insertsPerSec: 0 };
    let rawBull = 0;
    if (loadCases) {
      bare = await load({ url: `${stack.bareUrl}/hello` });
      const { result: rawPgResult, cpuMs: rawPgCpu } = await metered(() => rawPgRate(stack.databaseUrl, 5));
      rawPg = rawPgResult;
      cpu.push({ case: 'baseline: raw pg INSERT+SELECT (per insert)', per: Math.round(rawPg.insertsPerSec * 5), ms: rawPgCpu });
      const { result: rawBullResult, cpuMs: rawBullCpu } = await metered(() => rawBullmqRate(stack.redisUrl, 3000));
      rawBull = rawBullResult;
      cpu.push({ case: 'baseline: raw BullMQ no-op job', per: 3000, ms: rawBullCpu });
      plain = await load({ url: `${stack.bareUrl}/plain.pdf` });
      rows.push({
        case: 'baseline: bare Fastify hello',
        figure: `${fmt(bare.rps)} req/s`,
        p50: bare.p50,
        p99: bare.p99,
        baseline: '-',
        ratio: null,
        target: '-',
        met: null,
      });
      rows.push({
        case: 'baseline: raw pg INSERT+SELECT',
        figure: `${fmt(rawPg.insertsPerSec)} inserts/s`,
        baseline: '-',
        ratio: null,
        target: '-',
        met: null,
      });
      rows.push({ case: 'baseline: raw BullMQ no-op job', figure: `${fmt(rawBull)} jobs/s`, baseline: '-', ratio: null, target: '-', met: null });
      rows.push({
        case: 'baseline: plain PDF streaming',
        figure: `${fmt(plain.rps)} req/s`,
        p50: plain.p50,
        p99: plain.p99,
        baseline: '-',
        ratio: null,
        target: '-',
        met: null,
      });

      split('baseline: bare Fastify hello', bare);
      split('baseline: plain PDF streaming', plain);
    }
    const vs = (name: string, f: LoadFigures, base: number, baseName: string, key: TargetKey) => {
      split(name, f, baseName === 'bare Fastify' ? 'baseline: bare Fastify hello' : 'baseline: plain PDF streaming');
      rows.push({
        case: name,
        figure: `${fmt(f.rps)} req/s${f.non2xx ? ` (${f.non2xx} non-2xx)` : ''}`,
        p50: f.p50,
        p99: f.p99,
        baseline: baseName,
        ratio: f.rps / base,
        ...judge(key, { ratio: f.rps / base, p50: f.p50, p99: f.p99, cpuMs: shopCpuMs(f.cpuMs, f.total) }),
      });
      return f;
    };

    if (want('books')) await step('GraphQL books');
    if (want('books')) {
      // Diagnostic: what any JSON POST with an answer of that size costs a bare Fastify.
      const post = await load({ url: `${stack.bareUrl}/json`, method: 'POST', headers: json, body: gql('{ books { id title price currency vatText } }') });
      split('diagnostic: bare Fastify JSON POST, same body and answer size', post, 'baseline: bare Fastify hello');
      rows.push({
        case: 'diagnostic: bare Fastify JSON POST, same body and answer size',
        figure: `${fmt(post.rps)} req/s`,
        p50: post.p50,
        p99: post.p99,
        baseline: 'bare Fastify',
        ratio: post.rps / bare.rps,
        target: '-',
        met: null,
      });
    }
    if (want('books'))
      vs(
        'GraphQL books',
        await load({ url: `${stack.gatewayUrl}/graphql`, method: 'POST', headers: json, body: gql('{ books { id title price currency vatText } }') }),
        bare.rps,
        'bare Fastify',
        'books',
      );
    const ordersPage = () =>
      load({
        url: `${stack.gatewayUrl}/graphql`,
        method: 'POST',
        headers: json,
        body: gql('{ orders(page: 2, pageSize: 20) { total items { orderNo status amount bookName createdAt } } }'),
        perRequest: (i) => ({ headers: bearer(i) }),
      });
    const getList = () =>
      load({
        url: `${stack.gatewayUrl}/api/order/getList`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'currentSizeCo=2&pageSizeCo=20',
        perRequest: (i) => ({ headers: bearer(i) }),
      });
    const pageCases = [
      { key: 'orders', name: 'GraphQL orders (20 rows)', run: ordersPage, growthKey: 'ordersGrowth' as const },
      { key: 'getlist', name: 'legacy POST /api/order/getList', run: getList, growthKey: 'getlistGrowth' as const },
    ] as const;
    const atFirstSize = new Map<string, LoadFigures>();
    for (const c of pageCases) {
      if (!want(c.key)) continue;
      await step(c.name);
      atFirstSize.set(c.key, vs(c.name, await c.run(), bare.rps, 'bare Fastify', c.key));
    }
    // BENCH_ORDERS above the seed's 100,000 (e.g. 1000000): the table is grown around the same
    // buyers and their pages measured again, against the figures just taken.
    const grownTo = Number(process.env.BENCH_ORDERS ?? 0);
    if (atFirstSize.size && grownTo > 100_000) {
      const planAt = async () => ordersPagePlan(db, buyers[0]!.id);
      const before = await planAt();
      await step(`growing the orders table to ${grownTo.toLocaleString('en')}`);
      const t0 = Date.now();
      const added = await growOrders(db, grownTo);
      console.log(`  added ${added.toLocaleString('en')} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const after = await planAt();
      const plan = (p: typeof before) => `${p.seqScanOfOrders ? 'SEQ SCAN of orders, ' : ''}indexes ${p.indexes.join(', ') || 'none'}`;
      for (const c of pageCases) {
        const small = atFirstSize.get(c.key);
        if (!small) continue;
        await step(`${c.name} at ${grownTo.toLocaleString('en')} orders`);
        const big = await c.run();
        const name = `${c.name} at ${(grownTo / 1e6).toFixed(grownTo % 1e6 ? 1 : 0)}M orders vs 100k`;
        split(name, big, 'baseline: bare Fastify hello');
        const cpuSmall = shopCpuMs(small.cpuMs, small.total);
        const cpuBig = shopCpuMs(big.cpuMs, big.total);
        rows.push({
          case: name,
          figure: `${fmt(big.rps)} req/s vs ${fmt(small.rps)} req/s (${(small.rps / big.rps).toFixed(2)}x slower); shop CPU/op ${cpuBig?.toFixed(2)} ms vs ${cpuSmall?.toFixed(2)} ms; plan at 100k: ${plan(before)}; at ${(grownTo / 1e6).toFixed(1)}M: ${plan(after)}`,
          p50: big.p50,
          p99: big.p99,
          baseline: `same case at 100k`,
          ratio: big.rps / small.rps,
          ...judge(c.growthKey, { growth: small.rps / big.rps }),
        });
      }
    }
    if (want('checkout')) {
      await step('checkout');
      const checkout = await load({
        url: `${stack.gatewayUrl}/graphql`,
        method: 'POST',
        headers: json,
        amount: buyers.length,
        body: JSON.stringify({
          query: 'mutation($i: CheckoutInput!) { checkout(input: $i) { order { orderNo } } }',
          variables: { i: { bookId: '2', format: 'EBOOK', country: 'Germany', paymentMethod: 'BANK_TRANSFER' } },
        }),
        perRequest: (i) => ({ headers: bearer(i) }),
      });
      split('checkout by bank transfer (order + attempt + outbox + bank-details mail)', checkout, 'baseline: raw pg INSERT+SELECT (per insert)');
      rows.push({
        case: 'checkout by bank transfer (order + attempt + outbox + bank-details mail)',
        figure: `${fmt(checkout.rps)} checkouts/s`,
        p50: checkout.p50,
        p99: checkout.p99,
        baseline: 'raw pg INSERT',
        ratio: checkout.rps / rawPg.insertsPerSec,
        ...judge('checkout', { ratio: checkout.rps / rawPg.insertsPerSec, cpuMs: shopCpuMs(checkout.cpuMs, checkout.total) }),
      });
    }
    if (want('settlement')) {
      await step('settlement');
      const settlement = await settlementRate(stack, db, buyers.slice(0, 300));
      const settle = settlement.rate;
      cpu.push({ case: 'settlement (per order)', per: settlement.orders, ms: settlement.cpuMs, baseline: 'baseline: raw BullMQ no-op job' });
      rows.push({
        case: 'settlement (notification -> paid)',
        figure: `${fmt(settle)} orders/s`,
        baseline: 'raw BullMQ no-op',
        ratio: settle / rawBull,
        ...judge('settlement', { ratio: settle / rawBull, cpuMs: shopCpuMs(settlement.cpuMs, settlement.orders) }),
      });
    }
    if (want('latency')) {
      // Buyers the settlement case left alone (it pays book 3 for the first 300).
      const rounds = [
        { perSecond: 10, from: 300, count: 50, key: 'settlementLatency10' as const },
        { perSecond: 50, from: 350, count: 250, key: 'settlementLatency50' as const },
      ];
      for (const r of rounds) {
        await step(`settlement latency at ${r.perSecond}/s`);
        const f = await settlementLatency(stack, db, buyers.slice(r.from, r.from + r.count), r.perSecond);
        const name = `settlement latency at ${r.perSecond} orders/s (notification leaving the sandbox -> "paid" on the open page's subscription)`;
        cpu.push({ case: name, per: f.orders, ms: f.cpuMs });
        rows.push({
          case: name,
          figure: `p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms (${f.orders} orders${f.late ? `, ${f.late} not paid on the page within 2 min` : ''})`,
          ...(Number.isFinite(f.p50) ? { p50: Math.round(f.p50) } : {}),
          ...(Number.isFinite(f.p99) ? { p99: Math.round(f.p99) } : {}),
          baseline: '-',
          ratio: null,
          ...judge(r.key, { p50: f.p50, p99: f.p99 }),
        });
      }
      await step('lost notification');
      const lost = await lostNotificationSeconds(stack, db, buyers[600]!);
      rows.push({
        case: 'lost notification (never sent) -> "paid" on the open page, by the shop\'s own poll',
        figure: Number.isFinite(lost) ? `${lost.toFixed(2)} s` : 'not paid on the page within 2 min',
        baseline: '-',
        ratio: null,
        ...judge('lostNotification', { seconds: lost }),
      });
    }
    if (want('download')) {
      // The seed paid its orders in SQL: their copies are queued now, as the settlement would have.
      const queued = await queueSeededCopies(
        db,
        stack.redisUrl,
        stack.queuePrefix,
        buyers.map((b) => b.id),
      );
      console.log(`  queued the copies of ${queued} paid e-book orders`);
      // A thousand encryptions on a shared machine: give the workers time.
      await step('download', 600_000);
      const download = (i: number) => ({ path: `/api/orders/BN${String(buyers[i % buyers.length]!.id).padStart(6, '0')}0000/download`, headers: bearer(i) });
      // First download of each buyer: the copy the workers made when the order was paid.
      vs(
        'e-book download, first per buyer (copy made at payment)',
        await load({ url: `${stack.gatewayUrl}/api/orders/x/download`, amount: buyers.length, perRequest: download }),
        plain.rps,
        'plain streaming',
        'downloadFirst',
      );
      const enc = await encryptionMs(root);
      rows.push({
        case: 'diagnostic: one e-book encryption alone (AES-256, in-process)',
        figure: `${enc.toFixed(1)} ms CPU per document (at most ${fmt(1000 / enc)}/s per core)`,
        baseline: '-',
        ratio: null,
        target: '-',
        met: null,
      });
      // Downloading again (retries, a second device): the same stored copy.
      vs(
        'e-book download, again',
        await load({ url: `${stack.gatewayUrl}/api/orders/x/download`, perRequest: download }),
        plain.rps,
        'plain streaming',
        'downloadAgain',
      );
    }
    if (want('reconciliation')) {
      await step('reconciliation of a day of 10,000 trades');
      const r = await reconciliationFigures(db, stack.redisUrl, stack.queuePrefix);
      rows.push({
        case: `reconciling a day of ${r.trades.toLocaleString('en')} trades (one provider, bill given)`,
        figure: `${r.seconds.toFixed(1)} s (${fmt(r.trades / r.seconds)} rows/s), heap +${r.peakHeapMb.toFixed(0)} MB at its peak, bench process RSS ${r.peakRssMb.toFixed(0)} MB; ${r.matched} matched`,
        baseline: '-',
        ratio: null,
        target: '-',
        met: null,
      });
    }
    if (want('sql')) {
      await step('SQL counts');
      const counted = await statementsPerRequest(
        { ...(process.env as Record<string, string>), DATABASE_URL: stack.databaseUrl, REDIS_URL: stack.redisUrl, WEB_DIST_DIR: path.join(root, 'web/dist') },
        buyers[0]!.token,
      );
      rows.push({
        case: 'SQL statements per orders request',
        figure: `${counted.orders}`,
        baseline: '-',
        ratio: null,
        ...judge('sqlPerOrders', { statements: counted.orders }),
      });
      rows.push({
        case: 'SQL round trips per checkout (diagnostic; BEGIN/COMMIT included)',
        figure: `${counted.checkout}`,
        baseline: '-',
        ratio: null,
        target: '-',
        met: null,
      });
    }
    if (want('spa')) {
      await step('SPA');
      const entry = await firstLoadJs(stack.gatewayUrl);
      const tti = await timeToInteractive(stack.gatewayUrl);
      rows.push({
        case: 'SPA first-load JS (gzip as sent, all scripts the browser fetched)',
        figure: `${(tti.scriptGzipBytes / 1024).toFixed(1)} KB in ${tti.scripts} files (entry alone ${(entry.gzipBytes / 1024).toFixed(1)} KB)`,
        baseline: '-',
        ratio: null,
        ...judge('spaFirstLoad', { kb: tti.scriptGzipBytes / 1024 }),
      });
      rows.push({ case: 'SPA time to interactive /shop/index', figure: `${tti.ms} ms (median of 3)`, baseline: '-', ratio: null, target: '-', met: null });
    }
    if (want('mainthread')) {
      await step('main thread: script evaluation and hydration');
      const pages = [
        { key: 'index' as const, name: '/shop/index', path: '/shop/index', shows: { wanted: '[data-testid=book]', instead: '[data-testid=route-error]' } },
        {
          key: 'book' as const,
          name: 'book detail',
          path: '/shop/bookDetail/2',
          shows: { wanted: '[data-testid=book-detail]', instead: '[data-testid=route-error]' },
        },
        {
          key: 'orders' as const,
          name: '/shop/orders, logged in',
          path: '/shop/orders',
          token: buyers[0]!.token,
          shows: { wanted: '[data-testid=order-card], [data-testid=order-row]', instead: '[data-testid=orders-guest]' },
        },
      ];
      const figures = await mainThreadFigures(stack.gatewayUrl, pages);
      for (const [i, f] of figures.entries()) {
        const baseline = mainThreadBaselineMs[pages[i]!.key];
        rows.push({
          case: `main thread ${f.name}: script evaluation and hydration (unthrottled)`,
          figure: `${f.scriptMs.toFixed(0)} ms script (all tasks ${f.taskMs.toFixed(0)} ms), median of 3; baseline ${baseline} ms`,
          baseline: '-',
          ratio: null,
          ...judge(halfOf(baseline), { ms: f.scriptMs }),
        });
      }
    }
    if (want('lighthouse')) {
      await step('Lighthouse (mobile, median of 3)');
      const cases = [
        { name: '/shop/index', path: '/shop/index', shows: { wanted: '[data-testid=book]', instead: '[data-testid=route-error]' } },
        { name: 'book detail', path: '/shop/bookDetail/2', shows: { wanted: '[data-testid=book-detail]', instead: '[data-testid=route-error]' } },
        {
          name: '/shop/orders, logged in',
          path: '/shop/orders',
          token: buyers[0]!.token,
          shows: { wanted: '[data-testid=order-card], [data-testid=order-row]', instead: '[data-testid=orders-guest]' },
        },
      ];
      for (const f of await lighthouseFigures(stack.gatewayUrl, cases)) {
        // The public pages' first-load target (120 KB gzip, 1 KB = 1024 bytes as Lighthouse counts) is the
        // public pages' first screen; My Orders' figure is printed beside it.
        const publicPage = !f.token;
        let gzip = 0;
        for (const url of f.scriptUrls) gzip += await gzipBytesSent(url);
        rows.push({
          case: `Lighthouse mobile ${f.name}`,
          figure: `performance ${f.score}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}, JS ${(f.jsBytes / 1024).toFixed(1)} KB transferred in ${f.scripts} files (${(gzip / 1024).toFixed(1)} KB as gzip)`,
          baseline: '-',
          ratio: null,
          ...judge(publicPage ? 'lighthousePublic' : 'lighthouseLoggedIn', { score: f.score, lcpMs: f.lcpMs, tbtMs: f.tbtMs, cls: f.cls, jsKb: gzip / 1024 }),
        });
      }
    }
    const peak = rss.stop();
    const mb = (n?: number) => (n === undefined ? '?' : `${(n / 1048576).toFixed(0)} MB`);
    const at = rss.peak();
    rows.push({
      case: 'gateway peak RSS under load',
      figure: `${mb(peak)} (during ${at.during}; V8 heap then: ${mb(at.heapTotal)} reserved, ${mb(at.heapUsed)} used; external ${mb(at.external)})`,
      baseline: '-',
      ratio: null,
      ...judge('gatewayRss', { mb: peak / 1048576 }),
    });
    await db.destroy();
  } finally {
    await stack.stop();
  }

  const table = [
    '| case | figure | p50 ms | p99 ms | baseline | ratio | target | met |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.case} | ${r.figure} | ${r.p50 ?? ''} | ${r.p99 ?? ''} | ${r.baseline} | ${r.ratio === null ? '' : `${r.ratio.toFixed(2)}x`} | ${r.target} | ${r.met === null ? '' : r.met ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
  const groups = ['gateway', 'postgres', 'redis', 'workers', 'sandboxes', 'bare', 'bench'];
  const totalMs = (c: (typeof cpu)[number]) => groups.reduce((sum, g) => sum + (c.ms[g] ?? 0), 0) / Math.max(c.per, 1);
  // If every process were CPU-bound on the same cores, rates would be in inverse proportion to the
  // CPU a request costs in all processes together: the ratio that CPU alone allows.
  const cpuBound = (c: (typeof cpu)[number]) => {
    const base = cpu.find((b) => b.case === c.baseline);
    return base && c.per ? `${(totalMs(base) / totalMs(c)).toFixed(2)}x` : '';
  };
  const cpuTable = [
    `| CPU ms per request | requests | ${groups.join(' | ')} | all | ratio CPU allows |`,
    `|---|---|${groups.map(() => '---|').join('')}---|---|`,
    ...cpu.map(
      (c) =>
        `| ${c.case} | ${c.per} | ${groups.map((g) => (c.per ? ((c.ms[g] ?? 0) / c.per).toFixed(3) : '')).join(' | ')} | ${totalMs(c).toFixed(3)} | ${cpuBound(c)} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n\n${cpuTable}\n\nbench took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'bench.json'),
    JSON.stringify({ date: new Date().toISOString(), cpus: (await import('node:os')).cpus().length, rows, cpu }, null, 2),
  );
  writeFileSync(path.join(out, 'bench.md'), `${table}\n\n${cpuTable}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
