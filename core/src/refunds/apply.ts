// A provider's word on a refund (its answer, a notification, a poll) moves the refund row once:
// the guarded update lets only the first of racing reporters through, and the order event and the
// order's refunded_at are written in that same transaction.
import type { Db } from '@shop/db';
import { appendOrderEvent } from '../order-events.js';
import type { RefundStatus } from '@shop/payments';
import { markRefunded } from './order-side.js';

export type RefundOutcome = 'refunded' | 'failed' | 'pending' | 'already' | 'unknown';

export async function applyRefundStatus(db: Db, refundNo: string, status: RefundStatus, source: 'answer' | 'notification' | 'poll'): Promise<RefundOutcome> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    if (status.state === 'pending') {
      const r = await trx
        .updateTable('refunds')
        .set({ status: 'pending', updated_at: now, ...(status.providerRefundId ? { provider_refund_id: status.providerRefundId } : {}) })
        .where('refund_no', '=', refundNo)
        .where('status', '=', 'requested')
        .returning('id')
        .executeTakeFirst();
      if (r) return 'pending';
      const exists = await trx.selectFrom('refunds').select('status').where('refund_no', '=', refundNo).executeTakeFirst();
      return exists ? (exists.status === 'pending' ? 'pending' : 'already') : 'unknown';
    }
    const moved = await trx
      .updateTable('refunds')
      .set({
        status: status.state,
        updated_at: now,
        completed_at: now,
        next_poll_at: null,
        ...(status.providerRefundId ? { provider_refund_id: status.providerRefundId } : {}),
        ...(status.state === 'failed' ? { last_error: status.detail ?? 'refused' } : {}),
      })
      .where('refund_no', '=', refundNo)
      .where('status', 'in', ['requested', 'pending'])
      .returning(['order_id', 'kind', 'intent_id', 'provider', 'amount_minor', 'currency'])
      .executeTakeFirst();
    if (!moved) {
      const exists = await trx.selectFrom('refunds').select('id').where('refund_no', '=', refundNo).executeTakeFirst();
      return exists ? 'already' : 'unknown';
    }
    const actor = { type: 'provider' as const, id: moved.provider };
    const data = {
      refundNo,
      kind: moved.kind,
      intentId: moved.intent_id,
      amountMinor: moved.amount_minor,
      currency: moved.currency,
      source,
      ...(status.providerRefundId ? { providerRefundId: status.providerRefundId } : {}),
      ...(status.detail ? { detail: status.detail } : {}),
    };
    if (status.state === 'succeeded') {
      await markRefunded(trx, moved.order_id, moved.kind, actor, data);
      return 'refunded';
    }
    await appendOrderEvent(trx, moved.order_id, 'refund_failed', actor, undefined, undefined, data);
    return 'failed';
  });
}
