import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { applyAttemptStatus, closeAttempt, notePoll } from '@shop/core';
import { ATTEMPT_STATUS_COLUMNS } from '@shop/db';

/** Poll delay after the n-th look (the first came PAYMENT_FIRST_POLL_MS after the checkout): 5 s doubling to at most 5 minutes. */
export function pollDelayMs(n: number, scale = 1): number {
  return Math.round(Math.min(5_000 * 2 ** Math.max(0, n - 1), 300_000) * scale);
}

/**
 * Asks the provider about an open attempt until it is paid, failed, closed or its order expired,
 * and about a withdrawn one (closed here, still payable at a provider that cannot close it) until
 * its `payable_until`: a late payment settles the order or is refunded as a duplicate. A
 * still-pending attempt is put back as a delayed job (same job, same id), so there is only ever
 * one poll per attempt.
 */
export function paymentPollProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['payment-poll']>, token?: string): Promise<unknown> => {
    const intent = await deps.db
      .selectFrom('payment_intents')
      .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
      .select([
        ...ATTEMPT_STATUS_COLUMNS,
        'payment_intents.poll_attempts',
        'payment_intents.payable_until',
        'orders.status as order_status',
        'orders.expires_at',
      ])
      .where('payment_intents.id', '=', job.data.intentId)
      .executeTakeFirst();
    if (!intent) throw new UnrecoverableError(`attempt ${job.data.intentId} does not exist`);
    const open = intent.status === 'created' || intent.status === 'pending';
    const watched = (intent.status === 'closed' || intent.status === 'expired') && !!intent.payable_until && intent.payable_until.getTime() > Date.now();
    if (!open && !watched) return { done: intent.status };
    const provider = deps.providers[intent.provider];
    if (!provider) throw new UnrecoverableError(`provider ${intent.provider} is not configured`);

    const status = await provider.query(intent.out_trade_no, intent.provider_ref ?? undefined);
    const applied = await applyAttemptStatus(deps, { provider, intent, status, source: 'poll' });
    if (applied.outcome !== 'pending') return { done: applied.outcome, reason: applied.reason };

    if (open && (intent.order_status !== 'pending_payment' || intent.expires_at.getTime() <= Date.now())) {
      // Too late to pay: close it at the provider so a late scan cannot take money for a dead order.
      const closed = await closeAttempt(deps, { intent, reason: 'order no longer payable', as: 'expired' });
      if (closed === 'unconfirmed') throw new Error(`attempt ${intent.out_trade_no} not closed at ${intent.provider} yet`);
      if (closed !== 'withdrawn') return { done: closed === 'paid' ? 'settled' : 'expired' };
    }
    const n = intent.poll_attempts + 1;
    const next = new Date(Date.now() + pollDelayMs(n, deps.config.retryDelayScale));
    await notePoll(deps, { intentId: intent.id, polls: n, nextPollAt: next });
    await job.moveToDelayed(next.getTime(), token);
    throw new DelayedError();
  };
}
