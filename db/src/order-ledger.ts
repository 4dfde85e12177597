import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';
import { appendOrderEvent, type Actor } from './ledger.js';

type Tx = Kysely<Database> | Transaction<Database>;

export interface SettleResult {
  transitioned: boolean;
  orderId: string | null;
  orderNo: string;
  status: string | null;
}

/**
 * Marks an order paid through a given payment attempt. Guarded: only a pending (or just expired,
 * since the money did arrive) order moves, and only once; the attempt is marked succeeded in the
 * same transaction, and the caller adds its follow-up work (receipt mail) to the outbox there too.
 */
export async function settleOrder(
  trx: Tx,
  args: { orderNo: string; intentId: string | null; actor: Actor; source: string; providerRef?: string | null },
): Promise<SettleResult> {
  const now = new Date();
  const moved = await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now, updated_at: now })
    .where('order_no', '=', args.orderNo)
    .where('status', 'in', ['pending_payment', 'expired'])
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (!moved) {
    const current = await trx.selectFrom('orders').select(['id', 'status']).where('order_no', '=', args.orderNo).executeTakeFirst();
    return { transitioned: false, orderId: current?.id ?? null, orderNo: args.orderNo, status: current?.status ?? null };
  }
  if (args.intentId) {
    await trx
      .updateTable('payment_intents')
      .set({ status: 'succeeded', succeeded_at: now, updated_at: now, ...(args.providerRef ? { provider_ref: args.providerRef } : {}) })
      .where('id', '=', args.intentId)
      .execute();
  }
  await appendOrderEvent(trx, moved.id, 'paid', args.actor, { status: 'pending_payment' }, { status: 'paid' }, { source: args.source, intentId: args.intentId });
  return { transitioned: true, orderId: moved.id, orderNo: args.orderNo, status: 'paid' };
}

/** Paid paper orders only; a second call changes nothing. */
export async function markShipped(trx: Tx, orderNo: string, actor: Actor): Promise<{ transitioned: boolean; status: string | null; format: string | null; shipping: string | null }> {
  const now = new Date();
  const moved = await trx
    .updateTable('orders')
    .set({ shipping_status: 'shipped', shipped_at: now, updated_at: now })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'paid')
    .where('format', '=', 'paper')
    .where('shipping_status', '=', 'not_shipped')
    .returning(['id'])
    .executeTakeFirst();
  if (moved) {
    await appendOrderEvent(trx, moved.id, 'shipped', actor, { shippingStatus: 'not_shipped' }, { shippingStatus: 'shipped' });
    return { transitioned: true, status: 'paid', format: 'paper', shipping: 'shipped' };
  }
  const o = await trx.selectFrom('orders').select(['status', 'format', 'shipping_status']).where('order_no', '=', orderNo).executeTakeFirst();
  return { transitioned: false, status: o?.status ?? null, format: o?.format ?? null, shipping: o?.shipping_status ?? null };
}
