// One way into core: its index exports exactly the commands its README lists (each `(deps,
// input)` in the unit of work), the refusals and nothing else; a primitive handed the pool
// instead of a running transaction does not compile; and the boundary rule keeps every other
// package out of the primitives.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import t from 'tap';
import ts from 'typescript';
import * as core from '@shop/core';
import { tempDir } from '../helpers/tmp.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The backticked names of the README's "Commands, and who may call them" table. */
function documentedCommands(): Set<string> {
  const readme = readFileSync(path.join(root, 'core/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Commands, and who may call them'));
  const table = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| caller') && !l.startsWith('| tests'));
  return new Set(table.flatMap((l) => [...(l.split('|')[2] ?? '').matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!)));
}

t.test("core's index exports the documented commands and the refusals, nothing else", async (t) => {
  const commands = documentedCommands();
  t.ok(commands.size >= 15, `the README lists the commands (${commands.size})`);
  const exported = Object.keys(core).sort();
  t.same(exported, [...commands, 'LedgerRefusal', 'RefundRefused'].sort(), 'index exports = README commands + refusals');
  for (const name of commands) t.equal(typeof (core as Record<string, unknown>)[name], 'function', `${name} is a function`);
});

/** Type-checks the files in one program (a folder of the repository, so workspace imports resolve); each file's diagnostics. */
function typeCheck(files: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(path.join(root, '.core-entry-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      customConditions: ['shop-source'],
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: ['node'],
    };
    const host = ts.createCompilerHost(options);
    const program = ts.createProgram({ rootNames: Object.keys(files).map((f) => path.join(dir, f)), options, host });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    return Object.fromEntries(
      Object.keys(files).map((f) => [
        f,
        ts.formatDiagnostics(
          diagnostics.filter((d) => d.file?.fileName === path.join(dir, f)),
          host,
        ),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

t.test('a primitive takes a running transaction, never the pool', async (t) => {
  const header = `import type { Db } from '@shop/db';\nimport { moveAttempt, settleOrder } from '@shop/core/internal';\ndeclare const db: Db;\n`;
  const found = typeCheck({
    'ok.ts': `${header}export const ok = db.transaction().execute((trx) => moveAttempt(trx, '1', 'closed', { type: 'system' }));\n`,
    'pool.ts': `${header}export const wrong = moveAttempt(db, '1', 'closed', { type: 'system' });\n`,
    'unit.ts': `${header}export const wrong = settleOrder({ trx: db, enqueue: async () => {}, announce: () => {} }, { orderNo: 'X', intentId: null, actor: { type: 'system' }, source: 'test' });\n`,
  });
  t.equal(found['ok.ts'], '', 'inside db.transaction() it compiles');
  t.match(found['pool.ts'], /Argument of type 'Db' is not assignable/, 'with the pool it does not');
  t.match(found['unit.ts'], /Type 'Db' is not assignable to type 'Transaction<Database>'/, "a unit of work's trx is a transaction too");
});

t.test('outside core, nothing imports the primitives (dependency-cruiser rule)', async (t) => {
  const dir = tempDir(t, 'shop-core-entry-');
  const files: Record<string, string> = {
    'core/src/attempt-ledger.ts': 'export const moveAttempt = 1;\n',
    'core/src/internal.ts': "export { moveAttempt } from './attempt-ledger.js';\n",
    'core/src/index.ts': "import { moveAttempt } from './attempt-ledger.js';\nexport const command = moveAttempt;\n",
    'core/src/status-events.ts': 'export const redisStatusEvents = 1;\n',
    'gateway/src/admin.ts': "import { moveAttempt } from '../../core/src/internal.js';\nexport const admin = moveAttempt;\n",
    'workers/src/poll.ts': "import { moveAttempt } from '../../core/src/attempt-ledger.js';\nexport const poll = moveAttempt;\n",
    'workers/src/main.ts':
      "import { command } from '../../core/src/index.js';\nimport { redisStatusEvents } from '../../core/src/status-events.js';\nexport const main = [command, redisStatusEvents];\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
  const { output } = await cruise(['core/src', 'gateway/src', 'workers/src'], { ...options, baseDir: dir });
  const found = (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  t.same(found, [
    'outside-core-not-core-internals: gateway/src/admin.ts -> core/src/internal.ts',
    'outside-core-not-core-internals: workers/src/poll.ts -> core/src/attempt-ledger.ts',
  ]);
});
