// A refund of the paid order (the attempt that paid it, whole amount) or of a duplicate payment
// (another attempt that also took money). Every check runs before anything is written: a refused
// request changes nothing, here or at the provider. The refund row is inserted under a number from
// the business key; the partial unique index (one live refund per attempt) makes a double click,
// two operators, or an operator racing the automatic duplicate refund end in one refund.
import type { Actor, PaymentIntent, Refund, RefundKind } from '@shop/db';
import type { CoreDeps } from '../deps.js';
import { appendOrderEvent } from '../order-events.js';
import { inTransaction, type UnitOfWork } from '../unit-of-work.js';
import { markRefunded } from './order-side.js';
import { RefundRefused } from './errors.js';
import { advanceRefund } from './execute.js';
import { refundNoFor } from './numbers.js';

export interface RefundRequest {
  orderNo: string;
  /** What the operator asked for: the order's own payment, or a duplicate one (then `intentId` names it). */
  kind: RefundKind;
  /** The attempt to refund; absent = the attempt that paid the order. */
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

export interface OpenRefund {
  orderId: string;
  intent: PaymentIntent;
  kind: RefundKind;
  actor: Actor;
  operatorId: number | null;
  reason?: string;
  reference?: string;
}

/**
 * Primitive: the refund row and its `refund_requested` event in the running unit of work, or the
 * live refund of that attempt when there is one. A bank transfer sent back by an operator is
 * recorded as succeeded at once.
 */
export async function openRefund(uow: Pick<UnitOfWork, 'trx' | 'enqueue'>, req: OpenRefund): Promise<RequestedRefund> {
  const { trx } = uow;
  const { intent } = req;
  const live = () => trx.selectFrom('refunds').selectAll().where('intent_id', '=', intent.id).where('status', '<>', 'failed').executeTakeFirst();
  const existing = await live();
  if (existing) return { refund: existing, created: false };
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
      order_id: req.orderId,
      intent_id: intent.id,
      provider: intent.provider,
      kind: req.kind,
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
  if (!refund) return { refund: (await live())!, created: false };
  const data = {
    refundNo: refund.refund_no,
    kind: req.kind,
    intentId: intent.id,
    amountMinor: refund.amount_minor,
    currency: refund.currency,
    ...(req.operatorId === null ? { automatic: true } : {}),
    ...(refund.reference ? { reference: refund.reference } : {}),
    ...(refund.reason ? { reason: refund.reason } : {}),
  };
  await appendOrderEvent(trx, req.orderId, 'refund_requested', req.actor, undefined, undefined, data);
  if (bank) await markRefunded(uow, { orderId: req.orderId, refundNo: refund.refund_no, kind: req.kind, actor: req.actor, data });
  return { refund, created: true };
}

/**
 * An operator asks for a refund. Refusals (NOT_FOUND, NOT_PAID, NOTHING_TO_REFUND, WRONG_KIND,
 * REFERENCE_REQUIRED) are decided before anything is written. A new refund is sent to the
 * provider at once; the refunds sweep and the provider's notifications finish it.
 */
export async function requestRefund(deps: CoreDeps, req: RefundRequest): Promise<RequestedRefund> {
  const requested = await inTransaction(deps, async (uow) => {
    const { trx } = uow;
    const order = await trx.selectFrom('orders').select(['id', 'status', 'paid_intent_id']).where('order_no', '=', req.orderNo).forUpdate().executeTakeFirst();
    if (!order) throw new RefundRefused('NOT_FOUND', `no order ${req.orderNo}`);
    if (order.status !== 'paid') throw new RefundRefused('NOT_PAID', `order ${req.orderNo} is ${order.status}`);
    const intentId = req.intentId ?? order.paid_intent_id;
    if (!intentId) throw new RefundRefused('NOTHING_TO_REFUND', `order ${req.orderNo} has no paying attempt`);
    const intent = await trx
      .selectFrom('payment_intents')
      .selectAll()
      .where('id', '=', intentId)
      .where('order_id', '=', order.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    if (!intent) throw new RefundRefused('NOTHING_TO_REFUND', `attempt ${intentId} of ${req.orderNo} took no money`);
    const kind: RefundKind = intent.id === order.paid_intent_id ? 'order' : 'duplicate_payment';
    if (kind !== req.kind)
      throw new RefundRefused('WRONG_KIND', `attempt ${intent.id} of ${req.orderNo} is ${kind === 'order' ? 'the order payment' : 'a duplicate payment'}`);
    if (intent.provider === 'bank_transfer' && !req.reference?.trim())
      throw new RefundRefused('REFERENCE_REQUIRED', 'a bank-transfer refund needs the reference of the transfer back');
    return openRefund(uow, {
      orderId: order.id,
      intent,
      kind,
      actor: { type: 'operator', id: String(req.operatorId) },
      operatorId: req.operatorId,
      reason: req.reason,
      reference: req.reference,
    });
  });
  if (!requested.created || requested.refund.status !== 'requested') return requested;
  await advanceRefund(deps, { refundNo: requested.refund.refund_no });
  const refund = await deps.db.selectFrom('refunds').selectAll().where('id', '=', requested.refund.id).executeTakeFirstOrThrow();
  return { refund, created: true };
}
