import { BARE, gql, JSON_HEADERS, type Baselines, type BenchContext } from '../context.js';
import { load, type LoadFigures } from '../load.js';
import { ordersPagePlan } from '../plans.js';
import { fmt, shopCpuMs } from '../report.js';
import { growOrders } from '../seed.js';
import { judge } from '../targets.js';

const BOOKS_QUERY = gql('{ books { id title price currency vatText } }');

/** The catalogue query, and what any JSON POST of its size costs a bare Fastify (its ceiling). */
export async function catalogueCases({ stack, report, step, want }: BenchContext, { bare }: Baselines): Promise<void> {
  if (!want('books')) return;
  await step('GraphQL books');
  const post = await load({ url: `${stack.bareUrl}/json`, method: 'POST', headers: JSON_HEADERS, body: BOOKS_QUERY });
  const diagnostic = 'diagnostic: bare Fastify JSON POST, same body and answer size';
  report.split(diagnostic, post, BARE.cpuRow);
  report.info({ case: diagnostic, figure: `${fmt(post.rps)} req/s`, p50: post.p50, p99: post.p99, baseline: BARE.name, ratio: post.rps / bare.rps });
  const books = await load({ url: `${stack.gatewayUrl}/graphql`, method: 'POST', headers: JSON_HEADERS, body: BOOKS_QUERY });
  report.versus('GraphQL books', books, { ...BARE, rps: bare.rps }, 'books');
}

/**
 * A buyer's My Orders page through each face, and with BENCH_ORDERS above the seed's 100,000 (e.g.
 * 1000000) the same pages again after the table has grown around the same buyers.
 */
export async function orderPageCases(ctx: BenchContext, { bare }: Baselines): Promise<void> {
  const { stack, db, buyers, report, step, want, bearer } = ctx;
  const cases = [
    {
      key: 'orders',
      name: 'GraphQL orders (20 rows)',
      growthKey: 'ordersGrowth' as const,
      run: () =>
        load({
          url: `${stack.gatewayUrl}/graphql`,
          method: 'POST',
          headers: JSON_HEADERS,
          body: gql('{ orders(page: 2, pageSize: 20) { total items { orderNo status amount bookName createdAt } } }'),
          perRequest: (i) => ({ headers: bearer(i) }),
        }),
    },
    {
      key: 'getlist',
      name: 'legacy POST /api/order/getList',
      growthKey: 'getlistGrowth' as const,
      run: () =>
        load({
          url: `${stack.gatewayUrl}/api/order/getList`,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'currentSizeCo=2&pageSizeCo=20',
          perRequest: (i) => ({ headers: bearer(i) }),
        }),
    },
  ] as const;
  const atFirstSize = new Map<string, LoadFigures>();
  for (const c of cases) {
    if (!want(c.key)) continue;
    await step(c.name);
    atFirstSize.set(c.key, report.versus(c.name, await c.run(), { ...BARE, rps: bare.rps }, c.key));
  }
  const grownTo = Number(process.env.BENCH_ORDERS ?? 0);
  if (!atFirstSize.size || grownTo <= 100_000) return;
  const planAt = async () => ordersPagePlan(db, buyers[0]!.id);
  const before = await planAt();
  await step(`growing the orders table to ${grownTo.toLocaleString('en')}`);
  const t0 = Date.now();
  const added = await growOrders(db, grownTo);
  console.log(`  added ${added.toLocaleString('en')} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const after = await planAt();
  const plan = (p: typeof before) => `${p.seqScanOfOrders ? 'SEQ SCAN of orders, ' : ''}indexes ${p.indexes.join(', ') || 'none'}`;
  const size = `${(grownTo / 1e6).toFixed(grownTo % 1e6 ? 1 : 0)}M`;
  for (const c of cases) {
    const small = atFirstSize.get(c.key);
    if (!small) continue;
    await step(`${c.name} at ${grownTo.toLocaleString('en')} orders`);
    const big = await c.run();
    const name = `${c.name} at ${size} orders vs 100k`;
    report.split(name, big, BARE.cpuRow);
    // How much longer a request takes at the larger size (1.00 = no growth), by throughput.
    const growth = small.rps / big.rps;
    report.judged(
      {
        case: name,
        figure: `${fmt(big.rps)} req/s at ${size}, ${fmt(small.rps)} req/s at 100k: ${growth.toFixed(2)}x the time per request; shop CPU/op ${shopCpuMs(big.cpuMs, big.total)?.toFixed(2)} ms vs ${shopCpuMs(small.cpuMs, small.total)?.toFixed(2)} ms; plan at 100k: ${plan(before)}; at ${size}: ${plan(after)}`,
        p50: big.p50,
        p99: big.p99,
        baseline: 'same case at 100k',
        ratio: big.rps / small.rps,
      },
      judge(c.growthKey, { growth }),
    );
  }
}
