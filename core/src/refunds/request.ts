// An operator asks for a refund: of the paid order (the attempt that paid it, whole amount) or of a
// duplicate payment (another attempt that also took money). One transaction locks the order, picks
// the attempt, and inserts the refund row under a number from the business key; the partial unique
// index (one live refund per attempt) makes a double click or two operators end in one refund.
import { sql } from 'kysely';
import type { Db, Refund } from '@shop/db';
import { appendOrderEvent } from '../order-events.js';
import { markRefunded } from './order-side.js';
import { RefundRefused } from './errors.js';
import { refundNoFor } from './numbers.js';

export interface RefundRequest {
  orderNo: string;
  /** A duplicate payment's attempt; absent = the attempt that paid the order. */
  intentId?: string;
  operatorId: number;
  reason?: string;
  /** Bank transfers: the operator sends the money back and records the transfer's reference. */
  reference?: string;
}

export interface RequestedRefund {
  refund: Refund;
  /** False when the refund already existed (a repeated request): nothing new was written. */
  created: boolean;
}

// The attempt that paid the order is named in the `paid` event of the ledger.
const sqlIntentId = sql<string | null>`data->>'intentId'`.as('intent_id');

export async function requestRefund(db: Db, req: RefundRequest): Promise<RequestedRefund> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status', 'refunded_at']).where('order_no', '=', req.orderNo).forUpdate().executeTakeFirst();
    if (!order) throw new RefundRefused('NOT_FOUND', `no order ${req.orderNo}`);
    if (order.status !== 'paid') throw new RefundRefused('NOT_PAID', `order ${req.orderNo} is ${order.status}`);

    const paidEvent = await trx
      .selectFrom('order_events')
      .select(sqlIntentId)
      .where('order_id', '=', order.id)
      .where('type', '=', 'paid')
      .orderBy('id')
      .executeTakeFirst();
    const payingIntentId = paidEvent?.intent_id ?? null;
    const intentId = req.intentId ?? payingIntentId;
    if (!intentId) throw new RefundRefused('NOTHING_TO_REFUND', `order ${req.orderNo} has no paying attempt`);
    const intent = await trx
      .selectFrom('payment_intents')
      .selectAll()
      .where('id', '=', intentId)
      .where('order_id', '=', order.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    if (!intent) throw new RefundRefused('NOTHING_TO_REFUND', `attempt ${intentId} of ${req.orderNo} took no money`);
    const kind = intent.id === payingIntentId ? 'order' : 'duplicate_payment';
    if (intent.provider === 'bank_transfer' && !req.reference?.trim())
      throw new RefundRefused('REFERENCE_REQUIRED', 'a bank-transfer refund needs the reference of the transfer back');

    const live = await trx.selectFrom('refunds').selectAll().where('intent_id', '=', intent.id).where('status', '<>', 'failed').executeTakeFirst();
    if (live) return { refund: live, created: false };
    const failed = await trx
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('intent_id', '=', intent.id)
      .executeTakeFirstOrThrow();

    const now = new Date();
    const bank = intent.provider === 'bank_transfer';
    const refund = await trx
      .insertInto('refunds')
      .values({
        refund_no: refundNoFor(intent.out_trade_no, Number(failed.n) + 1),
        order_id: order.id,
        intent_id: intent.id,
        provider: intent.provider,
        kind,
        amount_minor: intent.amount_cents,
        currency: intent.currency,
        // The operator already sent a bank transfer back: nothing is left to ask anyone.
        status: bank ? 'succeeded' : 'requested',
        reference: req.reference?.trim() || null,
        reason: req.reason?.trim() || null,
        requested_by: req.operatorId,
        next_poll_at: bank ? null : now,
        completed_at: bank ? now : null,
      })
      .onConflict((oc) => oc.column('intent_id').where('status', '<>', 'failed').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!refund) {
      const again = await trx.selectFrom('refunds').selectAll().where('intent_id', '=', intent.id).where('status', '<>', 'failed').executeTakeFirstOrThrow();
      return { refund: again, created: false };
    }
    const actor = { type: 'operator' as const, id: String(req.operatorId) };
    const data = {
      refundNo: refund.refund_no,
      kind,
      intentId: intent.id,
      amountMinor: refund.amount_minor,
      currency: refund.currency,
      ...(refund.reference ? { reference: refund.reference } : {}),
      ...(refund.reason ? { reason: refund.reason } : {}),
    };
    await appendOrderEvent(trx, order.id, 'refund_requested', actor, undefined, undefined, data);
    if (bank) await markRefunded(trx, order.id, kind, actor, data);
    return { refund, created: true };
  });
}
