import type { Actor } from '@shop/db';
import type { CoreDeps } from './deps.js';
import { appendOrderEvent } from './order-events.js';
import { SHIPPING_TRANSITIONS } from './order-ledger.js';
import { inTransaction } from './unit-of-work.js';

export interface MarkShipped {
  orderNo: string;
  actor: Actor;
}

export interface ShippingResult {
  transitioned: boolean;
  /** The order as found, so the caller can say why nothing changed. */
  status: string | null;
  format: string | null;
  shipping: string | null;
}

/** A paid paper order leaves the warehouse: under the order's row lock, once; a repeat changes nothing. */
export async function markShipped(deps: CoreDeps, input: MarkShipped): Promise<ShippingResult> {
  return inTransaction(deps, async ({ trx }) => {
    const o = await trx
      .selectFrom('orders')
      .select(['id', 'status', 'format', 'shipping_status'])
      .where('order_no', '=', input.orderNo)
      .forUpdate()
      .executeTakeFirst();
    if (!o) return { transitioned: false, status: null, format: null, shipping: null };
    const from = o.shipping_status;
    const allowed = o.status === 'paid' && o.format === 'paper' && SHIPPING_TRANSITIONS[from].includes('shipped');
    if (!allowed) return { transitioned: false, status: o.status, format: o.format, shipping: o.shipping_status };
    const now = new Date();
    await trx
      .updateTable('orders')
      .set({ shipping_status: 'shipped', shipped_at: now, updated_at: now })
      .where('id', '=', o.id)
      .where('shipping_status', '=', from)
      .executeTakeFirstOrThrow();
    await appendOrderEvent(trx, o.id, 'shipped', input.actor, { shippingStatus: from }, { shippingStatus: 'shipped' });
    return { transitioned: true, status: 'paid', format: 'paper', shipping: 'shipped' };
  });
}
