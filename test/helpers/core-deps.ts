// The core tier's stand-in for a process: core's dependencies over a fresh test database, real
// Redis queues under their own prefix, and the given providers. No gateway, no workers: tests call
// core's commands directly, as the gateway and the workers do.
import type { CoreDeps } from '@shop/core';
import { silentStatusEvents } from '@shop/core/status-events';
import { closeQueues, createQueues, producerConnection } from '@shop/jobs';
import type { ProviderRegistry } from '@shop/payments/registry';
import { createTestDatabase } from './db.js';
import { requireEnv } from './env.js';
import { uniquePrefix } from './redis.js';

export interface CoreTestDeps extends CoreDeps {
  /** What core logged as a warning, for assertions. */
  warnings: string[];
}

export async function coreDeps(t: { teardown(fn: () => unknown): void }, providers: ProviderRegistry): Promise<CoreTestDeps> {
  const { db } = await createTestDatabase(t);
  const producer = producerConnection(requireEnv('REDIS_URL'));
  const queues = createQueues(producer, uniquePrefix(), undefined, 0.01);
  t.teardown(async () => {
    await closeQueues(queues);
    await producer.quit().catch(() => undefined);
  });
  const warnings: string[] = [];
  return {
    db,
    queues,
    events: silentStatusEvents,
    providers,
    log: { warn: (_obj, msg) => void warnings.push(msg) },
    config: { retryDelayScale: 0.01, publicUrl: 'http://127.0.0.1:9' },
    warnings,
  };
}

let buyers = 0;

/** A buyer account, straight into the table (the account flows are not what core tests test). */
export async function newBuyer(deps: Pick<CoreDeps, 'db'>, role: 'buyer' | 'operator' = 'buyer'): Promise<{ id: number; email: string }> {
  const email = `core-${process.pid}-${Date.now()}-${++buyers}@example.com`;
  const u = await deps.db
    .insertInto('users')
    .values({ first_name: 'Core', last_name: 'Test', password_hash: 'x', email, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: u.id, email };
}
