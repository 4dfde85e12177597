import { Worker, type Job, type Processor } from 'bullmq';
import { assertPayload } from '@shop/jobs';
import type { WorkerMetrics } from './metrics/jobs.js';
import type { Redis } from 'ioredis';
import type { JobPayloads, QueueName, Queues } from '@shop/jobs';
import type { WorkerDeps } from './deps.js';
import type { Transporter } from 'nodemailer';
import { mailProcessor } from './processors/mail.js';
import { smsProcessor } from './processors/sms.js';
import { maintenanceProcessor } from './processors/maintenance.js';
import { registrationMirrorProcessor } from './processors/registration-mirror.js';
import { paymentCloseProcessor } from './processors/payment-close.js';
import { paymentPollProcessor } from './processors/payment-poll.js';
import { ebookCopyProcessor } from './processors/ebook-copy.js';
import { ebookCopies } from '@shop/core/ebook-copies';
import { settlementProcessor } from './processors/settlement.js';
import { BILL_READY, billReconciliationProcessor } from './processors/bill-reconciliation.js';
import type { ProviderRegistry } from '@shop/payments/registry';

export type Processors = { [Q in QueueName]?: Processor<JobPayloads[Q]> };

/** `mail` is the SMTP transport (`createTransport`); its creator closes it after the workers. */
export function buildProcessors(deps: WorkerDeps, mail: Transporter): Processors {
  return {
    maintenance: maintenanceProcessor(deps),
    mail: mailProcessor(deps, mail),
    sms: smsProcessor(deps, deps.config.sms),
    'registration-mirror': registrationMirrorProcessor(deps),
    'payment-poll': paymentPollProcessor(deps),
    'payment-close': paymentCloseProcessor(deps),
    settlement: settlementProcessor(deps),
    'bill-reconciliation': billReconciliationProcessor(deps),
    'ebook-copy': ebookCopyProcessor(deps, ebookCopies({ ...deps.config.ebooks, log: deps.log })),
  };
}

/**
 * How often the workers look for jobs whose worker died. BullMQ renews a lock every half
 * lockDuration; a dead worker's lock lapses between lockDuration/2 and lockDuration after its
 * death, and the job moves back to wait at the next stalled check that finds it in the stalled set
 * (filled at the check before; a check can be skipped once while another process's check key is
 * still alive). So the takeover comes between lockDuration/2 and lockDuration + 2 × this interval:
 * with the interval at lockDuration/6 that is 15-40 s for the default 30 s lock (it was up to
 * 90 s with the interval equal to the lock, 61-66 s measured). Each check is one short script per
 * queue and process.
 */
export function stalledCheckInterval(jobLockMs: number): number {
  return Math.max(500, Math.round(jobLockMs / 6));
}

export function startWorkers(deps: WorkerDeps, connection: Redis, processors: Processors, extras: { metrics?: WorkerMetrics } = {}): Worker[] {
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
      stalledInterval: stalledCheckInterval(deps.config.jobLockMs),
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
export async function scheduleMaintenance(queues: Queues, relayEveryMs = 1_000, reconcileEveryMs = 30_000, bills: ProviderRegistry = {}): Promise<void> {
  // Each provider's daily bill, once it is published, in the provider's time zone.
  for (const name of ['wechat', 'alipay', 'paypal'] as const) {
    const provider = bills[name];
    if (!provider?.fetchBill) continue;
    const at = BILL_READY[name];
    await queues['bill-reconciliation'].upsertJobScheduler(
      `bills-${name}`,
      { pattern: `${at.minute} ${at.hour} * * *`, tz: provider.billZone ?? 'Asia/Shanghai' },
      { name: 'bill-reconciliation', data: { provider: name } },
    );
  }
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
