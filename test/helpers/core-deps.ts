// The core tier's stand-in for a process: core's dependencies over a fresh test database, real
// Redis queues under their own prefix, and the given providers. No gateway, no workers: tests call
// core's commands directly, as the gateway and the workers do.
import { checkoutOrder, type CoreDeps } from '@shop/core';
import type { Charge, ProviderName } from '@shop/payments';
import { silentStatusEvents } from '@shop/core/status-events';
import { closeQueues, createQueues, producerConnection } from '@shop/jobs';
import type { ProviderRegistry } from '@shop/payments/registry';
import { createTestDatabase } from './db.js';
import { requireEnv } from './env.js';
import { uniquePrefix } from './redis.js';

export interface CoreTestDeps extends CoreDeps {
  /** What core logged as a warning, for assertions. */
  warnings: string[];
  /** The test database, for a process configuration over the same data. */
  databaseUrl: string;
}

export async function coreDeps(t: { teardown(fn: () => unknown): void }, providers: ProviderRegistry): Promise<CoreTestDeps> {
  const { db, url } = await createTestDatabase(t);
  const producer = producerConnection(requireEnv('REDIS_URL'));
  const queues = createQueues(producer, uniquePrefix(), undefined, 0.01);
  t.teardown(async () => {
    await closeQueues(queues);
    await producer.quit().catch(() => undefined);
  });
  const warnings: string[] = [];
  return {
    db,
    queues,
    events: silentStatusEvents,
    providers,
    log: { warn: (_obj, msg) => void warnings.push(msg) },
    config: { retryDelayScale: 0.01, publicUrl: 'http://127.0.0.1:9', firstPollMs: 4_000 },
    warnings,
    databaseUrl: url,
  };
}

let buyers = 0;

/** A buyer account, straight into the table (the account flows are not what core tests test). */
export async function newBuyer(deps: Pick<CoreDeps, 'db'>, role: 'buyer' | 'operator' = 'buyer'): Promise<{ id: number; email: string }> {
  const email = `core-${process.pid}-${Date.now()}-${++buyers}@example.com`;
  const u = await deps.db
    .insertInto('users')
    .values({ first_name: 'Core', last_name: 'Test', password_hash: 'x', email, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: u.id, email };
}

export interface CoreCheckout {
  provider: ProviderName;
  method: 'native' | 'page' | 'redirect' | 'offline';
  /** What the attempt charges; absent, the 75.00 EUR book's price. */
  charge?: Charge;
  /** Absent, a fresh number. */
  orderNo?: string;
  /** Absent, a new buyer. */
  buyer?: { id: number; email: string };
}

let orders = 0;

/** A buyer's checkout of the 75.00 EUR e-book through core, as the gateway's checkout calls it. */
export async function checkoutFor(deps: CoreDeps, c: CoreCheckout) {
  const buyer = c.buyer ?? (await newBuyer(deps));
  const book = await deps.db.selectFrom('books').select(['id', 'price_cents', 'currency']).where('price_cents', '=', 7500).executeTakeFirstOrThrow();
  const offline = c.method === 'offline';
  const { order, intent } = await checkoutOrder(deps, {
    buyer,
    book,
    ...(c.charge ? { charge: c.charge } : {}),
    format: 'ebook',
    provider: c.provider,
    method: c.method,
    payType: offline ? 3 : 2,
    paymentMethod: c.provider,
    country: 'CN',
    language: 'en',
    invoiceRequired: false,
    remarks: null,
    expiresAt: new Date(Date.now() + (offline ? 7 * 86_400_000 : 3_600_000)),
    newOrderNo: () => c.orderNo ?? `CT${process.pid}${Date.now()}${++orders}`,
    outTradeNo: (orderNo, n) => `${orderNo}P${n}`,
    attemptInput: (o, a) => ({
      outTradeNo: a.out_trade_no,
      orderNo: o.order_no,
      description: 'Automotive SPICE PAM 4.0',
      amountCents: a.amount_cents,
      currency: a.currency,
      method: c.method,
      notifyUrl: 'http://127.0.0.1:9/api/pay/notify',
      returnUrl: 'http://127.0.0.1:9/return',
      expiresAt: o.expires_at,
    }),
  });
  return { buyer, order, intent };
}
