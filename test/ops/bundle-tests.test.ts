// The suites run bundled (scripts/bundle-tests.mjs); a module must find in the bundle what it
// found when Node loaded it on its own: its place, a CommonJS module's named exports under
// import(), and the packages left to Node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { bundledPath, bundlesDir, bundleTests } from '../../scripts/bundle-tests.mjs';

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

t.test('a bundled suite keeps its modules’ places, CommonJS named exports and the packages Node loads', async (t) => {
  // Inside the project, so the project's packages resolve from it as from test-dist/.
  const fixture = path.join(bundlesDir, `fixture-${process.pid}`);
  t.teardown(() => rmSync(fixture, { recursive: true, force: true }));
  write(path.join(fixture, 'package.json'), JSON.stringify({ type: 'module' }));
  write(path.join(fixture, 'node_modules', 'cjs-lib', 'package.json'), JSON.stringify({ name: 'cjs-lib', main: 'index.js' }));
  write(path.join(fixture, 'node_modules', 'cjs-lib', 'index.js'), 'exports.where = __dirname;\nexports.add = (a, b) => a + b;\n');
  write(path.join(fixture, 'suite', 'lib', 'here.js'), 'export const url = import.meta.url;\n');
  const suite = path.join(fixture, 'suite', 'a.test.js');
  write(
    suite,
    [
      "import { url } from './lib/here.js';",
      "import cjs from 'cjs-lib';",
      "import { parse } from 'yaml';",
      "const { add } = await import('cjs-lib');",
      "console.log(JSON.stringify({ url, self: import.meta.url, where: cjs.where, add: add(2, 3), yaml: parse('a: 1').a }));",
    ].join('\n'),
  );

  const bundle = await bundleTests([suite], fixture);
  t.teardown(bundle.remove);
  const entry = bundledPath(bundle.dir, suite, fixture);
  const seen = JSON.parse(execFileSync(process.execPath, [entry], { encoding: 'utf8' })) as Record<string, unknown>;
  t.equal(seen.url, pathToFileURL(path.join(fixture, 'suite', 'lib', 'here.js')).href, "import.meta.url is the module's own file");
  t.equal(seen.self, pathToFileURL(suite).href, "and the suite's own");
  t.equal(seen.where, path.join(fixture, 'node_modules', 'cjs-lib'), "__dirname is the CommonJS module's own folder");
  t.equal(seen.add, 5, 'import() of a CommonJS module gives its named exports, as Node does');
  t.equal(seen.yaml, 1, 'a package left to Node works');
  const code = readFileSync(entry, 'utf8');
  t.match(code, /from "\/[^"]*node_modules\/yaml\//, 'Node loads the test-only package from its own folder');
  t.notMatch(code, /exports\.where = __dirname/, 'a CommonJS module loaded by import() is left to Node too');

  bundle.remove();
  t.notOk(existsSync(bundle.dir), 'the run removes its bundle');
});
