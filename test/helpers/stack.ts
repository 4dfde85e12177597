import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@shop/gateway';
import { createQueues, closeQueues, producerConnection, workerConnection } from '@shop/jobs';
import { createLogger } from '@shop/config';
import { redisStatusEvents } from '@shop/core/status-events';
import { loadGatewayConfig, loadWorkersConfig, type GatewayConfig, type RawConfig } from '@shop/config';
import { buildProcessors, closeWorkers, createTransport, scheduleMaintenance, startWorkers } from '@shop/workers';
import { createDb, type Db } from '@shop/db';
import { startRegistrationService, type RegistrationServiceSandbox } from '@shop/sandboxes/registration/service';
import { startSmsSandbox, type SmsSandbox } from '@shop/sandboxes/sms/server';
import { sandboxSmsEnv } from '@shop/sandboxes/sms/options';
import { createTestDatabase } from './db.js';
import { failOnLegacyMismatches } from './app.js';
import { generateSandboxCredentials, startSandboxes, type RunningSandboxes, type SandboxCredentials, type SandboxSetups } from '@shop/sandboxes/combined';
import { providersFromConfig, readPaymentsConfig } from '@shop/payments/registry';
import getPort from 'get-port';
import { Client } from './http.js';
import { uniquePrefix } from './redis.js';
import { tempDir } from './tmp.js';
import { timed } from './timings.js';
import { warmUpSetting } from './warm-up.js';

export interface TestStack {
  app: FastifyInstance;
  base: string;
  db: Db;
  config: GatewayConfig;
  registration: RegistrationServiceSandbox;
  /** The SMS provider sandbox the workers send codes to. */
  sms: SmsSandbox;
  sandboxes: RunningSandboxes | null;
  client: () => Client;
}

type T = { teardown(fn: () => unknown): void };

/** What a test stack's gateway and workers are configured with: its database, queues, folders and sandboxes. */
async function stackEnv(t: T, env: RawConfig): Promise<{ common: RawConfig; url: string; registration: RegistrationServiceSandbox; sms: SmsSandbox }> {
  const { url } = await createTestDatabase(t);
  const registration = await startRegistrationService();
  t.teardown(() => registration.app.close());
  const sms = await startSmsSandbox();
  t.teardown(() => sms.close());
  const common = {
    ...process.env,
    ...sandboxSmsEnv(sms.url),
    DATABASE_URL: url,
    CONTENT_DIR: new URL('../../content/books', import.meta.url).pathname,
    // Each stack its own folder of encrypted copies (the gateway and the workers share it).
    EBOOK_CACHE_DIR: tempDir(t, 'shop-ebooks-'),
    LEGAL_DIR: new URL('../../content/legal', import.meta.url).pathname,
    QUEUE_PREFIX: uniquePrefix(),
    REGISTRATION_SERVICE_URL: registration.url,
    ENABLE_TEST_HOOKS: 'true',
    CHECK_LEGACY_ANSWERS: 'true',
    ...warmUpSetting(),
    ...env,
  };
  return { common, url, registration, sms };
}

/** The workers in the test's process, on the stack's database and queue prefix; stopped at teardown. */
async function startTestWorkers(t: T, common: RawConfig, url: string, sandboxes: RunningSandboxes | null): Promise<void> {
  const wconfig = loadWorkersConfig(common);
  const db = createDb(url, { max: 4 });
  const producer = producerConnection(wconfig.redisUrl);
  const connection = workerConnection(wconfig.redisUrl);
  const queues = createQueues(producer, wconfig.queuePrefix, undefined, wconfig.retryDelayScale);
  const log = createLogger('test-workers', 'silent');
  const deps = {
    config: wconfig,
    db,
    log,
    queues,
    events: redisStatusEvents(producer, wconfig.queuePrefix, log),
    providers: sandboxes ? providersFromConfig(sandboxes.adapters) : providersFromConfig(readPaymentsConfig(wconfig.paymentsConfigFile)),
  };
  const mail = createTransport(wconfig.smtpUrl);
  const workers = startWorkers(deps, connection, buildProcessors(deps, mail));
  await scheduleMaintenance(queues, 200);
  t.teardown(async () => {
    await closeWorkers(workers);
    mail.close();
    await closeQueues(queues);
    await Promise.allSettled([producer.quit(), connection.quit(), db.destroy()]);
  });
}

/** Gateway listening on a real port, workers in-process, a fresh database, its own queue prefix. */
export async function startStack(
  t: T,
  env: RawConfig = {},
  opts: { workers?: boolean; payments?: boolean; timeScale?: number; setups?: SandboxSetups } = {},
): Promise<TestStack> {
  const { common, url, registration, sms } = await timed('stack: database and services', () => stackEnv(t, env));
  const { app, base, config, sandboxes } = await timed('stack: gateway and sandboxes', () => listeningGateway(t, common, opts));
  failOnLegacyMismatches(t, app);
  if (opts.workers !== false) await timed('stack: workers', () => startTestWorkers(t, common, url, sandboxes));
  return { app, base, db: app.db, config, registration, sms, sandboxes, client: () => new Client(base) };
}

export type InProcessStack = Omit<TestStack, 'base' | 'sandboxes'>;

/**
 * The gateway and the workers in the test's process without a port: clients speak to the app
 * through inject(). The registration service and SMS sandboxes run as for startStack; payments go
 * to the providers of PAYMENTS_CONFIG_FILE, if any. For tests of the API's answers, validation,
 * limits, authorization and the workers' jobs, where a listening gateway and payment sandboxes
 * prove nothing more.
 */
export async function startInProcess(t: T, env: RawConfig = {}, opts: { workers?: boolean } = {}): Promise<InProcessStack> {
  const { common, url, registration, sms } = await stackEnv(t, env);
  const config = loadGatewayConfig({ ...common, PUBLIC_URL: common.PUBLIC_URL ?? 'http://127.0.0.1' });
  const app = await buildApp({ config });
  t.teardown(() => app.close());
  failOnLegacyMismatches(t, app);
  await app.ready();
  if (opts.workers !== false) await startTestWorkers(t, common, url, null);
  return { app, db: app.db, config, registration, sms, client: () => Client.of(app) };
}

// One set of sandbox keys for every stack of a test run: generating them (six RSA key pairs and
// three certificates) took 1-2 s of CPU per stack, 5 s of wall time under load, and some 30 files
// start payment sandboxes. The stacks share no sandbox, gateway or database, so the same merchant
// keys in each prove as much as fresh ones.
let sandboxCredentials: Promise<SandboxCredentials> | undefined;

/**
 * The run's sandbox keys: the first file that needs them writes them into the run's temp folder
 * (npm test's TEST_TMP_DIR), the others read them. Two files starting together may both generate;
 * the rename keeps the file whole, and either set works.
 */
async function runSandboxCredentials(): Promise<SandboxCredentials> {
  const dir = process.env.TEST_TMP_DIR;
  if (!dir) return generateSandboxCredentials();
  const file = path.join(dir, 'sandbox-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SandboxCredentials;
  const fresh = await generateSandboxCredentials();
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(fresh));
  renameSync(partial, file);
  return fresh;
}

/**
 * The gateway on a free port, with the payment sandboxes that call it back. get-port cannot reserve
 * a port against other processes (the suites run side by side): a port taken between the choice and
 * the listen is chosen again, sandboxes included, since they know the gateway by its URL.
 */
async function listeningGateway(t: T, common: RawConfig, opts: { payments?: boolean; timeScale?: number; setups?: SandboxSetups }) {
  for (let tries = 1; ; tries += 1) {
    const port = await getPort();
    const base = `http://127.0.0.1:${port}`;
    const sandboxes = opts.payments
      ? await startSandboxes({
          appUrl: base,
          timeScale: opts.timeScale ?? 0.001,
          setups: opts.setups,
          credentials: await (sandboxCredentials ??= runSandboxCredentials()),
        })
      : null;
    const config = loadGatewayConfig({ ...common, PORT: String(port), PUBLIC_URL: base });
    const app = await buildApp({ config, providers: sandboxes ? providersFromConfig(sandboxes.adapters) : undefined });
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (err) {
      await app.close();
      await sandboxes?.close();
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && tries < 5) continue;
      throw err;
    }
    if (sandboxes) t.teardown(() => sandboxes.close());
    t.teardown(() => app.close());
    return { app, base, config, sandboxes };
  }
}

export function uniqueEmail(tag = 'buyer'): string {
  return `${tag}-${randomBytes(5).toString('hex')}@example.com`;
}
