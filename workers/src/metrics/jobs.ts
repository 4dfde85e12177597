import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Job, Worker } from 'bullmq';

// The workers' own figures: how long jobs take and how often they fail, per queue. Queue depths
// are global (they live in Redis) and come from the gateway's /metrics, so every replica here
// reports only what it did itself; sum them across replicas.

export interface WorkerMetrics {
  registry: Registry;
  observe(worker: Worker): void;
  /** Counts what the reconciliation sweep had to put back, per kind of work. */
  requeued(kind: string, count: number): void;
  /** One day of a provider's bill reconciled (or not ready, or refused): its outcome, new verdicts and open differences. */
  billReconciled(provider: string, outcome: string, verdicts: Partial<Record<string, number>>, differences: number): void;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shop_workers_' });
  const duration = new Histogram({
    name: 'shop_job_duration_seconds',
    help: 'Time a job ran in a worker, by queue and outcome (completed, failed).',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'shop_job_failures_total',
    help: 'Failed job runs by queue; final="true" when no retry is left (the job is dead).',
    labelNames: ['queue', 'final'],
    registers: [registry],
  });
  const completed = new Counter({ name: 'shop_jobs_completed_total', help: 'Completed jobs by queue.', labelNames: ['queue'], registers: [registry] });
  const requeued = new Counter({
    name: 'shop_reconcile_requeued_total',
    help: 'Work the reconciliation sweep found without a live job and put back, by kind.',
    labelNames: ['kind'],
    registers: [registry],
  });
  const billRuns = new Counter({
    name: 'shop_bill_reconciliations_total',
    help: "Days of a provider's bill reconciled, by provider and outcome (reconciled, not_ready, rejected).",
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  const billVerdicts = new Counter({
    name: 'shop_bill_verdicts_total',
    help: 'Bill rows judged for the first time, by provider and verdict (matched, missing_settlement, amount_mismatch, …).',
    labelNames: ['provider', 'verdict'],
    registers: [registry],
  });
  const billOpen = new Gauge({
    name: 'shop_bill_open_differences',
    help: 'Differences waiting for an operator in the last day a provider was reconciled for.',
    labelNames: ['provider'],
    registers: [registry],
  });
  const ran = (job: Job) => (job.finishedOn && job.processedOn ? (job.finishedOn - job.processedOn) / 1000 : null);
  return {
    registry,
    observe(worker) {
      const queue = worker.name;
      worker.on('completed', (job) => {
        completed.inc({ queue });
        const s = ran(job);
        if (s !== null) duration.observe({ queue, outcome: 'completed' }, s);
      });
      worker.on('failed', (job, err) => {
        // A poll putting itself back to sleep is not a failure.
        if (!job || err?.name === 'DelayedError') return;
        const final = job.attemptsMade >= (job.opts.attempts ?? 1) || err?.name === 'UnrecoverableError';
        failures.inc({ queue, final: String(final) });
        const s = ran(job);
        if (s !== null) duration.observe({ queue, outcome: 'failed' }, s);
      });
    },
    requeued(kind, count) {
      if (count > 0) requeued.inc({ kind }, count);
    },
    billReconciled(provider, outcome, verdicts, differences) {
      billRuns.inc({ provider, outcome });
      for (const [verdict, n] of Object.entries(verdicts)) if (n) billVerdicts.inc({ provider, verdict }, n);
      if (outcome === 'reconciled') billOpen.set({ provider }, differences);
    },
  };
}
