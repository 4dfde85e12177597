import type { Kysely } from 'kysely';
import type { Database } from '@shop/db';
import type { Buyer } from './seed.js';
import type { BenchStack } from './stack.js';
import { metered, type CpuSplit } from './load.js';

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * Orders settled per second from the moment the buyers pay in the WeChat sandbox until every
 * order is paid: signed callbacks, verification, the ledger transition and the receipt job.
 */
export async function settlementRate(stack: BenchStack, db: Kysely<Database>, buyers: Buyer[]): Promise<{ rate: number; orders: number; cpuMs: CpuSplit }> {
  const query = 'mutation($i: CheckoutInput!) { checkout(input: $i) { order { orderNo } } }';
  const orderNos: string[] = [];
  await inBatches(buyers, 10, async (b) => {
    const res = await fetch(`${stack.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
      body: JSON.stringify({ query, variables: { i: { bookId: '3', format: 'EBOOK', country: 'China', paymentMethod: 'WECHAT_NATIVE' } } }),
    });
    const body = (await res.json()) as { data?: { checkout: { order: { orderNo: string } } } };
    if (body.data) orderNos.push(body.data.checkout.order.orderNo);
  });
  const attempts = await db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select('payment_intents.out_trade_no')
    .where('orders.order_no', 'in', orderNos)
    .execute();
  const { result: seconds, cpuMs } = await metered(() => settle(stack, db, orderNos, attempts));
  return { rate: orderNos.length / seconds, orders: orderNos.length, cpuMs };
}

async function settle(stack: BenchStack, db: Kysely<Database>, orderNos: string[], attempts: { out_trade_no: string }[]): Promise<number> {
  const t0 = performance.now();
  await inBatches(attempts, 20, (a) =>
    fetch(`${stack.sandboxUrl}/wechat/_control/orders/${a.out_trade_no}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
  );
  for (;;) {
    const r = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_no', 'in', orderNos)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    if (Number(r.n) >= orderNos.length) break;
    if (performance.now() - t0 > 120_000) throw new Error(`settlement stalled at ${r.n}/${orderNos.length}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  return (performance.now() - t0) / 1000;
}
