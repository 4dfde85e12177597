import { sql } from 'kysely';
import { markShipped, settleOrder } from '@shop/db';
import { outboxJob, relayNow } from '@shop/workers';
import { AppError, forbidden } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';

export interface StatusChange {
  orderNo: string;
  changed: boolean;
  status: string;
  shippingStatus: string;
}

/** An operator records a bank transfer as received: the order is settled through the ledger once. */
export async function completeBankTransfer(deps: ServiceDeps, operator: SessionUser, orderNo: string, reference?: string): Promise<StatusChange> {
  if (operator.role !== 'operator') throw forbidden();
  const result = await deps.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status', 'provider', 'shipping_status']).where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
    if (!order) throw new AppError('orderNotFound', 404, 'NOT_FOUND');
    if (order.status === 'paid' && order.provider === 'bank_transfer') return { changed: false, outbox: null as string | null, shipping: order.shipping_status };
    if (order.provider !== 'bank_transfer' || order.status !== 'pending_payment') throw new AppError('wrongOrderState', 409, 'WRONG_ORDER_STATE');
    const intent = await trx.selectFrom('payment_intents').select('id').where('order_id', '=', order.id).where('provider', '=', 'bank_transfer').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (reference) await trx.updateTable('orders').set({ bank_reference: sql`coalesce(bank_reference, '') || ${` / received: ${reference.slice(0, 64)}`}` }).where('id', '=', order.id).execute();
    const settled = await settleOrder(trx, { orderNo, intentId: intent?.id ?? null, actor: { type: 'operator', id: String(operator.id) }, source: 'bank_transfer' });
    const outbox = settled.transitioned ? await outboxJob(trx, 'mail', { kind: 'receipt', orderNo }) : null;
    return { changed: settled.transitioned, outbox, shipping: order.shipping_status };
  });
  if (result.outbox) await relayNow(deps.db, deps.queues, [result.outbox]);
  return { orderNo, changed: result.changed, status: 'paid', shippingStatus: result.shipping };
}

export async function shipOrder(deps: ServiceDeps, operator: SessionUser, orderNo: string): Promise<StatusChange> {
  if (operator.role !== 'operator') throw forbidden();
  const r = await deps.db.transaction().execute((trx) => markShipped(trx, orderNo, { type: 'operator', id: String(operator.id) }));
  if (r.transitioned) return { orderNo, changed: true, status: 'paid', shippingStatus: 'shipped' };
  if (r.status === null) throw new AppError('orderNotFound', 404, 'NOT_FOUND');
  if (r.status === 'paid' && r.format === 'paper' && r.shipping === 'shipped') return { orderNo, changed: false, status: 'paid', shippingStatus: 'shipped' };
  throw new AppError('wrongOrderState', 409, 'WRONG_ORDER_STATE');
}

/** The legacy updateOrderStatus: orderStatus '0' completes a bank transfer, a shipped flag ships. */
export async function updateOrderStatus(deps: ServiceDeps, operator: SessionUser, orderNo: string, change: { orderStatus?: string; shipped?: string; reference?: string }): Promise<StatusChange> {
  if (change.shipped === '1' || change.shipped === 'shipped' || change.shipped === 'true') return shipOrder(deps, operator, orderNo);
  if (change.orderStatus === '0') return completeBankTransfer(deps, operator, orderNo, change.reference);
  throw new AppError('wrongOrderState', 409, 'WRONG_ORDER_STATE');
}
