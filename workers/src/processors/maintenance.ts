import { UnrecoverableError, type Job } from 'bullmq';
import { relayOutbox } from '@shop/db';
import { advanceRefund, dueRefunds, expireDueOrders } from '@shop/core';
import { deliverTo } from '@shop/core/outbox';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { reconcile } from '../reconcile/sweep.js';

export function maintenanceProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['maintenance']>): Promise<unknown> => {
    switch (job.data.task) {
      case 'expire-orders': {
        const expired = await expireDueOrders(deps);
        if (expired.length) deps.log.info({ count: expired.length }, 'expired unpaid orders');
        return { expired: expired.length };
      }
      case 'refunds': {
        // Each step is safe to race with the operator's own request and with refund notifications.
        const outcomes: Record<string, number> = {};
        for (const refundNo of await dueRefunds(deps)) {
          const o = await advanceRefund(deps, { refundNo });
          outcomes[o] = (outcomes[o] ?? 0) + 1;
        }
        return outcomes;
      }
      case 'relay-outbox':
        return relayOutbox(deps.db, deliverTo(deps.queues), { limit: 500 });
      case 'reconcile': {
        const report = await reconcile(deps);
        const { relayed, polls, mirrors, abandonedAttempts } = report;
        deps.metrics?.requeued('outbox', relayed);
        deps.metrics?.requeued('payment-poll', polls);
        deps.metrics?.requeued('registration-mirror', mirrors);
        deps.metrics?.requeued('abandoned-attempt', abandonedAttempts);
        // Work without a live job means something was lost on the way: worth a warning.
        if (polls || mirrors || abandonedAttempts || report.releasedClaims) deps.log.warn(report, 'reconciliation sweep put work back');
        return report;
      }
      default:
        throw new UnrecoverableError(`unknown maintenance task ${String(job.data.task)}`);
    }
  };
}
