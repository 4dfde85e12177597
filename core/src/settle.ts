import { ProviderError } from '@shop/payments';
import type { Actor, IntentStatus, PaymentIntent } from '@shop/db';
import { isOpen, moveAttempt } from './attempt-ledger.js';
import type { CoreDeps } from './deps.js';
import { appendOrderEvent } from './order-events.js';
import { settleOrder } from './order-ledger.js';
import { advanceRefund } from './refunds/execute.js';
import { openRefund } from './refunds/request.js';
import { inTransaction, type UnitOfWork } from './unit-of-work.js';

export type SettleSource = 'notification' | 'poll' | 'return' | 'operator' | 'reconciliation';

export interface SettleAttempt {
  intentId: string;
  source: SettleSource;
  providerRef?: string | null;
}

export interface SettleOutcome {
  transitioned: boolean;
  orderNo: string;
  /** Set when the money arrived for an order already paid through another attempt: it is being refunded. */
  duplicateRefundNo?: string;
}

/**
 * Settles the order of a paid attempt through the ledger, once: the guarded transition, the audit
 * row and the receipt mail's outbox row share one transaction. A payment that arrives for an
 * order already paid through another attempt is a duplicate: recorded, and refunded
 * automatically (exactly once: one live refund per attempt) where the provider takes refunds.
 * The order's other open attempts are closed at their providers right after the commit (their
 * jobs retry a failure).
 */
export async function settleAttempt(deps: CoreDeps, input: SettleAttempt): Promise<SettleOutcome> {
  const outcome = await inTransaction(deps, (uow) => settleAttemptIn(deps, uow, input));
  // Sent at once; the refunds sweep retries whatever does not get through now.
  if (outcome.duplicateRefundNo) await advanceRefund(deps, { refundNo: outcome.duplicateRefundNo });
  return outcome;
}

/**
 * Primitive: settleAttempt's changes in a running unit of work, for a command that settles as part
 * of its own change (an operator's answer to a reconciliation item). A duplicate's refund is only
 * recorded here: the caller sends it after its commit (`duplicateRefundNo`).
 */
export async function settleAttemptIn(deps: CoreDeps, uow: UnitOfWork, input: SettleAttempt): Promise<SettleOutcome> {
  const { intentId, source, providerRef } = input;
  {
    const { trx } = uow;
    // Locks the attempt's row and its order's (FOR UPDATE covers both tables of the join).
    const intent = await trx
      .selectFrom('payment_intents')
      .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
      .select([
        'payment_intents.id',
        'payment_intents.status',
        'payment_intents.provider',
        'orders.id as order_id',
        'orders.order_no',
        'orders.status as order_status',
        'orders.paid_intent_id',
        'orders.format',
      ])
      .where('payment_intents.id', '=', intentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const actor: Actor = { type: 'provider', id: intent.provider };
    const lockedOrder = { id: intent.order_id, status: intent.order_status, paid_intent_id: intent.paid_intent_id, format: intent.format };
    const result = await settleOrder(uow, { orderNo: intent.order_no, intentId, actor, source, providerRef, attemptStatus: intent.status, lockedOrder });
    if (result.transitioned) {
      for (const sibling of result.closedSiblings)
        uow.afterCommit(() => closeAttempt(deps, { intent: sibling, reason: 'order paid through another attempt' }).then(() => undefined));
      return { transitioned: true, orderNo: intent.order_no };
    }
    const late = await moveAttempt(trx, intentId, 'succeeded', actor, {
      set: providerRef ? { provider_ref: providerRef } : {},
      data: { source, duplicate: true },
    });
    if (!late.moved || result.paidIntentId === intentId) return { transitioned: false, orderNo: intent.order_no };
    // Paid through another attempt already: the money of this one goes back.
    await appendOrderEvent(trx, intent.order_id, 'duplicate_payment', actor, undefined, undefined, { intentId, source });
    if (!deps.providers[intent.provider]?.refund) return { transitioned: false, orderNo: intent.order_no };
    const { refund } = await openRefund(uow, {
      orderId: intent.order_id,
      intent: late.attempt!,
      kind: 'duplicate_payment',
      actor: { type: 'system' },
      operatorId: null,
      reason: 'duplicate payment, refunded automatically',
    });
    return { transitioned: false, orderNo: intent.order_no, duplicateRefundNo: refund.refund_no };
  }
}

export interface FinishAttempt {
  intentId: string;
  status: Extract<IntentStatus, 'failed' | 'closed' | 'expired'>;
  reason: string;
  actor?: Actor;
}

/** Moves an open attempt to a final state; a settled or closed one never moves back. */
export async function finishAttempt(deps: CoreDeps, input: FinishAttempt): Promise<boolean> {
  return inTransaction(deps, async ({ trx, announce }) => {
    const r = await moveAttempt(trx, input.intentId, input.status, input.actor ?? { type: 'system' }, { data: { reason: input.reason } });
    if (!r.moved || r.from === 'failed' || r.from === 'closed' || r.from === 'expired') return false;
    const order = await trx.selectFrom('orders').select('order_no').where('id', '=', r.attempt!.order_id).executeTakeFirstOrThrow();
    announce(order.order_no, input.status);
    return true;
  });
}

/**
 * What closing an attempt came to: closed at its provider (and in the ledger); paid there first
 * (the order is settled); withdrawn (the provider cannot close it: closed in the ledger, payable
 * there until `payable_until`, watched until then, a late payment refunded as a duplicate); or
 * unconfirmed (provider down, buyer mid-payment: nothing changed, a job retries).
 */
export type CloseOutcome = 'closed' | 'paid' | 'withdrawn' | 'unconfirmed';

export interface CloseAttempt {
  intent: Pick<PaymentIntent, 'id' | 'provider' | 'out_trade_no' | 'provider_ref' | 'status'>;
  reason: string;
  actor?: Actor;
  /** The ledger state an open attempt ends in: closed (replaced, abandoned) or expired (its order is). */
  as?: 'closed' | 'expired';
}

/**
 * Closes an attempt at its provider first and then in the ledger, so it is never recorded closed
 * while it can still be paid without the shop watching it. Also for an attempt the ledger closed
 * already (its order paid through another one): then only the provider is asked.
 */
export async function closeAttempt(deps: CoreDeps, input: CloseAttempt): Promise<CloseOutcome> {
  const { intent } = input;
  const provider = deps.providers[intent.provider];
  if (!provider) return 'unconfirmed';
  let answer;
  try {
    answer = await provider.close(intent.out_trade_no, intent.provider_ref ?? undefined);
  } catch (err) {
    deps.log.warn(
      {
        err: (err as Error).message,
        retryable: err instanceof ProviderError ? err.retryable : undefined,
        provider: intent.provider,
        outTradeNo: intent.out_trade_no,
      },
      'attempt not closed at its provider',
    );
    return 'unconfirmed';
  }
  if (answer.state === 'paid') {
    await settleAttempt(deps, { intentId: intent.id, source: 'poll' });
    return 'paid';
  }
  const to = input.as ?? 'closed';
  const actor = input.actor ?? { type: 'system' };
  if (answer.state === 'closed') {
    if (isOpen(intent.status)) await finishAttempt(deps, { intentId: intent.id, status: to, reason: input.reason, actor });
    return 'closed';
  }
  const payableUntil = answer.payableUntil;
  await inTransaction(deps, async ({ trx, enqueue, announce }) => {
    const r = await moveAttempt(trx, intent.id, to, actor, {
      set: { payable_until: payableUntil, next_poll_at: new Date() },
      data: { reason: input.reason, payableUntil: payableUntil.toISOString(), atProvider: 'cannot be closed: watched until it times out' },
    });
    if (!r.moved) {
      // Closed in the ledger already (its order was paid): record how long the provider may still take money.
      await trx
        .updateTable('payment_intents')
        .set({ payable_until: payableUntil })
        .where('id', '=', intent.id)
        .where('status', 'in', ['closed', 'expired'])
        .execute();
    } else {
      const order = await trx.selectFrom('orders').select('order_no').where('id', '=', r.attempt!.order_id).executeTakeFirstOrThrow();
      announce(order.order_no, to);
    }
    await enqueue('payment-poll', { intentId: intent.id });
  });
  return 'withdrawn';
}

export interface CloseAbandonedAttempts {
  cutoff: Date;
}

/**
 * Attempts a checkout left in `created` (its process died before the provider answered) past
 * `cutoff`: closed in the ledger and, by a `payment-close` job each, at their providers. They
 * were never shown to the buyer (no next action), so nobody can be paying them.
 */
export async function closeAbandonedAttempts(deps: CoreDeps, input: CloseAbandonedAttempts): Promise<number> {
  return inTransaction(deps, async ({ trx, enqueue }) => {
    const stale = await trx
      .selectFrom('payment_intents')
      .select('id')
      .where('status', '=', 'created')
      .where('created_at', '<', input.cutoff)
      .orderBy('id')
      .limit(500)
      .forUpdate()
      .skipLocked()
      .execute();
    let closed = 0;
    for (const s of stale) {
      const moved = await moveAttempt(trx, s.id, 'closed', { type: 'system' }, { data: { reason: 'checkout abandoned' } });
      if (!moved.moved) continue;
      closed++;
      await enqueue('payment-close', { intentId: s.id });
    }
    return closed;
  });
}
