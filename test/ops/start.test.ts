// `npm start` on ports of the test's choosing (so it runs beside a shop already open on the default
// ports): it brings the stack up, keeps its data, listens on no port but those, and leaves nothing
// running after Ctrl-C or after a start that fails half-way.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import t from 'tap';
import getPort from 'get-port';
import { portOpen } from '../../scripts/src/stack/util.js';
import { listeningPorts, processesOf, watchOutput } from '../helpers/proc.js';
import { eventually, tempDir } from '../helpers/tmp.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every port npm start listens on, by the setting that moves it. */
const PORT_SETTINGS = {
  PORT: 'the shop',
  EMBEDDED_PG_PORT: 'embedded PostgreSQL',
  EMBEDDED_REDIS_PORT: 'redis-server',
  MAIL_SMTP_PORT: 'mail sink SMTP',
  MAIL_WEB_PORT: 'mail sink web page',
  REGISTRATION_SANDBOX_PORT: 'registration sandbox',
  SMS_SANDBOX_PORT: 'SMS sandbox',
  SANDBOX_PORT: 'payment sandboxes',
} as const;
type Ports = Record<keyof typeof PORT_SETTINGS, number>;

async function freePorts(): Promise<Ports> {
  const ports = {} as Ports;
  for (const name of Object.keys(PORT_SETTINGS) as Array<keyof Ports>) ports[name] = await getPort({ exclude: Object.values(ports) });
  return ports;
}

const MARK = 'SHOP_START_TEST_RUN';

function npmStart(t: { teardown(fn: () => unknown): void }, dataDir: string, ports: Ports) {
  // Set for this npm start only: every process it starts inherits it, which is (with its process
  // group) how the test finds them (test/helpers/proc.ts).
  const mark = randomUUID();
  const env: NodeJS.ProcessEnv = { ...process.env, SHOP_DATA_DIR: dataDir, NODE_ENV: 'development', [MARK]: mark };
  for (const [name, port] of Object.entries(ports)) env[name] = String(port);
  // npm start brings its own PostgreSQL, Redis, mail sink and sandboxes when none is configured.
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'REGISTRATION_SERVICE_URL', 'SMS_ACCESS_KEY_ID', 'PAYMENTS_CONFIG_FILE', 'WORKERS_METRICS_PORT'])
    delete env[k];
  // A process group of its own, so the test can press Ctrl-C the way a terminal does.
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const { exited, printed, output } = watchOutput(child);
  const processes = () => processesOf(child.pid!, MARK, mark);
  // Whatever the test leaves behind when it fails part-way.
  t.teardown(() => {
    for (const p of processes()) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  return {
    exited: exited.then((e) => e.code),
    printed,
    output,
    processes,
    ctrlC: () => process.kill(-child.pid!, 'SIGINT'),
  };
}

const allPorts = (ports: Ports) => Object.values(ports).sort((a, b) => a - b);

t.test('npm start brings the stack up on the ports it is given, keeps its data, and Ctrl-C leaves nothing behind', async (t) => {
  const dataDir = tempDir(t, 'shop-start-');
  const ports = await freePorts();
  const base = `http://127.0.0.1:${ports.PORT}`;

  const first = npmStart(t, dataDir, ports);
  // No deadline of its own: a slow machine only makes it slower; an npm start that exits fails it.
  await first.printed(/shop is up/);
  await eventually('ready', async () => (await fetch(`${base}/health/ready`)).status === 200, 60_000);
  t.pass('/health/ready answers 200');
  const index = await fetch(`${base}/`, { redirect: 'follow' });
  t.equal(index.url, `${base}/shop/index`, 'curl -L / lands on the SPA index');
  t.match(await index.text(), /<div id="root">/);
  t.match(first.output(), /storefront\s+http:\/\/localhost:\d+\/shop\/index/, 'prints the URLs');
  t.match(first.output(), new RegExp(`mail sink\\s+http://127.0.0.1:${ports.MAIL_WEB_PORT}`));
  t.match(first.output(), new RegExp(`SMS sandbox\\s+http://127.0.0.1:${ports.SMS_SANDBOX_PORT}/messages`));

  const running = first.processes();
  const parts = {
    'redis-server': /redis-server/,
    PostgreSQL: /postgres/,
    'mail sink': /maildev/,
    'payment sandboxes': /sandboxes\/dist\/main\.js/,
    gateway: /gateway\/dist\/server\.js/,
    workers: /workers\/dist\/main\.js/,
  };
  for (const [name, command] of Object.entries(parts))
    t.ok(
      running.some((p) => command.test(p.command)),
      `${name} runs`,
    );
  t.same(listeningPorts(running.map((p) => p.pid)), allPorts(ports), 'it listens on exactly the ports it was given');

  const db = new pg.Client({ connectionString: `postgres://shop:shop-local-only@127.0.0.1:${ports.EMBEDDED_PG_PORT}/shop` });
  await db.connect();
  await db.query(`insert into users (email, first_name, last_name, password_hash) values ('kept@example.com', 'K', 'P', 'x')`);
  await db.end();

  first.ctrlC();
  t.equal(await first.exited, 0, 'Ctrl-C exits cleanly');
  await first.printed(/stopped\.\n/);
  t.same(first.processes(), [], 'no process it started is left');
  for (const [name, port] of Object.entries(ports)) t.notOk(await portOpen(port), `${name} ${port} is closed`);

  const second = npmStart(t, dataDir, ports);
  await second.printed(/shop is up/);
  const db2 = new pg.Client({ connectionString: `postgres://shop:shop-local-only@127.0.0.1:${ports.EMBEDDED_PG_PORT}/shop` });
  await db2.connect();
  const kept = await db2.query(`select email from users where email = 'kept@example.com'`);
  await db2.end();
  t.equal(kept.rowCount, 1, 'a second npm start keeps the data of the first');
  second.ctrlC();
  t.equal(await second.exited, 0);
  t.same(second.processes(), [], 'no process it started is left after the second run');
  for (const [name, port] of Object.entries(ports)) t.notOk(await portOpen(port), `${name} ${port} is closed after the second run`);
});

t.test('a start that fails on a port in use says which and stops everything it had started', async (t) => {
  const dataDir = tempDir(t, 'shop-start-fail-');
  const ports = await freePorts();
  // The SMS sandbox starts after PostgreSQL, Redis, the mail sink and the registration sandbox.
  const squatter = net.createServer();
  await new Promise<void>((resolve) => squatter.listen(ports.SMS_SANDBOX_PORT, '127.0.0.1', resolve));
  t.teardown(() => squatter.close());

  const start = npmStart(t, dataDir, ports);
  const code = await start.exited;
  t.not(code, 0, 'it exits non-zero');
  // Its last lines, written before it exited.
  await start.printed(/npm start failed:[^]*stopped\.\n/);
  t.match(
    start.output(),
    `npm start failed: port ${ports.SMS_SANDBOX_PORT} (SMS sandbox) is already in use: stop what listens there or set SMS_SANDBOX_PORT to another port`,
  );
  for (const started of [/starting embedded PostgreSQL/, /starting redis-server/]) t.match(start.output(), started, 'it had started the services before');
  t.match(start.output(), /stopping \(npm start failed\) \.\.\.\nstopped\./);
  t.same(start.processes(), [], 'no process it started is left');
  for (const name of ['EMBEDDED_PG_PORT', 'EMBEDDED_REDIS_PORT', 'MAIL_SMTP_PORT', 'MAIL_WEB_PORT', 'REGISTRATION_SANDBOX_PORT'] as const) {
    t.notOk(await portOpen(ports[name]), `${name} ${ports[name]} is closed`);
  }
});
