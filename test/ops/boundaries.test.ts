// Module boundaries: the rules of .dependency-cruiser.cjs hold on the real import
// graph of the workspaces, and the production processes, started for real, load no module of
// the dev-only sandboxes workspace.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import t from 'tap';
import { createTestDatabase } from '../helpers/db.js';
import { uniquePrefix } from '../helpers/redis.js';
import { eventually, tempDir } from '../helpers/tmp.js';
import { runNode } from '../workers/processes.js';
import getPort from 'get-port';

const root = fileURLToPath(new URL('../../', import.meta.url));
const configFile = path.join(root, '.dependency-cruiser.cjs');
const workspaces = ['schema', 'db', 'config', 'jobs', 'payments', 'core', 'sandboxes', 'workers', 'gateway', 'scripts'];
const recorder = pathToFileURL(path.join(root, 'test/helpers/record-loaded-modules.mjs')).href;

async function cruiseTree(baseDir: string, dirs: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(configFile);
  const { output } = await cruise(dirs, { ...options, baseDir });
  return output as ICruiseResult;
}

const describe = (v: IViolation) => `${v.rule.name}: ${v.from} -> ${v.to}${v.via ? ` via ${v.via.map((m) => m.name).join(' -> ')}` : ''}`;

t.test('the workspaces keep their boundaries (dependency-cruiser over the real sources)', async (t) => {
  const dirs = workspaces.map((w) => `${w}/src`).filter((d) => existsSync(path.join(root, d)));
  const result = await cruiseTree(root, dirs);
  const sources = new Set(result.modules.map((m) => m.source));
  // A graph that stopped resolving workspace imports would pass vacuously.
  for (const entry of ['gateway/src/server.ts', 'workers/src/main.ts', 'scripts/src/migrate.ts', 'payments/src/registry.ts', 'sandboxes/src/main.ts'])
    t.ok(sources.has(entry), `${entry} is in the graph`);
  t.ok(sources.has('payments/src/wechat/adapter.ts'), 'the gateway reaches the adapters through @shop/payments');
  const unresolved = result.modules.flatMap((m) =>
    m.dependencies.filter((d) => d.couldNotResolve && (d.module.startsWith('.') || d.module.startsWith('@shop/'))).map((d) => `${m.source} -> ${d.module}`),
  );
  t.same(unresolved, [], 'every relative and workspace import resolves');
  t.same(result.summary.violations.map(describe), [], 'no boundary rule is broken');
});

t.test('the rules catch a forbidden import, direct or transitive', async (t) => {
  const dir = tempDir(t, 'shop-boundaries-');
  const files: Record<string, string> = {
    'sandboxes/src/fake-provider.ts': 'export const fakeProvider = 1;\n',
    'payments/src/adapter.ts': "import { fakeProvider } from '../../sandboxes/src/fake-provider.js';\nexport const adapter = fakeProvider;\n",
    'payments/src/clean.ts': 'export const clean = 1;\n',
    'gateway/src/server.ts': "import { app } from './app.js';\nexport const server = app;\n",
    'gateway/src/app.ts': "import { fakeProvider } from '../../sandboxes/src/fake-provider.js';\nexport const app = fakeProvider;\n",
    'workers/src/main.ts': "import { clean } from '../../payments/src/clean.js';\nexport const main = clean;\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const result = await cruiseTree(dir, ['sandboxes/src', 'payments/src', 'gateway/src', 'workers/src']);
  const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  t.same(found, [
    'payments-not-sandboxes: payments/src/adapter.ts -> sandboxes/src/fake-provider.ts',
    'production-not-sandboxes: gateway/src/server.ts -> sandboxes/src/fake-provider.ts',
  ]);
});

/** The repository-relative paths of the modules a process loaded, as the recorder wrote them. */
function loadedModules(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((u) => u.startsWith('file:'))
    .map((u) => path.relative(root, fileURLToPath(u)).split(path.sep).join('/'));
}

const fromSandboxes = (modules: string[]) => modules.filter((m) => m.startsWith('sandboxes/') || m.includes('node_modules/@shop/sandboxes/'));

t.test('the loaded-module recorder sees a sandboxes module when one is loaded', async (t) => {
  const out = path.join(tempDir(t, 'shop-loaded-'), 'modules.txt');
  const p = runNode(t, 'sandboxes/dist/registration/service.js', { LOADED_MODULES_FILE: out }, [`--import=${recorder}`]);
  t.equal((await p.exited).code, 0, p.output());
  t.ok(fromSandboxes(loadedModules(out)).includes('sandboxes/dist/registration/service.js'));
});

t.test('the production processes load no module of sandboxes', async (t) => {
  const { url } = await createTestDatabase(t);
  const dir = tempDir(t, 'shop-loaded-');

  // The three processes run at once rather than one after the other; each records into its own file.
  const gatewayOut = path.join(dir, 'gateway.txt');
  const workersOut = path.join(dir, 'workers.txt');
  const migrateOut = path.join(dir, 'migrate.txt');
  const [gwExit, wkExit, mg] = await Promise.all([
    (async () => {
      const port = await getPort();
      const gw = runNode(t, 'gateway/dist/server.js', { DATABASE_URL: url, PORT: String(port), LOADED_MODULES_FILE: gatewayOut }, [`--import=${recorder}`]);
      // No deadline of its own for the start-up (slow on a loaded machine): one that exits fails.
      await gw.printed(/Server listening at/);
      await eventually('gateway ready', async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).status === 200, 60_000);
      gw.child.kill('SIGTERM');
      return gw.exited;
    })(),
    (async () => {
      const wk = runNode(t, 'workers/dist/main.js', { DATABASE_URL: url, QUEUE_PREFIX: uniquePrefix(), LOADED_MODULES_FILE: workersOut }, [
        `--import=${recorder}`,
      ]);
      await wk.printed(/workers started/);
      wk.child.kill('SIGTERM');
      return wk.exited;
    })(),
    (async () => {
      const migrate = runNode(t, 'scripts/dist/migrate.js', { DATABASE_URL: url, LOADED_MODULES_FILE: migrateOut }, [`--import=${recorder}`]);
      return { ...(await migrate.exited), output: migrate.output() };
    })(),
  ]);
  t.equal(gwExit.code, 0, 'gateway stopped cleanly');
  t.equal(wkExit.code, 0, 'workers stopped cleanly');
  t.equal(mg.code, 0, `migrate ran: ${mg.output}`);

  for (const [name, file, expected] of [
    ['gateway', gatewayOut, 'gateway/dist/app.js'],
    ['workers', workersOut, 'workers/dist/runtime.js'],
    ['migrate', migrateOut, 'scripts/dist/stack/database.js'],
  ] as const) {
    const modules = loadedModules(file);
    t.ok(modules.includes(expected), `${name}: the recorder saw its own modules (${expected})`);
    t.same(fromSandboxes(modules), [], `${name}: no sandboxes module loaded`);
  }
  t.ok(
    loadedModules(gatewayOut).some((m) => m.startsWith('payments/dist/')),
    'gateway: the payment adapters are loaded',
  );
});

t.test('the process rules catch gateway → workers, workers → gateway and shared → process imports', async (t) => {
  const dir = tempDir(t, 'shop-boundaries-');
  const files: Record<string, string> = {
    'workers/src/runtime.ts': 'export const runtime = 1;\n',
    'gateway/src/app.ts': "import { runtime } from '../../workers/src/runtime.js';\nexport const app = runtime;\n",
    'gateway/src/plain.ts': 'export const plain = 1;\n',
    'workers/src/main.ts': "import { plain } from '../../gateway/src/plain.js';\nexport const main = plain;\n",
    'core/src/ledger.ts': "import { runtime } from '../../workers/src/runtime.js';\nexport const ledger = runtime;\n",
    'core/src/index.ts': 'export const clean = 1;\n',
    'jobs/src/contract.ts': "import { clean } from '../../core/src/index.js';\nexport const contract = clean;\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const result = await cruiseTree(dir, ['workers/src', 'gateway/src', 'core/src', 'jobs/src']);
  const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  t.same(found, [
    'gateway-not-workers: gateway/src/app.ts -> workers/src/runtime.ts',
    'shared-not-processes: core/src/ledger.ts -> workers/src/runtime.ts',
    'workers-not-gateway: workers/src/main.ts -> gateway/src/plain.ts',
  ]);
});

// Orders, payment attempts, their trails, refunds and issued invoices change only through core's ledgers. Kysely writes
// and raw SQL are both found by a scan of the sources (a module graph cannot see SQL).
const ledgerTables = ['orders', 'payment_intents', 'order_events', 'payment_attempt_events', 'refunds', 'invoice_documents'];
const tableAlt = ledgerTables.join('|');
const ledgerWrite = new RegExp(
  `(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\\(\\s*['"\`](?:${tableAlt})(?:\\s+as\\s+\\w+)?['"\`]|\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?|merge\\s+into)\\s+(?:public\\.)?"?(?:${tableAlt})\\b"?`,
  'i',
);
/** Benchmark fixtures bulk-load orders directly for speed; they are no production path. */
const allowedOutsideCore = new Set(['scripts/src/bench/seed.ts']);

function sourceFiles(base: string, dir: string): string[] {
  const full = path.join(base, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(base, rel);
    return /\.(ts|mts|js|mjs|cjs)$/.test(e.name) ? [rel] : [];
  });
}

function ledgerWritesOutsideCore(base: string): string[] {
  return workspaces
    .filter((w) => w !== 'core')
    .flatMap((w) => sourceFiles(base, `${w}/src`))
    .filter((f) => !f.startsWith('db/src/migrations/') && !allowedOutsideCore.has(f))
    .flatMap((f) =>
      readFileSync(path.join(base, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (ledgerWrite.test(line) ? [`${f}:${i + 1}`] : [])),
    );
}

t.test('no file outside core writes orders, payment attempts, their trails or refunds', async (t) => {
  t.same(ledgerWritesOutsideCore(root), [], 'every write of a ledger table is in core/');
  t.ok(
    sourceFiles(root, 'core/src').some((f) => ledgerWrite.test(readFileSync(path.join(root, f), 'utf8'))),
    'the scan does see the writes core makes',
  );
});

t.test('the ledger-write scan catches Kysely and raw SQL writes outside core', async (t) => {
  const dir = tempDir(t, 'shop-ledger-scan-');
  const files: Record<string, string> = {
    'gateway/src/a.ts': "await trx.updateTable('orders').set({ status: 'paid' });\n",
    'workers/src/b.ts': "await db.insertInto('payment_intents').values(v);\n",
    'payments/src/c.ts': 'await sql`update payment_intents set status = ${s}`.execute(db);\n',
    'jobs/src/d.ts': "await db.deleteFrom('order_events as e').execute();\n",
    'gateway/src/reads.ts': "await db.selectFrom('orders').selectAll().execute(); // a read is fine\n",
    'core/src/ledger.ts': "await trx.updateTable('orders').set({ status: 'paid' });\n",
    'db/src/migrations/0001.ts': 'await sql`update orders set status = 1`.execute(db);\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  t.same(ledgerWritesOutsideCore(dir).sort(), ['gateway/src/a.ts:1', 'jobs/src/d.ts:1', 'payments/src/c.ts:1', 'workers/src/b.ts:1']);
});
