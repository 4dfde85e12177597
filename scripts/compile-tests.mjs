// The tap suites run as plain JavaScript. Node 20 cannot load TypeScript, and a loader hook (tsx)
// cost each test process about 2 s of CPU, resolving and transforming every module it loaded,
// the libraries' included: a quarter of a small suite's time. So every file under test/ is
// written to test-dist/ at the same depth (paths built from `import.meta.url`, such as
// '../../content', resolve alike) with its types blanked out by ts-blank-space: each line and
// column stays where it was, so a failure points at the line of the TypeScript source, with no
// source map to load. The suites load the packages from their builds (tsc -b), as production does.
// The few SPA modules a suite reads (locales, the theme-token rule) are bundled by esbuild into
// test-dist/web-src/.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const source = path.join(root, 'test');
export const testDist = path.join(root, 'test-dist');
const webSrc = path.join(root, 'web', 'src');
const webOut = path.join(testDist, 'web-src');

/** Where a test file under test/ runs from: test/<dir>/<name>.test.ts → test-dist/<dir>/<name>.test.js. */
export function compiledPath(file) {
  return path.join(testDist, path.relative(source, file)).replace(/\.ts$/, '.js');
}

/** The relative module specifiers of a file's imports, exports and `import()` calls, with their places. */
function relativeImports(ts, sourceFile) {
  const found = [];
  const visit = (node) => {
    const spec =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined;
    if (spec && ts.isStringLiteral(spec) && /^\.\.?\//.test(spec.text)) found.push({ start: spec.getStart(sourceFile), end: spec.end, text: spec.text });
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** What a relative import of a suite becomes when it runs from test-dist/. */
function runnableSpecifier(spec, file, webEntries) {
  const target = path.resolve(path.dirname(file), spec);
  if (target.startsWith(webSrc + path.sep)) {
    if (!/\.tsx?$/.test(target)) throw new Error(`${path.relative(root, file)}: import the SPA module ${spec} with its .ts extension`);
    webEntries.add(target);
    const out = path.join(webOut, path.relative(webSrc, target)).replace(/\.tsx?$/, '.js');
    const rel = path
      .relative(path.dirname(compiledPath(file)), out)
      .split(path.sep)
      .join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  }
  if (target.startsWith(source + path.sep)) return spec.replace(/\.ts$/, '.js');
  // A suite may reach inside a package (`../../payments/src/provider.js`): it gets the module's
  // build, the one the package's entry loads too.
  const inside = /^([^/]+)\/src\/(.+)\.[jt]s$/.exec(path.relative(root, target).split(path.sep).join('/'));
  if (inside) {
    const built = path.join(root, inside[1], 'dist', `${inside[2]}.js`);
    if (!existsSync(built)) throw new Error(`${path.relative(root, file)}: ${spec} has no build at ${path.relative(root, built)} (tsc -b)`);
    return spec.replace(/\/src\/(.+)\.[jt]s$/, '/dist/$1.js');
  }
  return spec;
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Writes a file only when its text changed, and whole (renamed into place): a run beside may be reading it. */
function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * The JavaScript tap runs for one TypeScript file under test/ (`file`, its absolute path): `code`,
 * and `refused`, the syntax that has no JavaScript left once its types are blanked. The SPA
 * modules it imports are added to `webEntries`.
 */
export async function runnableTest(file, text, webEntries = new Set()) {
  const { blankSourceFile } = await import('ts-blank-space');
  const { default: ts } = await import('typescript');
  const refused = [];
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  let code = blankSourceFile(sourceFile, (node) => refused.push(`${path.relative(root, file)}: ${text.slice(node.pos, node.end).trim().slice(0, 80)}`));
  // Types are blanked in place, so the imports are where the parser found them; last first.
  for (const { start, end, text: spec } of relativeImports(ts, sourceFile).reverse()) {
    code = `${code.slice(0, start)}'${runnableSpecifier(spec, file, webEntries)}'${code.slice(end)}`;
  }
  return { code, refused };
}

export async function compileTests() {
  const esbuild = await import('esbuild');
  const webEntries = new Set();
  const written = new Set();
  const refused = [];
  for (const file of filesUnder(source)) {
    if (file.endsWith('.d.ts') || path.basename(file) === 'tsconfig.json') continue;
    let out = readFileSync(file, 'utf8');
    if (file.endsWith('.ts')) {
      const runnable = await runnableTest(file, out, webEntries);
      out = runnable.code;
      refused.push(...runnable.refused);
    }
    const target = file.endsWith('.ts') ? compiledPath(file) : path.join(testDist, path.relative(source, file));
    writeIfChanged(target, out);
    written.add(target);
  }
  if (refused.length) {
    throw new Error(`the tests may use only TypeScript that erases to JavaScript (no enum, namespace or parameter property):\n  ${refused.join('\n  ')}`);
  }
  if (webEntries.size) {
    const result = await esbuild.build({
      entryPoints: [...webEntries],
      outbase: webSrc,
      outdir: webOut,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'neutral',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    });
    for (const f of result.outputFiles) {
      writeIfChanged(f.path, f.text);
      written.add(f.path);
    }
  }
  // Files of tests since deleted or renamed would otherwise stay importable.
  for (const file of filesUnder(testDist)) if (!written.has(file)) rmSync(file, { force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await compileTests();
