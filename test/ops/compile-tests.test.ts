// The suites run as the JavaScript scripts/compile-tests.mjs writes of them: their types blanked
// in place, so every line and column of a failure is the TypeScript source's, and their imports
// pointed at what plain Node can load.
import path from 'node:path';
import t from 'tap';
import { compiledPath, runnableTest as compile } from '../../scripts/compile-tests.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const suite = path.join(root, 'test', 'payflow', 'example.test.ts');

t.test('types are blanked in place: every line and column of the code stays where it was', async (t) => {
  const text = [
    "import type { Db } from '@shop/db';",
    'interface Row { id: number }',
    'export function total(rows: Row[], db?: Db): number {',
    '  return rows.reduce((sum: number, r) => sum + r.id, 0) as number;',
    '}',
  ].join('\n');
  const { code, refused } = await compile(suite, text);
  t.same(refused, []);
  const lines = code.split('\n');
  t.equal(lines.length, 5);
  t.equal(lines[0]!.trim(), '');
  t.equal(lines[1]!.trim(), '');
  for (const word of ['total', 'rows', 'reduce', 'sum', 'r.id']) {
    const at = (s: string) => s.split('\n').findIndex((l) => l.includes(word));
    t.equal(at(code), at(text), `${word} is on its line`);
    t.equal(code.split('\n')[at(text)]!.indexOf(word), text.split('\n')[at(text)]!.indexOf(word), `${word} is in its column`);
  }
  t.notMatch(code, /: number|as number|interface|import type/);
  const run = new Function('rows', `${code.replace('export function', 'function')}\nreturn total(rows);`) as (rows: unknown) => number;
  t.equal(run([{ id: 2 }, { id: 3 }]), 5, 'what is left runs as JavaScript');
});

t.test("imports become loadable: the suites' own .ts, a package's src/ as its build, the SPA's modules bundled", async (t) => {
  const web = new Set<string>();
  const { code } = await compile(
    suite,
    [
      "import { startStack } from '../helpers/stack.ts';",
      "import { texts } from '../helpers/texts.js';",
      "import { PaymentProvider } from '../../payments/src/provider.js';",
      "import { en } from '../../web/src/locales/en/index.ts';",
      "const later = await import('../helpers/orders.ts');",
      'export { startStack, texts, PaymentProvider, en, later };',
    ].join('\n'),
    web,
  );
  t.match(code, "from '../helpers/stack.js'");
  t.match(code, "from '../helpers/texts.js'");
  t.match(code, "from '../../payments/dist/provider.js'");
  t.match(code, "from '../web-src/locales/en/index.js'");
  t.match(code, "import('../helpers/orders.js')");
  t.same([...web], [path.join(root, 'web', 'src', 'locales', 'en', 'index.ts')]);
});

t.test('an import written inside a string is text, not an import, and stays as it was', async (t) => {
  const fixture = 'const file = "import { x } from \'../../payments/src/provider.js\';";\nexport { file };';
  const { code } = await compile(suite, fixture);
  t.equal(code, fixture);
});

t.test('syntax that does not erase (enum, parameter property) is refused, naming the file', async (t) => {
  const { refused } = await compile(suite, 'enum Mode { A, B }\nclass C { constructor(private readonly base: string) {} }\nexport { Mode, C };');
  t.ok(
    refused.some((r) => /^test\/payflow\/example\.test\.ts: enum Mode/.test(r)),
    refused.join('; '),
  );
  t.ok(
    refused.some((r) => /^test\/payflow\/example\.test\.ts: private/.test(r)),
    refused.join('; '),
  );
});

t.test('an import of a package module with no build fails the compile', async (t) => {
  await t.rejects(compile(suite, "import { x } from '../../payments/src/no-such-module.js';"), /no build at payments\/dist\/no-such-module\.js/);
});

t.test('a suite runs from test-dist/ at the depth of its source', async (t) => {
  t.equal(path.relative(root, compiledPath(suite)), path.join('test-dist', 'payflow', 'example.test.js'));
});
