import { UnrecoverableError, type Job } from 'bullmq';
import { closeAttempt } from '@shop/core';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';

/**
 * Closes an attempt at its provider: one the ledger closed already (replaced, abandoned, its
 * order paid through another attempt), or one still open whose close a checkout could not
 * confirm (then the ledger closes it too). If it turns out paid, the money counts; if the
 * provider cannot close it, it is watched until it times out there.
 */
export function paymentCloseProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['payment-close']>): Promise<unknown> => {
    const intent = await deps.db.selectFrom('payment_intents').selectAll().where('id', '=', job.data.intentId).executeTakeFirst();
    if (!intent) throw new UnrecoverableError(`attempt ${job.data.intentId} does not exist`);
    if (!deps.providers[intent.provider]) throw new UnrecoverableError(`provider ${intent.provider} is not configured`);
    if (intent.status === 'succeeded') return { done: 'succeeded' };
    const outcome = await closeAttempt(deps, { intent, reason: 'close job' });
    if (outcome === 'unconfirmed') throw new Error(`attempt ${intent.out_trade_no} not closed at ${intent.provider} yet`);
    return outcome === 'paid' ? { paidBeforeClose: intent.out_trade_no } : { [outcome]: intent.out_trade_no };
  };
}
