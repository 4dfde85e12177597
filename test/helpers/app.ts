import type { FastifyInstance } from 'fastify';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig, type GatewayConfig, type RawConfig } from '@shop/workers';
import { createTestDatabase } from './db.js';
import { uniquePrefix } from './redis.js';

export interface TestApp {
  app: FastifyInstance;
  config: GatewayConfig;
  db: FastifyInstance['db'];
}

/** The real gateway on a fresh database and the shared test Redis, for inject() or listen(). */
export async function buildTestApp(t: { teardown(fn: () => unknown): void }, env: RawConfig = {}): Promise<TestApp> {
  const { url } = await createTestDatabase(t);
  const config = loadGatewayConfig({ ...process.env, DATABASE_URL: url, QUEUE_PREFIX: uniquePrefix(), ...env });
  const app = await buildApp({ config });
  t.teardown(() => app.close());
  await app.ready();
  return { app, config, db: app.db };
}
