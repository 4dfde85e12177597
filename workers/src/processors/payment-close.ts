import { UnrecoverableError, type Job } from 'bullmq';
import { ProviderError } from '@shop/payments';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { relayNow } from '@shop/core';
import { settleAttempt } from '@shop/core';

/** Closes a replaced or expired attempt at its provider. If it turns out paid, the money counts. */
export function paymentCloseProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['payment-close']>): Promise<unknown> => {
    const intent = await deps.db.selectFrom('payment_intents').selectAll().where('id', '=', job.data.intentId).executeTakeFirst();
    if (!intent) throw new UnrecoverableError(`attempt ${job.data.intentId} does not exist`);
    const provider = deps.providers[intent.provider];
    if (!provider) throw new UnrecoverableError(`provider ${intent.provider} is not configured`);
    try {
      await provider.close(intent.out_trade_no, intent.provider_ref ?? undefined);
      return { closed: intent.out_trade_no };
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable && /PAID/.test(err.code)) {
        const settled = await settleAttempt(deps.db, deps.events, intent.id, 'poll');
        await relayNow(deps.db, deps.queues, settled.outboxIds);
        return { paidBeforeClose: intent.out_trade_no };
      }
      throw err;
    }
  };
}
