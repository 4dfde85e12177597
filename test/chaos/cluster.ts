import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../../scripts/src/stack/database.js';
import { startMailSink } from '../../scripts/src/stack/mail.js';
import { startPostgres, type RunningPostgres } from '../../scripts/src/stack/postgres.js';
import { startRedis, type RunningRedis } from '../../scripts/src/stack/redis.js';
import getPort from 'get-port';
import { portOpen, waitFor } from '../../scripts/src/stack/util.js';
import { root } from '../workers/processes.js';

// The shop as `npm start` runs it, but with every part killable: an embedded PostgreSQL and a
// redis-server of its own, the payment sandboxes process, one gateway and two workers processes.
// Every process writes into one log file, so a failed run can be read afterwards.

type T = { teardown(fn: () => unknown): void };

interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Cluster {
  base: string;
  databaseUrl: string;
  redisUrl: string;
  sandboxUrl: string;
  paymentsFile: string;
  log: string;
  workers: Proc[];
  /** SIGKILL one workers process (no chance to finish anything) and start a new one in its place. */
  killWorker(i: number): Promise<void>;
  restartRedis(): Promise<void>;
  restartPostgres(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(t: T, dir: string, env: Record<string, string>): Promise<Cluster> {
  const log = path.join(dir, 'chaos.log');
  const note = (line: string) => appendFileSync(log, `--- ${new Date().toISOString()} ${line}\n`);
  const pgPort = await getPort();
  const redisPort = await getPort();
  let postgres: RunningPostgres = await startPostgres({ dir: path.join(dir, 'pg'), port: pgPort, persistent: true });
  t.teardown(() => postgres.stop().catch(() => {}));
  await prepareDatabase(postgres.url);
  // Durable across the fast shutdowns used here, and much quicker than an fsync per commit.
  const admin = new pg.Client({ connectionString: postgres.adminUrl('postgres') });
  await admin.connect();
  await admin.query('alter database shop set synchronous_commit = off');
  await admin.end();
  let redis: RunningRedis = await startRedis({ dir: path.join(dir, 'redis'), port: redisPort });
  t.teardown(() => redis.stop());
  const mail = await startMailSink({ smtpPort: await getPort(), webPort: await getPort() });
  t.teardown(() => mail.stop());

  const run = (name: string, script: string, extra: Record<string, string>): Proc => {
    const child = spawn(process.execPath, [path.join(root, script)], {
      cwd: root,
      env: { ...process.env, ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const write = (d: Buffer) => appendFileSync(log, d.toString().replace(/^(?=.)/gm, `[${name}] `));
    child.stdout!.on('data', write);
    child.stderr!.on('data', write);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    t.teardown(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    });
    return { child, exited };
  };

  const port = await getPort();
  const sandboxPort = await getPort();
  const base = `http://127.0.0.1:${port}`;
  const paymentsFile = path.join(dir, 'payments.json');
  run('sandboxes', 'sandboxes/dist/main.js', {
    APP_URL: base,
    SANDBOX_PORT: String(sandboxPort),
    PAYMENTS_CONFIG_FILE: paymentsFile,
    SANDBOX_TIME_SCALE: '0.01',
  });
  await waitFor('payment sandboxes', async () => existsSync(paymentsFile) && (await portOpen(sandboxPort)), 30_000);

  const shopEnv = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SMTP_URL: mail.smtpUrl,
    PAYMENTS_CONFIG_FILE: paymentsFile,
    PORT: String(port),
    PUBLIC_URL: base,
  };
  run('gateway', 'gateway/dist/server.js', shopEnv);
  const workers = [0, 1].map((i) => run(`workers-${i}`, 'workers/dist/main.js', shopEnv));
  await waitFor('gateway', async () => (await fetch(`${base}/health/ready`)).status === 200, 30_000);

  return {
    base,
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    paymentsFile,
    log,
    workers,
    async killWorker(i) {
      note(`SIGKILL workers-${i}`);
      workers[i]!.child.kill('SIGKILL');
      await workers[i]!.exited;
      workers[i] = run(`workers-${i}`, 'workers/dist/main.js', shopEnv);
    },
    async restartRedis() {
      note('restarting Redis');
      await redis.stop();
      redis = await startRedis({ dir: path.join(dir, 'redis'), port: redisPort });
    },
    async restartPostgres(downMs) {
      note('stopping PostgreSQL');
      await postgres.stop();
      await new Promise((r) => setTimeout(r, downMs));
      postgres = await startPostgres({ dir: path.join(dir, 'pg'), port: pgPort, persistent: true });
      note('PostgreSQL is back');
    },
    async stop() {
      for (const w of workers) w.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
    },
  };
}
