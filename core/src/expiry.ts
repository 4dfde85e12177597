import type { OrderStatus } from '@shop/db';
import type { CoreDeps } from './deps.js';
import { appendOrderEvent } from './order-events.js';
import { inTransaction } from './unit-of-work.js';

export interface ExpireDueOrders {
  now?: Date;
  /** At most this many orders per call (the sweep calls again). */
  limit?: number;
}

/**
 * Moves unpaid orders past their expiry to `expired` (skipping rows another transaction holds,
 * such as a checkout reusing the order) and tells their open payment pages. Answers the order
 * numbers it moved.
 */
export async function expireDueOrders(deps: CoreDeps, input: ExpireDueOrders = {}): Promise<string[]> {
  const now = input.now ?? new Date();
  return inTransaction(deps, async ({ trx, announce }) => {
    const expired = await trx
      .updateTable('orders')
      .set({ status: 'expired', updated_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('id')
          .where('status', '=', 'pending_payment')
          .where('expires_at', '<=', now)
          .orderBy('expires_at')
          .limit(input.limit ?? 500)
          .forUpdate()
          .skipLocked(),
      )
      .where('status', '=', 'pending_payment')
      .returning(['id', 'order_no'])
      .execute();
    for (const o of expired) {
      await appendOrderEvent(
        trx,
        o.id,
        'expired',
        { type: 'system' },
        { status: 'pending_payment' satisfies OrderStatus },
        { status: 'expired' satisfies OrderStatus },
      );
      announce(o.order_no, 'expired');
    }
    return expired.map((o) => o.order_no);
  });
}
