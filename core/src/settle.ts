import { appendOrderEvent, settleOrder, type Db } from '@shop/db';
import type { IntentStatus } from '@shop/db';
import { outboxJob } from './outbox.js';
import type { StatusEvents } from './status-events.js';

export interface SettleOutcome {
  transitioned: boolean;
  orderNo: string;
  outboxIds: string[];
}

/**
 * Settles the order of a paid attempt through the ledger, once: the guarded transition, the audit
 * row and the receipt mail's outbox row share one transaction. A payment that arrives for an
 * order already paid through another attempt is recorded for a refund instead.
 */
export async function settleAttempt(
  db: Db,
  events: StatusEvents,
  intentId: string,
  source: 'notification' | 'poll' | 'return' | 'operator',
  providerRef?: string | null,
): Promise<SettleOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<SettleOutcome> => {
    const intent = await trx
      .selectFrom('payment_intents')
      .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
      .select(['payment_intents.id', 'payment_intents.status', 'payment_intents.provider', 'orders.id as order_id', 'orders.order_no', 'orders.status as order_status'])
      .where('payment_intents.id', '=', intentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const result = await settleOrder(trx, { orderNo: intent.order_no, intentId, actor: { type: 'provider', id: intent.provider }, source, providerRef });
    if (result.transitioned) {
      const id = await outboxJob(trx, 'mail', { kind: 'receipt', orderNo: intent.order_no });
      return { transitioned: true, orderNo: intent.order_no, outboxIds: [id] };
    }
    if (intent.status !== 'succeeded') {
      await trx.updateTable('payment_intents').set({ status: 'succeeded', succeeded_at: new Date(), updated_at: new Date(), ...(providerRef ? { provider_ref: providerRef } : {}) }).where('id', '=', intentId).execute();
      // Paid through another attempt already: the money of this one must go back.
      await appendOrderEvent(trx, intent.order_id, 'duplicate_payment', { type: 'provider', id: intent.provider }, undefined, undefined, { intentId, source });
    }
    return { transitioned: false, orderNo: intent.order_no, outboxIds: [] };
  });
  // After the commit, so a listener that re-reads sees the paid order.
  if (outcome.transitioned) events.changed(outcome.orderNo, 'paid');
  return outcome;
}

/** Moves an open attempt to a final state; a settled or closed one never moves back. */
export async function finishAttempt(db: Db, events: StatusEvents, intentId: string, status: Extract<IntentStatus, 'failed' | 'closed' | 'expired'>): Promise<boolean> {
  const r = await db
    .updateTable('payment_intents')
    .set({ status, updated_at: new Date(), ...(status === 'failed' ? {} : { closed_at: new Date() }) })
    .where('id', '=', intentId)
    .where('status', 'in', ['created', 'pending'])
    .returning((eb) => eb.selectFrom('orders').select('orders.order_no').whereRef('orders.id', '=', 'payment_intents.order_id').as('order_no'))
    .executeTakeFirst();
  if (r?.order_no) events.changed(r.order_no, status);
  return !!r;
}
