import type { FastifyInstance } from 'fastify';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig, type GatewayConfig, type RawConfig } from '@shop/config';
import { createTestDatabase } from './db.js';
import { uniquePrefix } from './redis.js';

export interface TestApp {
  app: FastifyInstance;
  config: GatewayConfig;
  db: FastifyInstance['db'];
}

/** The real gateway on a fresh database and the shared test Redis, for inject() or listen(). */
export async function buildTestApp(t: { teardown(fn: () => unknown): void }, env: RawConfig = {}): Promise<TestApp> {
  // The app closes before its database is dropped: a forced drop under an open pool would make
  // the pool's idle connections fail unheard.
  const dropDatabase: (() => unknown)[] = [];
  const { url } = await createTestDatabase({ teardown: (fn) => dropDatabase.push(fn) });
  const config = loadGatewayConfig({ ...process.env, DATABASE_URL: url, QUEUE_PREFIX: uniquePrefix(), ...env });
  let app: FastifyInstance | undefined;
  t.teardown(async () => {
    await app?.close();
    for (const fn of dropDatabase) await fn();
  });
  app = await buildApp({ config });
  await app.ready();
  return { app, config, db: app.db };
}
