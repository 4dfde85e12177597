import type { Db } from '@shop/db';
import type { Logger } from 'pino';
import type { WorkersConfig } from './config/index.js';
import type { Queues } from './queues.js';
import type { ProviderRegistry } from '@shop/payments/registry';
import type { WorkerMetrics } from './metrics/jobs.js';
import type { StatusEvents } from './status-events.js';

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
