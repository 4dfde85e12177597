import type { Db } from '@shop/db';
import type { Queues } from '@shop/jobs';
import type { ProviderRegistry } from '@shop/payments/registry';
import type { StatusEvents } from './status-events.js';

/** What the ledgers need; the gateway's service deps and the workers' deps both fit it. */
export interface CoreDeps {
  db: Db;
  queues: Queues;
  /** Order payment-state changes, published after the commit for the live payment pages. */
  events: StatusEvents;
  providers: ProviderRegistry;
  log: { warn(obj: object, msg: string): void };
  /**
   * publicUrl: where providers send refund notifications (`<publicUrl>/api/pay/notify/<provider>`);
   * firstPollMs: when a checkout's attempt is first asked about at its provider (scaled by retryDelayScale).
   */
  config: { retryDelayScale: number; publicUrl: string; firstPollMs: number };
}
