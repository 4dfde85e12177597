import { ATTEMPT_STATUS_COLUMNS, applyAttemptStatus } from '@shop/core';
import { appError, unauthenticated } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';

export interface PaymentCheck {
  paid: boolean;
  orderNo: string | null;
  bookId: string | null;
  intentStatus: string | null;
  /** Where the buyer can pay again (the approval link or cashier), when there is one. */
  retryHref: string | null;
}

type AttemptRow = Awaited<ReturnType<typeof findAttempt>>;

/** The latest attempt of one of the buyer's orders, by any of its references; refused otherwise. */
async function findAttempt(deps: ServiceDeps, user: SessionUser | null, reference: string) {
  if (!user) throw unauthenticated();
  const ref = reference.trim().slice(0, 64);
  if (!ref) throw appError('orderNotFound');
  const row = await deps.db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select([...ATTEMPT_STATUS_COLUMNS, 'payment_intents.next_action', 'orders.order_no', 'orders.status as order_status', 'orders.book_id'])
    .where('orders.user_id', '=', user.id)
    .where((eb) => eb.or([eb('orders.order_no', '=', ref), eb('payment_intents.out_trade_no', '=', ref), eb('payment_intents.provider_ref', '=', ref)]))
    .orderBy('payment_intents.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw appError('orderNotFound');
  return row;
}

function answer(row: AttemptRow, paid: boolean, status: string): PaymentCheck {
  const a = row.next_action as { type?: string; href?: string } | null;
  return {
    paid,
    orderNo: row.order_no,
    bookId: String(row.book_id),
    intentStatus: status,
    retryHref: !paid && a?.type === 'redirect' ? (a.href ?? null) : null,
  };
}

/** What checkPayment would answer, from PostgreSQL alone (the live status pages' re-read). */
export async function paymentState(deps: ServiceDeps, user: SessionUser | null, reference: string): Promise<PaymentCheck> {
  const row = await findAttempt(deps, user, reference);
  return row.order_status === 'paid' ? answer(row, true, 'succeeded') : answer(row, false, row.status);
}

/** A payment the result pages can stop waiting for: paid, or an attempt that is no longer open. */
export function isFinal(c: PaymentCheck): boolean {
  return c.paid || (c.intentStatus !== 'pending' && c.intentStatus !== 'created');
}

/**
 * The result pages' question "is it paid?": by order number, out_trade_no or PayPal order id, for
 * the buyer's own orders. An open attempt is asked at its provider right away (and a PayPal order
 * the buyer just approved is captured), so the page does not wait for the poller.
 */
export async function checkPayment(deps: ServiceDeps, user: SessionUser | null, reference: string): Promise<PaymentCheck> {
  const row = await findAttempt(deps, user, reference);
  if (row.order_status === 'paid') return answer(row, true, 'succeeded');
  const provider = deps.providers[row.provider];
  if (!provider || row.provider === 'bank_transfer' || (row.status !== 'pending' && row.status !== 'created')) return answer(row, false, row.status);
  try {
    const status = await provider.query(row.out_trade_no, row.provider_ref ?? undefined);
    const applied = await applyAttemptStatus(deps, { provider, intent: row, status, source: 'return' });
    if (applied.outcome === 'settled' || applied.outcome === 'already') return answer(row, true, 'succeeded');
    return answer(row, false, applied.outcome === 'pending' ? 'pending' : applied.outcome);
  } catch (err) {
    deps.log.warn({ err, provider: row.provider }, 'payment check at the provider failed');
    return answer(row, false, row.status);
  }
}
