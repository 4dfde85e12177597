// A provider's word on a refund (its answer, a notification, a poll) moves the refund row once:
// the guarded update lets only the first of racing reporters through, and the order event, the
// order's refunded_at and the buyer's mail are written in that same transaction.
import type { RefundRowStatus } from '@shop/db';
import type { RefundStatus } from '@shop/payments';
import type { CoreDeps } from '../deps.js';
import { appendOrderEvent } from '../order-events.js';
import { inTransaction } from '../unit-of-work.js';
import { markRefunded } from './order-side.js';

export type RefundOutcome = 'refunded' | 'failed' | 'pending' | 'already' | 'unknown';

/** Allowed moves of a refund row, from → to; `succeeded` and `failed` are final. */
export const REFUND_TRANSITIONS: Readonly<Record<RefundRowStatus, readonly RefundRowStatus[]>> = {
  requested: ['pending', 'succeeded', 'failed'],
  pending: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
};

/** The states a refund may move to `to` from. */
const movableTo = (to: RefundRowStatus) => (Object.keys(REFUND_TRANSITIONS) as RefundRowStatus[]).filter((from) => REFUND_TRANSITIONS[from].includes(to));

export interface ApplyRefundStatus {
  refundNo: string;
  status: RefundStatus;
  source: 'answer' | 'notification' | 'poll' | 'reconciliation';
}

export async function applyRefundStatus(deps: CoreDeps, input: ApplyRefundStatus): Promise<RefundOutcome> {
  const { refundNo, status, source } = input;
  return inTransaction(deps, async (uow) => {
    const { trx } = uow;
    const now = new Date();
    const to: RefundRowStatus = status.state;
    const moved = await trx
      .updateTable('refunds')
      .set({
        status: to,
        updated_at: now,
        ...(to === 'pending' ? {} : { completed_at: now, next_poll_at: null }),
        ...(status.providerRefundId ? { provider_refund_id: status.providerRefundId } : {}),
        // A refund that went through has no error: the provider's word while it waited (PROCESSING,
        // kept by the back-off) is not one. A failed one keeps the provider's reason.
        ...(to === 'failed' ? { last_error: status.detail ?? 'refused' } : to === 'succeeded' ? { last_error: null } : {}),
      })
      .where('refund_no', '=', refundNo)
      .where('status', 'in', movableTo(to))
      .returning(['order_id', 'kind', 'intent_id', 'provider', 'amount_minor', 'currency'])
      .executeTakeFirst();
    if (!moved) {
      const exists = await trx.selectFrom('refunds').select('status').where('refund_no', '=', refundNo).executeTakeFirst();
      if (!exists) return 'unknown';
      return to === 'pending' && exists.status === 'pending' ? 'pending' : 'already';
    }
    if (to === 'pending') return 'pending';
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
    if (to === 'succeeded') {
      await markRefunded(uow, { orderId: moved.order_id, refundNo, kind: moved.kind, actor, data });
      return 'refunded';
    }
    await appendOrderEvent(trx, moved.order_id, 'refund_failed', actor, undefined, undefined, data);
    return 'failed';
  });
}
