// The order side of a refund that succeeded: an order refund stops downloads (refunded_at) and
// frees the e-book to be bought again; every refund is audited in the order's trail.
import type { Transaction } from 'kysely';
import type { Actor, Database } from '@shop/db';
import { appendOrderEvent } from '../order-events.js';

export async function markRefunded(trx: Transaction<Database>, orderId: string, kind: string, actor: Actor, data: Record<string, unknown>): Promise<void> {
  if (kind === 'order') {
    await trx
      .updateTable('orders')
      .set({ refunded_at: new Date(), updated_at: new Date() })
      .where('id', '=', orderId)
      .where('refunded_at', 'is', null)
      .execute();
  }
  await appendOrderEvent(
    trx,
    orderId,
    'refunded',
    actor,
    kind === 'order' ? { refunded: false } : undefined,
    kind === 'order' ? { refunded: true } : undefined,
    data,
  );
}
