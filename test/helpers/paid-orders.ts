// An order paid at its provider, for suites about what follows a payment (order lists, downloads,
// refund views, invoices): the settlement goes through core's command as a verified provider
// notification's does, in the test's process, with no provider sandbox and no callback.
import { settleAttempt, type CoreDeps } from '@shop/core';
import type { Db } from '@shop/db';

/** The open attempt of an order, settled as paid; answers its id. Throws if the order has none or it was paid already. */
export async function payInCore(stack: { db: Db; app: { deps: CoreDeps } }, orderNo: string): Promise<string> {
  const attempt = await stack.db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select('payment_intents.id')
    .where('orders.order_no', '=', orderNo)
    .where('payment_intents.status', 'in', ['created', 'pending'])
    .orderBy('payment_intents.id', 'desc')
    .executeTakeFirst();
  if (!attempt) throw new Error(`order ${orderNo} has no open payment attempt`);
  const settled = await settleAttempt(stack.app.deps, { intentId: attempt.id, source: 'notification' });
  if (!settled.transitioned) throw new Error(`order ${orderNo} was not settled by its attempt ${attempt.id}`);
  return attempt.id;
}
