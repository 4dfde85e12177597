import { ProviderError } from '@shop/payments';
import type { Actor, IntentStatus, PaymentIntent } from '@shop/db';
import { moveAttempt } from './attempt-ledger.js';
import type { CoreDeps } from './deps.js';
import { appendOrderEvent } from './order-events.js';
import { settleOrder } from './order-ledger.js';
import { inTransaction } from './unit-of-work.js';

export interface SettleOutcome {
  transitioned: boolean;
  orderNo: string;
}

/**
 * Settles the order of a paid attempt through the ledger, once: the guarded transition, the audit
 * row and the receipt mail's outbox row share one transaction. A payment that arrives for an
 * order already paid through another attempt is recorded for a refund instead. The order's other
 * open attempts are closed at their providers right after the commit (their jobs retry a failure).
 */
export async function settleAttempt(
  deps: CoreDeps,
  intentId: string,
  source: 'notification' | 'poll' | 'return' | 'operator',
  providerRef?: string | null,
): Promise<SettleOutcome> {
  return inTransaction(deps, async (uow) => {
    const { trx } = uow;
    const intent = await trx
      .selectFrom('payment_intents')
      .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
      .select(['payment_intents.id', 'payment_intents.status', 'payment_intents.provider', 'orders.id as order_id', 'orders.order_no'])
      .where('payment_intents.id', '=', intentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const actor: Actor = { type: 'provider', id: intent.provider };
    const result = await settleOrder(uow, { orderNo: intent.order_no, intentId, actor, source, providerRef, attemptStatus: intent.status });
    if (result.transitioned) {
      for (const sibling of result.closedSiblings) uow.afterCommit(() => closeAtProvider(deps, sibling).then(() => undefined));
      return { transitioned: true, orderNo: intent.order_no };
    }
    const late = await moveAttempt(trx, intentId, 'succeeded', actor, {
      set: providerRef ? { provider_ref: providerRef } : {},
      data: { source, duplicate: true },
    });
    // Paid through another attempt already: the money of this one must go back.
    if (late.moved) await appendOrderEvent(trx, intent.order_id, 'duplicate_payment', actor, undefined, undefined, { intentId, source });
    return { transitioned: false, orderNo: intent.order_no };
  });
}

/** Moves an open attempt to a final state; a settled or closed one never moves back. */
export async function finishAttempt(
  deps: CoreDeps,
  intentId: string,
  status: Extract<IntentStatus, 'failed' | 'closed' | 'expired'>,
  reason: string,
  actor: Actor = { type: 'system' },
): Promise<boolean> {
  return inTransaction(deps, async ({ trx, announce }) => {
    const r = await moveAttempt(trx, intentId, status, actor, { data: { reason } });
    if (!r.moved || r.from === 'failed' || r.from === 'closed' || r.from === 'expired') return false;
    const order = await trx.selectFrom('orders').select('order_no').where('id', '=', r.attempt!.order_id).executeTakeFirstOrThrow();
    announce(order.order_no, status);
    return true;
  });
}

/** What closing an attempt at its provider came to. */
export type CloseOutcome = 'closed' | 'paid' | 'unconfirmed';

/**
 * Closes an attempt at its provider so it can no longer be paid there (idempotent at every
 * provider). When the provider answers that it was paid meanwhile, the money counts: the attempt
 * is settled. A close the provider did not confirm (down, buyer mid-payment) is 'unconfirmed'.
 */
export async function closeAtProvider(deps: CoreDeps, intent: Pick<PaymentIntent, 'id' | 'provider' | 'out_trade_no' | 'provider_ref'>): Promise<CloseOutcome> {
  const provider = deps.providers[intent.provider];
  if (!provider) return 'unconfirmed';
  try {
    await provider.close(intent.out_trade_no, intent.provider_ref ?? undefined);
    return 'closed';
  } catch (err) {
    if (err instanceof ProviderError && !err.retryable && /PAID/.test(err.code)) {
      await settleAttempt(deps, intent.id, 'poll');
      return 'paid';
    }
    deps.log.warn({ err: (err as Error).message, provider: intent.provider, outTradeNo: intent.out_trade_no }, 'attempt not closed at its provider');
    return 'unconfirmed';
  }
}

/**
 * Closes an open attempt at its provider first and then in the ledger, so it is never recorded
 * closed while it can still be paid. Answers what happened.
 */
export async function closeAttempt(deps: CoreDeps, intent: PaymentIntent, reason: string, actor: Actor): Promise<CloseOutcome> {
  const outcome = await closeAtProvider(deps, intent);
  if (outcome === 'closed') await finishAttempt(deps, intent.id, 'closed', reason, actor);
  return outcome;
}

/**
 * Attempts a checkout left in `created` (its process died before the provider answered) past
 * `cutoff`: closed in the ledger and, by a `payment-close` job each, at their providers. They
 * were never shown to the buyer (no next action), so nobody can be paying them.
 */
export async function closeAbandonedAttempts(deps: CoreDeps, cutoff: Date): Promise<number> {
  return inTransaction(deps, async ({ trx, enqueue }) => {
    const stale = await trx
      .selectFrom('payment_intents')
      .select('id')
      .where('status', '=', 'created')
      .where('created_at', '<', cutoff)
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
