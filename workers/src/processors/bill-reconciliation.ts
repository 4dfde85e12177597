import { UnrecoverableError, type Job } from 'bullmq';
import { inTransaction, reconcileDay, reconcileDueDays } from '@shop/core';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';

/**
 * Reconciles a provider's bill for one day (an operator's re-run) or for the days that are due
 * (the daily schedule). When the newest day's bill is not published yet the job fails, so BullMQ
 * tries again later; a run that finds new differences, or a bill refused for its integrity,
 * mails the operators.
 */
export function billReconciliationProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['bill-reconciliation']>): Promise<unknown> => {
    const name = job.data.provider;
    if (!deps.providers[name]?.fetchBill) throw new UnrecoverableError(`${name} is not configured with bills`);
    const results = job.data.date
      ? [{ ...(await reconcileDay(deps, { provider: name, date: job.data.date })), date: job.data.date }]
      : await reconcileDueDays(deps, { provider: name });
    for (const r of results) deps.metrics?.billReconciled(name, r.outcome, r.verdicts, r.differences);
    const alerting = results.filter((r) => r.outcome === 'rejected' || Object.keys(r.verdicts).some((v) => v !== 'matched'));
    if (alerting.length)
      await inTransaction(deps, async ({ enqueue }) => {
        for (const r of alerting) await enqueue('mail', { kind: 'reconciliation-alert', provider: name, date: r.date, runId: r.runId });
      });
    if (results[0]?.outcome === 'not_ready') throw new Error(`${name} bill of ${results[0].date} is not published yet`);
    return results.map(({ date, outcome, differences, verdicts, settled }) => ({ date, outcome, differences, verdicts, settled }));
  };
}

/**
 * When each provider's bill of the day before is published, in its own time zone: WeChat and
 * Alipay from 09:00 Beijing time, PayPal's Transaction Search up to 3 hours after the day ends in
 * the account's zone. Each run starts a margin later; a bill still missing is retried by the job.
 */
export const BILL_READY = { wechat: { hour: 10, minute: 0 }, alipay: { hour: 10, minute: 15 }, paypal: { hour: 4, minute: 0 } } as const;
