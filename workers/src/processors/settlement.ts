import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { applyAttemptStatus } from '@shop/core';

/**
 * Settles an attempt the provider reported as paid or approved: asks the provider for the current
 * state (capturing an approved PayPal order) and applies it through the ledger.
 */
export function settlementProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['settlement']>): Promise<unknown> => {
    const intent = await deps.db.selectFrom('payment_intents').selectAll().where('id', '=', job.data.intentId).executeTakeFirst();
    if (!intent) throw new UnrecoverableError(`attempt ${job.data.intentId} does not exist`);
    if (intent.status === 'succeeded') return { done: 'already settled' };
    const provider = deps.providers[intent.provider];
    if (!provider) throw new UnrecoverableError(`provider ${intent.provider} is not configured`);
    const status = await provider.query(intent.out_trade_no, intent.provider_ref ?? undefined);
    const applied = await applyAttemptStatus(deps, { provider, intent, status, source: job.data.source === 'poll' ? 'poll' : 'notification' });
    return { outcome: applied.outcome, reason: applied.reason };
  };
}
