import { mkdtempSync, chmodSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import { loadWorkersConfig } from '@shop/config';
import { prepareDatabase } from '../stack/database.js';
import { startPostgres } from '../stack/postgres.js';
import { GATEWAY_NODE_FLAGS } from '../stack/node-flags.js';
import { startNode, type ManagedProcess } from '../stack/processes.js';
import { startRedis } from '../stack/redis.js';
import { startMailSink } from '../stack/mail.js';
import { postmasterPid } from './cpu.js';
import { portOpen, waitFor } from '../stack/util.js';

export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface BenchStack {
  databaseUrl: string;
  redisUrl: string;
  gatewayUrl: string;
  bareUrl: string;
  sandboxUrl: string;
  /** The BullMQ key prefix the gateway and workers were configured with. */
  queuePrefix: string;
  gateway: ManagedProcess;
  /** Root pids per process group, for the CPU split per case. */
  pids: Record<'gateway' | 'workers' | 'sandboxes' | 'postgres' | 'redis' | 'bare', () => number | undefined>;
  stop: () => Promise<void>;
}

/** The real stack on throwaway data: PostgreSQL, Redis, mail sink, sandboxes, gateway, workers. */
export async function startBenchStack(): Promise<BenchStack> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  chmodSync(tmp, 0o755);
  const stops: Array<() => Promise<unknown>> = [];
  const pg = await startPostgres({ dir: path.join(tmp, 'pg'), port: await getPort(), persistent: false });
  stops.push(pg.stop);
  const redis = await startRedis({ dir: path.join(tmp, 'redis'), port: await getPort() });
  stops.push(redis.stop);
  const mail = await startMailSink({ smtpPort: await getPort(), webPort: await getPort() });
  stops.push(mail.stop);
  await prepareDatabase(pg.url);

  const port = await getPort();
  const sandboxPort = await getPort();
  const barePort = await getPort();
  const paymentsConfigFile = path.join(tmp, 'payments.json');
  const procs: ManagedProcess[] = [];
  // BENCH_LOG_LEVEL (e.g. info) makes the stack's processes log more than errors, for a diagnosis.
  const quiet = { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error' };
  // BENCH_GATEWAY_ARGS, BENCH_WORKERS_ARGS, BENCH_SANDBOX_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") for profiling.
  const args = (name: string) => (process.env[name] ?? '').split(' ').filter(Boolean);
  procs.push(
    startNode(
      'sandboxes',
      path.join(root, 'sandboxes/dist/main.js'),
      {
        ...quiet,
        APP_URL: `http://127.0.0.1:${port}`,
        SANDBOX_PORT: String(sandboxPort),
        PAYMENTS_CONFIG_FILE: paymentsConfigFile,
        SANDBOX_TIME_SCALE: '0.001',
      },
      args('BENCH_SANDBOX_ARGS'),
    ),
  );
  await waitFor('sandboxes', async () => existsSync(paymentsConfigFile), 120_000);
  const env = {
    ...quiet,
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_URL: pg.url,
    DATABASE_POOL_SIZE: '20',
    REDIS_URL: redis.url,
    SMTP_URL: mail.smtpUrl,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: path.join(root, 'web/dist'),
    CONTENT_DIR: path.join(root, 'content/books'),
    EBOOK_CACHE_DIR: path.join(tmp, 'ebook-copies'),
    PAYMENTS_CONFIG_FILE: paymentsConfigFile,
    // Production mode against the local sandboxes: plain http on loopback only.
    PAYMENTS_LOOPBACK_HTTP: 'true',
    RATE_LIMIT_SCALE: '1000',
    RETRY_DELAY_SCALE: '1',
    COOKIE_SECURE: 'false',
    WORKER_CONCURRENCY: '10',
    // The bench reads the gateway's heap figures from /metrics while sampling its RSS.
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  };
  // The production launch's heap bounds; BENCH_GATEWAY_ARGS come after them, so they may override one.
  const gateway = startNode('gateway', path.join(root, 'gateway/dist/server.js'), env, [...GATEWAY_NODE_FLAGS, ...args('BENCH_GATEWAY_ARGS')]);
  procs.push(gateway, startNode('workers', path.join(root, 'workers/dist/main.js'), env, args('BENCH_WORKERS_ARGS')));
  procs.push(
    startNode('bare', path.join(root, 'scripts/dist/bench/bare-server.js'), {
      PORT: String(barePort),
      PLAIN_FILE: path.join(root, 'content/books/book-1.pdf'),
    }),
  );
  // A loaded shared machine can take well over 30 s to start a production gateway (prerender warm-up).
  await waitFor('gateway', async () => portOpen(port), 120_000);
  await waitFor('bare fastify', async () => portOpen(barePort), 30_000);
  return {
    databaseUrl: pg.url,
    redisUrl: redis.url,
    gatewayUrl: `http://127.0.0.1:${port}`,
    bareUrl: `http://127.0.0.1:${barePort}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    queuePrefix: loadWorkersConfig(env).queuePrefix,
    gateway,
    pids: {
      gateway: () => gateway.child.pid,
      workers: () => procs[2]?.child.pid,
      sandboxes: () => procs[0]?.child.pid,
      postgres: () => postmasterPid(path.join(tmp, 'pg')),
      redis: () => redis.process.pid,
      bare: () => procs[3]?.child.pid,
    },
    stop: async () => {
      await Promise.all(procs.map((p) => p.stop()));
      for (const s of stops.reverse()) await s().catch(() => {});
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
