import { JSON_HEADERS, type Baselines, type BenchContext } from '../context.js';
import { load } from '../load.js';
import { fmt, shopCpuMs } from '../report.js';
import { settlementRate } from '../settlement.js';
import { lostNotificationSeconds, settlementLatency } from '../settlement-latency.js';
import { judge } from '../targets.js';

/** Checkout by bank transfer: order, attempt, outbox row and the bank-details mail, against a raw insert. */
export async function checkoutCase({ stack, buyers, report, step, want, bearer }: BenchContext, { rawPg }: Baselines): Promise<void> {
  if (!want('checkout')) return;
  await step('checkout');
  const checkout = await load({
    url: `${stack.gatewayUrl}/graphql`,
    method: 'POST',
    headers: JSON_HEADERS,
    amount: buyers.length,
    body: JSON.stringify({
      query: 'mutation($i: CheckoutInput!) { checkout(input: $i) { order { orderNo } } }',
      variables: { i: { bookId: '2', format: 'EBOOK', country: 'Germany', paymentMethod: 'BANK_TRANSFER' } },
    }),
    perRequest: (i) => ({ headers: bearer(i) }),
  });
  const name = 'checkout by bank transfer (order + attempt + outbox + bank-details mail)';
  report.split(name, checkout, 'baseline: raw pg INSERT+SELECT (per insert)');
  const ratio = checkout.rps / rawPg.insertsPerSec;
  report.judged(
    { case: name, figure: `${fmt(checkout.rps)} checkouts/s`, p50: checkout.p50, p99: checkout.p99, baseline: 'raw pg INSERT', ratio },
    judge('checkout', { ratio, cpuMs: shopCpuMs(checkout.cpuMs, checkout.total) }),
  );
}

/** Settlement throughput (notification -> paid) against a no-op job through the same Redis. */
export async function settlementCase({ stack, db, buyers, report, step, want }: BenchContext, { rawBull }: Baselines): Promise<void> {
  if (!want('settlement')) return;
  await step('settlement');
  const settlement = await settlementRate(stack, db, buyers.slice(0, 300));
  report.cpu.push({ case: 'settlement (per order)', per: settlement.orders, ms: settlement.cpuMs, baseline: 'baseline: raw BullMQ no-op job' });
  const ratio = settlement.rate / rawBull;
  report.judged(
    { case: 'settlement (notification -> paid)', figure: `${fmt(settlement.rate)} orders/s`, baseline: 'raw BullMQ no-op', ratio },
    judge('settlement', { ratio, cpuMs: shopCpuMs(settlement.cpuMs, settlement.orders) }),
  );
}

/** How long "paid" takes to reach the buyer's open page, paced at 10 and 50 orders a second, and a lost notification. */
export async function settlementLatencyCases({ stack, db, buyers, report, step, want }: BenchContext): Promise<void> {
  if (!want('latency')) return;
  // Buyers the settlement case left alone (it pays book 3 for the first 300).
  const rounds = [
    { perSecond: 10, from: 300, count: 50, key: 'settlementLatency10' as const },
    { perSecond: 50, from: 350, count: 250, key: 'settlementLatency50' as const },
  ];
  for (const r of rounds) {
    await step(`settlement latency at ${r.perSecond}/s`);
    const f = await settlementLatency(stack, db, buyers.slice(r.from, r.from + r.count), r.perSecond);
    const name = `settlement latency at ${r.perSecond} orders/s (notification leaving the sandbox -> "paid" on the open page's subscription)`;
    report.cpu.push({ case: name, per: f.orders, ms: f.cpuMs });
    report.judged(
      {
        case: name,
        figure: `p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms (${f.orders} orders${f.late ? `, ${f.late} not paid on the page within 2 min` : ''})`,
        ...(Number.isFinite(f.p50) ? { p50: Math.round(f.p50) } : {}),
        ...(Number.isFinite(f.p99) ? { p99: Math.round(f.p99) } : {}),
        baseline: '-',
        ratio: null,
      },
      judge(r.key, { p50: f.p50, p99: f.p99 }),
    );
  }
  await step('lost notification');
  const lost = await lostNotificationSeconds(stack, db, buyers[600]!);
  report.judged(
    {
      case: 'lost notification (never sent) -> "paid" on the open page, by the shop\'s own poll',
      figure: Number.isFinite(lost) ? `${lost.toFixed(2)} s` : 'not paid on the page within 2 min',
      baseline: '-',
      ratio: null,
    },
    judge('lostNotification', { seconds: lost }),
  );
}
