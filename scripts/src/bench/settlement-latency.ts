import { WebSocket } from 'ws';
import type { Kysely } from 'kysely';
import type { Database } from '@shop/db';
import type { Buyer } from './seed.js';
import type { BenchStack } from './stack.js';
import { metered, type CpuSplit } from './load.js';

// How long a settlement takes to reach the buyer's open payment page: from the provider's
// notification leaving the WeChat sandbox (its delivery log's sentAt) to the "paid" event of the
// page's GraphQL subscription over the WebSocket (graphql-transport-ws, as the SPA subscribes),
// with the notifications paced at a given rate. Loopback only, bounded in count and time.

const CHECKOUT = 'mutation($i: CheckoutInput!) { checkout(input: $i) { order { orderNo } } }';
const STATUS = 'subscription($r: ID!) { paymentStatus(reference: $r) { paid status } }';

interface Watched {
  orderNo: string;
  outTradeNo: string;
  socket: WebSocket;
  /** Epoch ms (sub-millisecond) when the page got "paid"; Infinity when it did not within the bound. */
  paidAt: Promise<number>;
}

const now = () => performance.timeOrigin + performance.now();

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

async function checkout(stack: BenchStack, b: Buyer): Promise<string> {
  const res = await fetch(`${stack.gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
    body: JSON.stringify({ query: CHECKOUT, variables: { i: { bookId: '3', format: 'EBOOK', country: 'China', paymentMethod: 'WECHAT_NATIVE' } } }),
  });
  const body = (await res.json()) as { data?: { checkout: { order: { orderNo: string } } }; errors?: unknown };
  if (!body.data) throw new Error(`checkout refused: ${JSON.stringify(body.errors)}`);
  return body.data.checkout.order.orderNo;
}

/** The buyer's page: a WebSocket subscribed to the order's payment status, its first (pending) event received. */
function watch(stack: BenchStack, b: Buyer, orderNo: string, timeoutMs = 120_000): Promise<{ socket: WebSocket; paidAt: Promise<number> }> {
  const socket = new WebSocket(`${stack.gatewayUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { authorization: `Bearer ${b.token}` },
  });
  return new Promise((ready, fail) => {
    let paid: (at: number) => void;
    const paidAt = new Promise<number>((res) => (paid = res));
    // A page that never shows "paid" within the bound counts as infinitely late, not as a crash.
    const timer = setTimeout(() => paid(Infinity), timeoutMs);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('message', (data) => {
      const at = now();
      const m = JSON.parse(data.toString()) as { type: string; payload?: { data?: { paymentStatus?: { paid: boolean } } } };
      if (m.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else if (m.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: STATUS, variables: { r: orderNo } } }));
      else if (m.type === 'next' && m.payload?.data?.paymentStatus?.paid) {
        clearTimeout(timer);
        paid(at);
      } else if (m.type === 'next') ready({ socket, paidAt });
      else if (m.type === 'error') fail(new Error(`subscription refused: ${JSON.stringify(m.payload)}`));
    });
    socket.on('error', (err) => fail(err));
    socket.on('unexpected-response', (_req, res) => fail(new Error(`WebSocket refused: HTTP ${res.statusCode}`)));
  });
}

async function openPages(stack: BenchStack, db: Kysely<Database>, buyers: Buyer[]): Promise<Watched[]> {
  const orderNos = await inBatches(buyers, 10, (b) => checkout(stack, b));
  const attempts = await db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select(['orders.order_no', 'payment_intents.out_trade_no'])
    .where('orders.order_no', 'in', orderNos)
    .where('payment_intents.status', 'in', ['created', 'pending'])
    .execute();
  const byOrder = new Map(attempts.map((a) => [a.order_no, a.out_trade_no]));
  return inBatches(buyers, 20, async (b) => {
    const orderNo = orderNos[buyers.indexOf(b)]!;
    const page = await watch(stack, b, orderNo);
    return { orderNo, outTradeNo: byOrder.get(orderNo)!, ...page };
  });
}

const pay = (stack: BenchStack, outTradeNo: string, faults?: Record<string, unknown>) =>
  fetch(`${stack.sandboxUrl}/wechat/_control/orders/${outTradeNo}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults ? { faults } : {}),
  }).then((r) => {
    if (!r.ok) throw new Error(`sandbox pay ${outTradeNo}: HTTP ${r.status}`);
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface LatencyFigures {
  orders: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Orders whose page did not show "paid" within the bound (two minutes from opening). */
  late: number;
  cpuMs: CpuSplit;
}

/**
 * One paced round: one buyer per order, each with its page open, the sandbox told to pay them
 * `perSecond` a second; the latency of each from its notification's first delivery to its page.
 */
export async function settlementLatency(stack: BenchStack, db: Kysely<Database>, buyers: Buyer[], perSecond: number): Promise<LatencyFigures> {
  const pages = await openPages(stack, db, buyers);
  try {
    const { result: latencies, cpuMs } = await metered(async () => {
      const t0 = performance.now();
      const paying: Promise<void>[] = [];
      for (const [i, p] of pages.entries()) {
        const due = t0 + (i * 1000) / perSecond;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        paying.push(pay(stack, p.outTradeNo));
      }
      await Promise.all(paying);
      const paidAt = await Promise.all(pages.map((p) => p.paidAt));
      // The sandbox records a delivery once the shop has answered it, which may come after the page saw "paid".
      let sent = await sentAt(stack);
      for (let i = 0; i < 100 && pages.some((p) => !sent.has(p.outTradeNo)); i++) {
        await new Promise((r) => setTimeout(r, 100));
        sent = await sentAt(stack);
      }
      return pages.map((p, i) => {
        const at = sent.get(p.outTradeNo);
        if (at === undefined) throw new Error(`no delivery recorded for ${p.outTradeNo}`);
        return paidAt[i]! - at;
      });
    });
    await explainLate(stack, pages, latencies);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      orders: pages.length,
      perSecond,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1]!,
      late: sorted.filter((l) => !Number.isFinite(l)).length,
      cpuMs,
    };
  } finally {
    for (const p of pages) p.socket.close();
  }
}

/** The first delivery of each trade's notification, by out_trade_no. */
async function sentAt(stack: BenchStack): Promise<Map<string, number>> {
  const { deliveries } = (await (await fetch(`${stack.sandboxUrl}/wechat/_control/deliveries`)).json()) as {
    deliveries: { outTradeNo: string; kind: string; copy: number; attempt: number; sentAt?: number }[];
  };
  const out = new Map<string, number>();
  for (const d of deliveries) if (d.kind === 'event' && d.copy === 1 && d.attempt === 1 && d.sentAt !== undefined) out.set(d.outTradeNo, d.sentAt);
  return out;
}

/**
 * A notification the provider never sends (the sandbox's drop fault): the seconds from the
 * buyer paying until the open page shows "paid", found by the shop's own poll of the provider.
 */
export async function lostNotificationSeconds(stack: BenchStack, db: Kysely<Database>, buyer: Buyer): Promise<number> {
  const [page] = await openPages(stack, db, [buyer]);
  try {
    const t0 = now();
    await pay(stack, page!.outTradeNo, { drop: true });
    return ((await page!.paidAt) - t0) / 1000;
  } finally {
    page!.socket.close();
  }
}

/**
 * Prints, for the few slowest orders over a second, what the sandbox's delivery log says of their
 * notification (each attempt: when it left, the answer, an error), so an outlier can be told
 * apart: a notification the shop did not acknowledge in time (redelivered), or one it took but
 * whose "paid" reached the page late.
 */
async function explainLate(stack: BenchStack, pages: Watched[], latencies: number[]): Promise<void> {
  const late = latencies
    .map((ms, i) => ({ ms, page: pages[i]! }))
    .filter((l) => l.ms > 1000)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  for (const { ms, page } of late) {
    const res = await fetch(`${stack.sandboxUrl}/wechat/_control/deliveries?out_trade_no=${page.outTradeNo}`);
    const { deliveries } = (await res.json()) as { deliveries: { attempt: number; sentAt?: number; at: string; status: number | null; error?: string }[] };
    const t0 = deliveries[0]?.sentAt ?? 0;
    const tries = deliveries.map(
      (d) => `#${d.attempt} sent +${Math.round((d.sentAt ?? t0) - t0)} ms, answered +${Math.round(Date.parse(d.at) - t0)} ms: ${d.status ?? d.error}`,
    );
    console.log(`  late: ${page.orderNo} ${Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'never'}; notification ${tries.join('; ')}`);
  }
}
