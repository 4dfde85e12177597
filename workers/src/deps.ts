import type { Db } from '@shop/db';
import type { Logger } from 'pino';
import type { WorkersConfig } from '@shop/config';
import type { Queues } from '@shop/jobs';
import type { ProviderRegistry } from '@shop/payments/registry';
import type { WorkerMetrics } from './metrics/jobs.js';
import type { StatusEvents } from '@shop/core';

export interface WorkerDeps {
  config: WorkersConfig;
  db: Db;
  log: Logger;
  queues: Queues;
  providers: ProviderRegistry;
  /** Tells the gateways' live payment pages that an order's payment state changed. */
  events: StatusEvents;
  /** Present when the process exposes /metrics (WORKERS_METRICS_PORT). */
  metrics?: WorkerMetrics;
}
