import type { Db } from '@shop/db';
import type { GatewayConfig } from '@shop/config';
import type { Queues } from '@shop/jobs';
import type { StatusEvents } from '@shop/core';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRegistry } from '@shop/payments/registry';
import type { CatalogCache } from './catalog.js';
import type { EbookCopies } from '@shop/core/ebook-copies';

/** What the service layer needs; both faces (GraphQL and legacy REST) build it from the app. */
export interface ServiceDeps {
  db: Db;
  redis: Redis;
  queues: Queues;
  config: GatewayConfig;
  log: FastifyBaseLogger;
  providers: ProviderRegistry;
  catalog: CatalogCache;
  /** Order payment-state changes, published for the live payment pages (see status-hub.ts). */
  events: StatusEvents;
  /** The buyers' encrypted e-book copies, in the folder the replicas and the workers share. */
  ebooks: EbookCopies;
}
