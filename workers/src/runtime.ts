import { Worker, type Job, type MinimalJob, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import { jitteredBackoff, type JobPayloads, type QueueName } from './contract.js';
import type { WorkerDeps } from './deps.js';
import { createTransport } from './mail/transport.js';
import { mailProcessor } from './processors/mail.js';
import { maintenanceProcessor } from './processors/maintenance.js';
import { registrationMirrorProcessor } from './processors/registration-mirror.js';

export type Processors = { [Q in QueueName]?: Processor<JobPayloads[Q]> };

export function buildProcessors(deps: WorkerDeps): Processors {
  return {
    maintenance: maintenanceProcessor(deps),
    mail: mailProcessor(deps, createTransport(deps.config.smtpUrl)),
    'registration-mirror': registrationMirrorProcessor(deps),
  };
}

export function startWorkers(
  deps: WorkerDeps,
  connection: Redis,
  processors: Processors,
): Worker[] {
  const workers: Worker[] = [];
  for (const [queue, processor] of Object.entries(processors) as [QueueName, Processor][]) {
    const worker = new Worker(queue, processor, {
      connection,
      prefix: deps.config.queuePrefix,
      concurrency: deps.config.workerConcurrency,
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
    workers.push(worker);
  }
  return workers;
}
