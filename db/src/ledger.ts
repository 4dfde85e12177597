import { sql, type Kysely, type Transaction } from 'kysely';
import type { ActorType, Database, OrderStatus } from './database.js';

// The order ledger: every change of an order is a guarded transition plus an audit row, in
// one transaction. A transition whose guard no longer holds changes nothing and returns null,
// which is what makes duplicate callbacks, retried jobs and racing operators harmless.

export interface Actor {
  type: ActorType;
  id?: string | null;
}

/** Every kind of order event; the operators' console has a label for each (zh and en). */
export const ORDER_EVENT_TYPES = [
  'created',
  'checkout_reused',
  'paid',
  'duplicate_payment',
  'expired',
  'shipped',
  'bank_transfer_completion_requested',
  'bank_transfer_completion_skipped',
  'refund_requested',
  'refunded',
  'refund_failed',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Every kind of event in the audit trail of other subjects (audit_events). */
export const AUDIT_EVENT_TYPES = ['mirror_retry_requested'] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

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
    .values({
      order_id: orderId,
      type,
      actor_type: actor.type,
      actor_id: actor.id ?? null,
      before: before === undefined ? null : JSON.stringify(before),
      after: after === undefined ? null : JSON.stringify(after),
      data: data === undefined ? null : JSON.stringify(data),
    })
    .execute();
}

/** Moves every unpaid order past its expiry to 'expired'; returns the order numbers it moved. */
export async function expireDueOrders(db: Kysely<Database>, now: Date = new Date(), limit = 500): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
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
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .where('status', '=', 'pending_payment')
      .returning(['id', 'order_no'])
      .execute();
    for (const o of expired) {
      await appendOrderEvent(trx, o.id, 'expired', { type: 'system' }, { status: 'pending_payment' satisfies OrderStatus }, { status: 'expired' satisfies OrderStatus });
    }
    return expired.map((o) => o.order_no);
  });
}

export { sql };
