import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@shop/gateway';
import {
  createQueues,
  closeQueues,
  createLogger,
  loadGatewayConfig,
  loadWorkersConfig,
  producerConnection,
  workerConnection,
  type GatewayConfig,
  type RawConfig,
} from '@shop/workers';
import { buildProcessors, startWorkers } from '../../workers/src/runtime.js';
import { createDb, type Db } from '@shop/db';
import { startRegistrationService, type RegistrationServiceSandbox } from '../../scripts/src/sandboxes/registration-service.js';
import { createTestDatabase } from './db.js';
import { Client } from './http.js';
import { uniquePrefix } from './redis.js';

export interface TestStack {
  app: FastifyInstance;
  base: string;
  db: Db;
  config: GatewayConfig;
  registration: RegistrationServiceSandbox;
  client: () => Client;
}

type T = { teardown(fn: () => unknown): void };

/** Gateway listening on a real port, workers in-process, a fresh database, its own queue prefix. */
export async function startStack(t: T, env: RawConfig = {}, opts: { workers?: boolean } = {}): Promise<TestStack> {
  const { url } = await createTestDatabase(t);
  const registration = await startRegistrationService();
  t.teardown(() => registration.app.close());
  const common = { ...process.env, DATABASE_URL: url, QUEUE_PREFIX: uniquePrefix(), REGISTRATION_SERVICE_URL: registration.url, ENABLE_TEST_HOOKS: 'true', ...env };
  const config = loadGatewayConfig({ ...common, PORT: '0' });
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.teardown(() => app.close());
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  if (opts.workers !== false) {
    const wconfig = loadWorkersConfig(common);
    const db = createDb(url, { max: 4 });
    const producer = producerConnection(wconfig.redisUrl);
    const connection = workerConnection(wconfig.redisUrl);
    const queues = createQueues(producer, wconfig.queuePrefix);
    const deps = { config: wconfig, db, log: createLogger('test-workers', 'silent'), queues };
    const workers = startWorkers(deps, connection, buildProcessors(deps));
    t.teardown(async () => {
      await Promise.all(workers.map((w) => w.close()));
      await closeQueues(queues);
      await Promise.allSettled([producer.quit(), connection.quit(), db.destroy()]);
    });
  }
  return { app, base, db: app.db, config, registration, client: () => new Client(base) };
}

export function uniqueEmail(tag = 'buyer'): string {
  return `${tag}-${randomBytes(5).toString('hex')}@example.com`;
}
