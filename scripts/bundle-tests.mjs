// The suites run bundled. A test process loaded about 1,100 ES modules and as many CommonJS files
// (the gateway, workers and sandboxes with Fastify, Mercurius, GraphQL, Kysely, BullMQ, TypeBox,
// ...), and Node 20 has no compile cache: resolving, reading and linking them one by one was about
// 0.65 s of CPU per test process over and above compiling them. esbuild writes the compiled
// suites (test-dist/, scripts/compile-tests.mjs) as one bundle per run, its shared code in chunks,
// so a process reads a few large files instead. What stays as Node would load it:
// - every module keeps its own place: `import.meta.url`, `__dirname` and `__filename` are the
//   file's own, so paths built from them (the SDL, the migrations, the SPA's build, fixtures)
//   resolve as before, and a package is resolved from where it is imported, as Node does;
// - the tools the suites drive and the providers' SDKs that judge the sandboxes (the root
//   package's devDependencies that no workspace uses, tap and a few more) are not bundled: Node
//   loads them itself, from their own folders;
// - `import()` of a CommonJS module is left to Node: in a split bundle it would yield only
//   `default`, where Node also gives the named exports.
// TEST_UNBUNDLED=1 runs the suites from test-dist/ instead, module by module.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { testDist } from './compile-tests.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
export const bundlesDir = path.join(root, 'test-bundle');

/** Packages Node loads itself: tools and judges only the suites use, and native or self-locating ones. */
function unbundledPackages() {
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const used = new Set();
  for (const ws of rootPkg.workspaces) {
    const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
    for (const name of Object.keys(pkg.dependencies ?? {})) used.add(name);
  }
  const testOnly = Object.keys(rootPkg.devDependencies ?? {}).filter((name) => !used.has(name));
  const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = [...testOnly.map(escape), '@tapjs/[^/]+', 'axe-core', 'esbuild', 'vite', '@node-rs/[^/]+'];
  return new RegExp(`^(${names.join('|')})(/.*)?$`);
}

/** Gives every bundled module its own `import.meta.url`, `__dirname` and `__filename`, and leaves the unbundled packages to Node. */
function keepPlaces(unbundled) {
  return {
    name: 'keep-places',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'keep-places' || args.kind === 'entry-point') return undefined;
        const testOnly = /^[^./]/.test(args.path) && !args.path.startsWith('node:') && unbundled.test(args.path);
        if (!testOnly && args.kind !== 'dynamic-import') return undefined;
        // Resolved from the importer's folder, as Node would, and imported by its full path.
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'keep-places' });
        if (found.errors.length) return { errors: found.errors };
        if (found.external) return undefined;
        // In a split bundle, import() of CommonJS would yield only `default`; Node's gives the
        // named exports too, so Node loads such a module itself (and still lazily).
        if (!testOnly && !isCommonJs(found.path)) return undefined;
        return { path: found.path, external: true };
      });
      build.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
        const text = readFileSync(args.path, 'utf8');
        const meta = text.includes('import.meta');
        const dirname = /\b__(dirname|filename)\b/.test(text);
        if (!meta && !dirname) return undefined;
        // esbuild's define replaces only the expressions themselves (not the same words in a string).
        const define = {};
        if (meta) {
          define['import.meta.url'] = JSON.stringify(pathToFileURL(args.path).href);
          define['import.meta.dirname'] = JSON.stringify(path.dirname(args.path));
          define['import.meta.filename'] = JSON.stringify(args.path);
        }
        // Node's CommonJS wrapper gave these; esbuild's does not.
        if (dirname) {
          define.__dirname = JSON.stringify(path.dirname(args.path));
          define.__filename = JSON.stringify(args.path);
        }
        // The inline map carries a failure's line back to the file's own (esbuild composes them).
        const { code } = await build.esbuild.transform(text, { loader: 'js', define, sourcefile: args.path, sourcemap: 'inline' });
        return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Whether Node loads `file` as CommonJS: a .cjs file, or a .js file whose package is not "type": "module". */
function isCommonJs(file) {
  if (file.endsWith('.cjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).type !== 'module';
    if (path.dirname(dir) === dir) return true;
  }
}

/** Where the bundle of the suite compiled to `compiled` (test-dist/a/b.test.js) lands in the bundle `dir`. */
export function bundledPath(dir, compiled, from = testDist) {
  return path.join(dir, path.relative(from, compiled));
}

/**
 * Bundles the compiled suites `compiled` (absolute paths under `from`, test-dist/) into a folder
 * of their own under test-bundle/ (a run beside keeps its own), and returns it; `remove()` deletes it.
 */
export async function bundleTests(compiled, from = testDist) {
  const esbuild = await import('esbuild');
  const dir = path.join(bundlesDir, `run-${process.pid}-${Date.now()}`);
  await esbuild.build({
    entryPoints: compiled,
    outbase: from,
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The suites' own lines in a stack trace (test-dist/ keeps the TypeScript's lines and columns).
    sourcemap: 'linked',
    sourcesContent: false,
    // A CommonJS module that asks for `require` by name (not bundled: a computed path) gets Node's.
    banner: { js: "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);" },
    plugins: [keepPlaces(unbundledPackages())],
    logLevel: 'silent',
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function processAlive(pid) {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
}

/** Bundles of runs that ended without removing theirs (killed): their process is gone. */
export function removeStaleBundles() {
  if (!existsSync(bundlesDir)) return;
  for (const entry of readdirSync(bundlesDir)) {
    const pid = Number(/^run-(\d+)-/.exec(entry)?.[1]);
    if (!(pid > 0 && processAlive(pid))) rmSync(path.join(bundlesDir, entry), { recursive: true, force: true });
  }
}
