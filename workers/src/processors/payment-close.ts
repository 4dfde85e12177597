import { UnrecoverableError, type Job } from 'bullmq';
import { closeAtProvider, closeAttempt, isOpen } from '@shop/core';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';

/**
 * Closes an attempt at its provider: one the ledger closed already (replaced, abandoned, its
 * order paid through another attempt), or one still open whose close a checkout could not
 * confirm (then the ledger closes it too). If it turns out paid, the money counts.
 */
export function paymentCloseProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['payment-close']>): Promise<unknown> => {
    const intent = await deps.db.selectFrom('payment_intents').selectAll().where('id', '=', job.data.intentId).executeTakeFirst();
    if (!intent) throw new UnrecoverableError(`attempt ${job.data.intentId} does not exist`);
    if (!deps.providers[intent.provider]) throw new UnrecoverableError(`provider ${intent.provider} is not configured`);
    if (intent.status === 'succeeded') return { done: 'succeeded' };
    const outcome = isOpen(intent.status) ? await closeAttempt(deps, intent, 'close job', { type: 'system' }) : await closeAtProvider(deps, intent);
    if (outcome === 'unconfirmed') throw new Error(`attempt ${intent.out_trade_no} not closed at ${intent.provider} yet`);
    return outcome === 'paid' ? { paidBeforeClose: intent.out_trade_no } : { closed: intent.out_trade_no };
  };
}
