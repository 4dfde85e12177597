import { applyAttemptStatus } from '@shop/core';
import { ATTEMPT_STATUS_COLUMNS } from '@shop/db';
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
  /** The reference names an attempt that was paid after another one had paid the order: refunded automatically. */
  duplicate: boolean;
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
    .select([
      ...ATTEMPT_STATUS_COLUMNS,
      'payment_intents.next_action',
      'payment_intents.payable_until',
      'orders.order_no',
      'orders.paid_intent_id',
      'orders.status as order_status',
      'orders.book_id',
    ])
    .where('orders.user_id', '=', user.id)
    .where((eb) => eb.or([eb('orders.order_no', '=', ref), eb('payment_intents.out_trade_no', '=', ref), eb('payment_intents.provider_ref', '=', ref)]))
    .orderBy('payment_intents.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw appError('orderNotFound');
  return row;
}

function answer(row: AttemptRow, paid: boolean, status: string, duplicate = false): PaymentCheck {
  const a = row.next_action as { type?: string; href?: string } | null;
  return {
    paid,
    orderNo: row.order_no,
    bookId: String(row.book_id),
    intentStatus: status,
    retryHref: !paid && a?.type === 'redirect' ? (a.href ?? null) : null,
    duplicate,
  };
}

/** The paid order, as seen from the attempt the reference names: the one that paid it, or a second payment. */
function paidAnswer(row: AttemptRow, attemptPaid: boolean): PaymentCheck {
  return answer(row, true, 'succeeded', row.paid_intent_id !== null && row.paid_intent_id !== row.id && attemptPaid);
}

/** What checkPayment would answer, from PostgreSQL alone (the live status pages' re-read). */
export async function paymentState(deps: ServiceDeps, user: SessionUser | null, reference: string): Promise<PaymentCheck> {
  const row = await findAttempt(deps, user, reference);
  return row.order_status === 'paid' ? paidAnswer(row, row.status === 'succeeded') : answer(row, false, row.status);
}

/** A payment the result pages can stop waiting for: paid, or an attempt that is no longer open. */
export function isFinal(c: PaymentCheck): boolean {
  return c.paid || (c.intentStatus !== 'pending' && c.intentStatus !== 'created');
}

/**
 * Whether the attempt the reference names was paid, the order being paid already. A withdrawn
 * attempt (its provider could not cancel it, payable until `payable_until`) that the buyer pays
 * anyway sends them back here before its notification may have arrived: its provider is asked, and
 * a payment found is settled as the duplicate it is (recorded and refunded by core).
 */
async function paidLate(deps: ServiceDeps, row: AttemptRow): Promise<boolean> {
  if (row.status === 'succeeded') return true;
  const provider = deps.providers[row.provider];
  // Asked also shortly after `payable_until`: a payment made just before it returns a little later.
  const withdrawn = (row.status === 'closed' || row.status === 'expired') && row.payable_until !== null;
  if (!provider || row.id === row.paid_intent_id || !withdrawn) return false;
  try {
    const status = await provider.query(row.out_trade_no, row.provider_ref ?? undefined);
    if (status.state !== 'succeeded') return false;
    const applied = await applyAttemptStatus(deps, { provider, intent: row, status, source: 'return' });
    return applied.outcome === 'settled' || applied.outcome === 'already';
  } catch (err) {
    deps.log.warn({ err, provider: row.provider }, 'payment check of a withdrawn attempt at the provider failed');
    return false;
  }
}

/**
 * The result pages' question "is it paid?": by order number, out_trade_no or PayPal order id, for
 * the buyer's own orders. An open attempt is asked at its provider right away (and a PayPal order
 * the buyer just approved is captured), so the page does not wait for the poller.
 */
export async function checkPayment(deps: ServiceDeps, user: SessionUser | null, reference: string): Promise<PaymentCheck> {
  const row = await findAttempt(deps, user, reference);
  if (row.order_status === 'paid') return paidAnswer(row, await paidLate(deps, row));
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
