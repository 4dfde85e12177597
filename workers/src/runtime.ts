import { Worker, type Job, type MinimalJob, type Processor } from 'bullmq';
import { assertPayload } from './payloads.js';
import type { WorkerMetrics } from './metrics/jobs.js';
import type { Redis } from 'ioredis';
import { jitteredBackoff, type JobPayloads, type QueueName } from './contract.js';
import type { WorkerDeps } from './deps.js';
import { createTransport } from './mail/transport.js';
import { mailProcessor } from './processors/mail.js';
import { maintenanceProcessor } from './processors/maintenance.js';
import { registrationMirrorProcessor } from './processors/registration-mirror.js';
import { paymentCloseProcessor } from './processors/payment-close.js';
import { paymentPollProcessor } from './processors/payment-poll.js';
import { settlementProcessor } from './processors/settlement.js';
import { bankTransferProcessor } from './processors/bank-transfer.js';

export type Processors = { [Q in QueueName]?: Processor<JobPayloads[Q]> };

export function buildProcessors(deps: WorkerDeps): Processors {
  return {
    maintenance: maintenanceProcessor(deps),
    mail: mailProcessor(deps, createTransport(deps.config.smtpUrl)),
    'registration-mirror': registrationMirrorProcessor(deps),
    'payment-poll': paymentPollProcessor(deps),
    'payment-close': paymentCloseProcessor(deps),
    settlement: settlementProcessor(deps),
    'bank-transfer': bankTransferProcessor(deps),
  };
}

export function startWorkers(
  deps: WorkerDeps,
  connection: Redis,
  processors: Processors,
  extras: { metrics?: WorkerMetrics } = {},
): Worker[] {
  const workers: Worker[] = [];
  for (const [queue, processor] of Object.entries(processors) as [QueueName, Processor][]) {
    // A payload that does not fit the contract fails at once (UnrecoverableError), never retried.
    const checked: Processor = (job, token) => {
      assertPayload(queue, job.data);
      return processor(job, token);
    };
    const worker = new Worker(queue, checked, {
      connection,
      prefix: deps.config.queuePrefix,
      concurrency: deps.config.workerConcurrency,
      // A worker that died mid-job loses its lock after this long; another worker then takes over.
      lockDuration: deps.config.jobLockMs,
      stalledInterval: deps.config.jobLockMs,
      settings: {
        backoffStrategy: (attempts: number, _type?: string, _err?: Error, job?: MinimalJob) => {
          const opts = job?.opts.backoff;
          return jitteredBackoff(attempts, (typeof opts === 'object' && opts.delay ? opts.delay : 1_000) * deps.config.retryDelayScale);
        },
      },
    });
    // Without an error listener a Redis hiccup would surface as an unhandled 'error' event.
    worker.on('error', (err) => deps.log.error({ err, queue }, 'worker error'));
    worker.on('failed', (job: Job | undefined, err) =>
      deps.log.warn({ queue, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message }, 'job failed'),
    );
    extras.metrics?.observe(worker);
    workers.push(worker);
  }
  return workers;
}

/** The periodic work every worker deployment runs (idempotent: schedulers are upserted). */
export async function scheduleMaintenance(queues: import('./queues.js').Queues, relayEveryMs = 1_000, reconcileEveryMs = 30_000): Promise<void> {
  await queues.maintenance.upsertJobScheduler('expire-orders', { every: 60_000 }, { name: 'maintenance', data: { task: 'expire-orders' } });
  // Refunds waiting to be sent or for their result at the provider (notifications may be lost).
  await queues.maintenance.upsertJobScheduler('refunds', { every: Math.max(relayEveryMs, 1_000) }, { name: 'maintenance', data: { task: 'refunds' } });
  // The relay picks up whatever the gateway could not hand to Redis right after its commit.
  await queues.maintenance.upsertJobScheduler('relay-outbox', { every: relayEveryMs }, { name: 'maintenance', data: { task: 'relay-outbox' } });
  // Upserted last: its presence tells the Redis-loss watch (reconcile/redis-loss.ts) all are there.
  await queues.maintenance.upsertJobScheduler(RECONCILE_SCHEDULER, { every: reconcileEveryMs }, { name: 'maintenance', data: { task: 'reconcile' } });
}

/** The scheduler of the reconciliation sweep; its absence means Redis lost its data. */
export const RECONCILE_SCHEDULER = 'reconcile';

/**
 * Closes workers, letting their start-up settle first (for at most `settleMs`): a worker closed
 * while its connections still start up drops its error listener, and that start-up failing when
 * the socket goes would then be thrown unheard.
 */
export async function closeWorkers(workers: { waitUntilReady(): Promise<unknown>; close(): Promise<void> }[], settleMs = 2_000): Promise<void> {
  await Promise.race([Promise.all(workers.map((w) => w.waitUntilReady().catch(() => undefined))), new Promise((r) => setTimeout(r, settleMs).unref())]);
  await Promise.all(workers.map((w) => w.close()));
}
