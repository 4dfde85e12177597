import type { Job } from 'bullmq';
import { expireDueOrders, relayOutbox } from '@shop/db';
import { deliverTo } from '../outbox.js';
import type { JobPayloads } from '../contract.js';
import type { WorkerDeps } from '../deps.js';

export function maintenanceProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['maintenance']>): Promise<unknown> => {
    switch (job.data.task) {
      case 'expire-orders': {
        const expired = await expireDueOrders(deps.db);
        if (expired.length) deps.log.info({ count: expired.length }, 'expired unpaid orders');
        return { expired: expired.length };
      }
      case 'relay-outbox':
        return relayOutbox(deps.db, deliverTo(deps.queues), { limit: 500 });
      default:
        return { skipped: job.data.task };
    }
  };
}
