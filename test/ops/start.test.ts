import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import t from 'tap';
import getPort from 'get-port';
import { portOpen } from '../../scripts/src/stack/util.js';
import { eventually, tempDir } from '../helpers/tmp.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function npmStart(dataDir: string, ports: { http: number; pg: number; redis: number; mailWeb: number }) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.http),
    EMBEDDED_PG_PORT: String(ports.pg),
    EMBEDDED_REDIS_PORT: String(ports.redis),
    MAIL_WEB_PORT: String(ports.mailWeb),
    SHOP_DATA_DIR: dataDir,
    NODE_ENV: 'development',
  };
  // npm start brings its own PostgreSQL, Redis and mail sink when none is configured.
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete env[k];
  // A process group of its own, so the test can press Ctrl-C the way a terminal does.
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out, ctrlC: () => process.kill(-child.pid!, 'SIGINT') };
}

t.test('npm start brings the stack up, keeps its data, and Ctrl-C leaves nothing behind', async (t) => {
  const dataDir = tempDir(t, 'shop-start-');
  const ports = { http: await getPort(), pg: await getPort(), redis: await getPort(), mailWeb: await getPort() };
  const base = `http://127.0.0.1:${ports.http}`;

  const first = await npmStart(dataDir, ports);
  t.teardown(() => {
    try {
      process.kill(-first.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  await eventually('ready', async () => (await fetch(`${base}/health/ready`)).status === 200, 90_000);
  t.pass('/health/ready answers 200');
  const index = await fetch(`${base}/`, { redirect: 'follow' });
  t.equal(index.url, `${base}/shop/index`, 'curl -L / lands on the SPA index');
  t.match(await index.text(), /<div id="root">/);
  await eventually('the banner', async () => /storefront\s+http:\/\/localhost:\d+\/shop\/index/.test(first.output()), 10_000);
  t.match(first.output(), /storefront\s+http:\/\/localhost:\d+\/shop\/index/, 'prints the URLs');
  t.match(first.output(), /mail sink\s+http:/);

  const db = new pg.Client({ connectionString: `postgres://shop:shop-local-only@127.0.0.1:${ports.pg}/shop` });
  await db.connect();
  await db.query(`insert into users (email, first_name, last_name, password_hash) values ('kept@example.com', 'K', 'P', 'x')`);
  await db.end();

  first.ctrlC();
  t.equal(await first.exited, 0, 'Ctrl-C exits cleanly');
  for (const [name, port] of Object.entries(ports)) t.notOk(await portOpen(port), `${name} port ${port} is closed`);

  const second = await npmStart(dataDir, ports);
  t.teardown(() => {
    try {
      process.kill(-second.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  await eventually('ready again', async () => (await fetch(`${base}/health/ready`)).status === 200, 90_000);
  const db2 = new pg.Client({ connectionString: `postgres://shop:shop-local-only@127.0.0.1:${ports.pg}/shop` });
  await db2.connect();
  const kept = await db2.query(`select email from users where email = 'kept@example.com'`);
  await db2.end();
  t.equal(kept.rowCount, 1, 'a second npm start keeps the data of the first');
  second.ctrlC();
  t.equal(await second.exited, 0);
  for (const [name, port] of Object.entries(ports)) t.notOk(await portOpen(port), `${name} port ${port} is closed after the second run`);
});
