// The shop's side of the bank-statement fixtures (test/fixtures/bank/), shared by the core and
// the console's upload tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordPaperOrder, type CoreDeps } from '@shop/core';
import { checkoutFor, newBuyer } from './core-deps.js';

export const bankFixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../test/fixtures/bank/${name}`, import.meta.url)));

/** The order numbers the fixtures' credits name. */
export const FIXTURE_ORDERS = ['20261120MX4R8TNB6C', '20261121QW3E5R7T9Y', '20261122K7M2Q9XD4B', '20261123H3V8N5PW0R', '20261124Z9T4M7KC2E'] as const;

/** Four 75.00 EUR e-book bank-transfer orders and a 150.00 EUR paper order (two copies). */
export async function bankStatementOrders(deps: CoreDeps): Promise<void> {
  for (const orderNo of ['20261122K7M2Q9XD4B', '20261123H3V8N5PW0R', '20261124Z9T4M7KC2E', '20261121QW3E5R7T9Y'])
    await checkoutFor(deps, { provider: 'bank_transfer', method: 'offline', orderNo });
  const buyer = await newBuyer(deps);
  const book = await deps.db.selectFrom('books').select(['id', 'price_cents', 'currency']).where('price_cents', '=', 7500).executeTakeFirstOrThrow();
  await recordPaperOrder(deps, {
    buyerId: buyer.id,
    book,
    quantity: 2,
    language: 'en',
    country: 'DE',
    remarks: null,
    markPaid: false,
    paymentReference: null,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    orderNo: '20261120MX4R8TNB6C',
    outTradeNo: '20261120MX4R8TNB6CP1',
    actor: { type: 'operator', id: '1' },
    details: async () => {},
  });
}

/** order number -> status, for the fixtures' orders. */
export const fixtureOrderStatus = async (deps: Pick<CoreDeps, 'db'>) =>
  Object.fromEntries(
    (
      await deps.db
        .selectFrom('orders')
        .select(['order_no', 'status'])
        .where('order_no', 'in', [...FIXTURE_ORDERS])
        .orderBy('order_no')
        .execute()
    ).map((o) => [o.order_no, o.status]),
  );
