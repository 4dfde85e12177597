// Stage one of `npm start` / `npm test`: plain Node with no dependencies, so it runs on a fresh
// clone. It installs what is missing (npm ci when the lockfile changed) and builds what is stale.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`${what} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

export function ensureInstalled() {
  const lock = readFileSync(path.join(root, 'package-lock.json'));
  const want = createHash('sha256').update(lock).digest('hex');
  const stamp = path.join(root, 'node_modules', '.shop-install-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.log('installing npm packages (npm ci) ...');
  run(npm, ['ci', '--no-audit', '--no-fund'], 'npm ci');
  writeFileSync(stamp, want);
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/**
 * Starts a check in its own process without waiting for it (its output goes straight to the
 * terminal); the promise settles with a message naming the check when it fails, null when it passed.
 */
function startCheck(cmd, args, what) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    // A build that fails on the way out (process.exit) takes the checks still running with it.
    const stop = () => child.kill();
    process.once('exit', stop);
    child.once('error', (err) => resolve(`${what} could not start: ${err.message}`));
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      resolve(code === 0 ? null : `${what} failed (exit ${code ?? signal})`);
    });
  });
}

/**
 * The lint (`npm run lint`: eslint.config.mjs, with the import boundaries) and the format check
 * (Prettier; `npm run format` rewrites what it refuses), started beside the build: a whole
 * `npm test` runs its checks in their own processes (two cores: about 10 s of checks in about half).
 */
export function startLintAndFormat() {
  return [startCheck(npm, ['run', 'lint', '--silent'], 'lint'), startCheck(npm, ['run', 'format:check', '--silent'], 'format check (run `npm run format`)')];
}

/**
 * The type check of the tap suites, started once the build has written the declarations they read
 * (they run compiled with their types blanked, unchecked; tsc -b covers only the workspaces).
 */
export function startTypecheckTests() {
  return startCheck(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'test')], 'type check of the tests');
}

/**
 * Brings the build up to date. The GraphQL types generated from the SDL (scripts/gen-graphql-types.mjs)
 * are either rewritten when the SDL changed (`generated: 'write'`, npm start: written only when their
 * text changes, so tsc's cache stays warm) or checked (`generated: 'check'`, npm test): there the files
 * in the tree must already be what the SDL gives, and a stale one fails the run before anything is
 * built, naming the file and the fix, so a commit that forgot `npm run gen:graphql` fails its tests
 * instead of being mended by them.
 */
export function ensureBuilt({ generated = 'write' } = {}) {
  const gen = path.join(root, 'scripts', 'gen-graphql-types.mjs');
  if (generated === 'check') run(process.execPath, [gen, '--check'], 'the check of the generated GraphQL types');
  else run(process.execPath, [gen], 'GraphQL types');
  // tsc -b is incremental: when nothing changed it only checks timestamps.
  run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b'], 'TypeScript build');
  const web = path.join(root, 'web');
  const stamp = path.join(web, 'dist', 'version.json');
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    newestMtime(path.join(web, 'index.html')),
    newestMtime(path.join(web, 'vite.config.ts')),
    newestMtime(path.join(web, 'vite-plugins')),
    newestMtime(path.join(web, 'public')),
    newestMtime(path.join(web, 'package.json')),
    newestMtime(path.join(web, 'schema.graphql')),
  );
  if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
    console.log('building the SPA ...');
    run(npm, ['run', 'build', '-w', 'web', '--silent'], 'SPA build');
  }
}
