import type { Db } from '@shop/db';
import type { Logger } from 'pino';
import type { WorkersConfig } from './config/index.js';
import type { Queues } from './queues.js';
import type { ProviderRegistry } from '@shop/payments/registry';

export interface WorkerDeps {
  config: WorkersConfig;
  db: Db;
  log: Logger;
  queues: Queues;
  providers: ProviderRegistry;
}
