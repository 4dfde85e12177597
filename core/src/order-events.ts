import type { Kysely, Transaction } from 'kysely';
import { trailColumns, type Actor, type Database, type OrderEventType } from '@shop/db';

// The order's audit trail (append-only, enforced by a trigger): written only by the ledgers in
// this package, in the transaction of the change it records.

export async function appendOrderEvent(
  trx: Kysely<Database> | Transaction<Database>,
  orderId: string,
  type: OrderEventType,
  actor: Actor,
  before: unknown,
  after: unknown,
  data?: unknown,
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, type, ...trailColumns(actor, before, after, data) })
    .execute();
}
