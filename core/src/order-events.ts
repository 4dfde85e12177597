import { sql, type QueryCreator, type Transaction } from 'kysely';
import { trailColumns, type Actor, type Database, type Order, type OrderEventType } from '@shop/db';

// The order's audit trail (append-only, enforced by a trigger): written only by the ledgers in
// this package, in the transaction of the change it records.

export async function appendOrderEvent(
  trx: Transaction<Database>,
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

/**
 * The event row of an order written in the same statement, from the row the sibling CTE `order`
 * returned: the order and its event cost one round trip.
 */
export function orderEventFrom(
  db: QueryCreator<Database & { order: Order }>,
  type: OrderEventType,
  actor: Actor,
  before: unknown,
  after: unknown,
  data?: unknown,
) {
  const trail = trailColumns(actor, before, after, data);
  return db
    .insertInto('order_events')
    .columns(['order_id', 'type', 'actor_type', 'actor_id', 'before', 'after', 'data'])
    .expression((eb) =>
      eb
        .selectFrom('order')
        .select([
          'order.id',
          sql<string>`${type}::text`.as('type'),
          sql<Actor['type']>`${trail.actor_type}::text`.as('actor_type'),
          sql<string | null>`${trail.actor_id}::text`.as('actor_id'),
          sql<string | null>`${trail.before}::jsonb`.as('before'),
          sql<string | null>`${trail.after}::jsonb`.as('after'),
          sql<string | null>`${trail.data}::jsonb`.as('data'),
        ]),
    )
    .returning('order_events.id');
}
