// Reconciling one provider's day of many trades: the ledger seeded with a settled day, the bill of
// the same trades built in the provider's shape, and core's reconcileDay timed and its memory
// sampled. The bill is handed over ready (the fetch and its download are the provider's time).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { reconcileDay } from '@shop/core';
import { silentStatusEvents } from '@shop/core/status-events';
import type { Database } from '@shop/db';
import { closeQueues, createQueues, producerConnection } from '@shop/jobs';
import type { BillRow, FetchedBill } from '@shop/payments';
import { addDays, dayInZone, startOfDay } from '@shop/payments/zoned-time';
import { seedBilledDay } from './seed.js';

export interface ReconciliationFigures {
  trades: number;
  seconds: number;
  /** The largest heap growth seen while it ran, over the heap before it. */
  peakHeapMb: number;
  peakRssMb: number;
  matched: number;
}

export async function reconciliationFigures(db: Kysely<Database>, redisUrl: string, queuePrefix: string, trades = 10_000): Promise<ReconciliationFigures> {
  const zone = 'Asia/Shanghai';
  const date = addDays(dayInZone(Date.now(), zone), -2);
  const paidAt = new Date(startOfDay(date, zone) + 12 * 3_600_000);
  const nos = await seedBilledDay(db, trades, paidAt);
  const rows: BillRow[] = nos.map((no, i) => ({
    kind: 'payment',
    outTradeNo: no,
    providerRef: `42000${String(i).padStart(23, '0')}`,
    amountMinor: 58359,
    currency: 'CNY',
    feeMinor: 350,
    status: 'SUCCESS',
    occurredAt: paidAt.toISOString(),
    fields: { 商户订单号: no, 订单金额: '583.59', 交易状态: 'SUCCESS' },
  }));
  const raw = Buffer.from(rows.map((r) => `\`${r.occurredAt},\`${r.outTradeNo},\`${r.providerRef},\`583.59,\`SUCCESS`).join('\n'));
  const bill: FetchedBill = {
    provider: 'wechat',
    setup: 'domestic',
    date,
    raw,
    integrity: { algorithm: 'sha1', expected: createHash('sha1').update(raw).digest('hex') },
    sha256: createHash('sha256').update(raw).digest('hex'),
    mediaType: 'text/csv',
    rows,
  };
  const producer = producerConnection(redisUrl);
  const queues = createQueues(producer, queuePrefix);
  const deps = {
    db,
    queues,
    events: silentStatusEvents,
    providers: {},
    log: { warn: () => {} },
    config: { retryDelayScale: 1, publicUrl: 'http://127.0.0.1', firstPollMs: 4_000 },
  };
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const started = performance.now();
  try {
    const r = await reconcileDay(deps, { provider: 'wechat', date, bill });
    const seconds = (performance.now() - started) / 1000;
    return { trades, seconds, peakHeapMb: (peakHeap - heapBefore) / 1048576, peakRssMb: peakRss / 1048576, matched: r.verdicts.matched ?? 0 };
  } finally {
    clearInterval(sampler);
    await closeQueues(queues);
    await producer.quit().catch(() => undefined);
  }
}
