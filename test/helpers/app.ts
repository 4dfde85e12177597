import type { FastifyInstance } from 'fastify';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig, type GatewayConfig, type RawConfig } from '@shop/config';
import { createTestDatabase } from './db.js';
import { uniquePrefix } from './redis.js';
import { warmUpSetting } from './warm-up.js';
import { tempDir } from './tmp.js';

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
  const config = loadGatewayConfig({
    ...process.env,
    DATABASE_URL: url,
    QUEUE_PREFIX: uniquePrefix(),
    CHECK_LEGACY_ANSWERS: 'true',
    EBOOK_CACHE_DIR: tempDir(t, 'shop-ebooks-'),
    ...warmUpSetting(),
    ...env,
  });
  let app: FastifyInstance | undefined;
  t.teardown(async () => {
    await app?.close();
    for (const fn of dropDatabase) await fn();
  });
  app = await buildApp({ config });
  failOnLegacyMismatches(t, app);
  await app.ready();
  return { app, config, db: app.db };
}

/**
 * Every legacy answer of the test must match the OpenAPI document (CHECK_LEGACY_ANSWERS records
 * each one that does not); a throwing teardown fails the test that made the app.
 */
export function failOnLegacyMismatches(t: { teardown(fn: () => unknown): void }, app: FastifyInstance): void {
  t.teardown(() => {
    const found = app.legacyAnswerMismatches;
    if (found.length)
      throw new Error(`legacy answers that do not match the OpenAPI document:\n${found.map((m) => `${m.route} ${m.status}: ${m.problem}`).join('\n')}`);
  });
}
