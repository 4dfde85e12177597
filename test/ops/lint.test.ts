// Lint: eslint.config.mjs catches a broken import boundary at the import line, in a
// workspace and in the SPA's feature folders, and the real tree lints clean (a full `npm test`
// runs the same lint first, through `npm run lint`).
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import t from 'tap';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
// The whole tree is linted with the cache `npm run lint` keeps (same file, same content strategy):
// a full `npm test` lints the tree just before the suites, so this reads that run's results
// instead of linting every file a second time. ESLint keys each cached result on the file's
// content and on a hash of the file's config and ESLint's version, so an edit of either lints
// the file again; the rules here look at one file at a time (no type information).
const cachedEslint = new ESLint({ cwd: root, cache: true, cacheLocation: path.join(root, '.eslintcache'), cacheStrategy: 'content' });

/**
 * Writes a probe file into the repository for the test and removes it at teardown, giving the
 * folders it created or touched their old times back (the SPA is rebuilt when a folder of
 * web/src looks newer than the last build).
 */
function probe(t: { teardown(fn: () => unknown): void }, file: string, lines: string[]): string {
  const full = path.join(root, file);
  const dir = path.dirname(full);
  const existing = path.dirname(dir);
  const times = [dir, existing].map((d) => {
    try {
      const st = statSync(d);
      return { d, atime: st.atime, mtime: st.mtime };
    } catch {
      return undefined;
    }
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(full, lines.join('\n') + '\n');
  t.teardown(() => {
    rmSync(full, { force: true });
    if (!times[0]) rmSync(dir, { recursive: true, force: true });
    for (const kept of times) if (kept) utimesSync(kept.d, kept.atime, kept.mtime);
  });
  return full;
}

/** `line rule: message start` of every problem ESLint reports in one file. */
async function problems(file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => `${m.line} ${m.ruleId}: ${m.message.replace(/^'[^']*' import is restricted from being used by a pattern\. /, '')}`);
}

const tag = `${process.pid}-${Date.now()}`;
const restricted = '@typescript-eslint/no-restricted-imports';

t.test("a workspace that imports the sandboxes, its sibling process or another package's src/ fails the lint", async (t) => {
  // Outside gateway/src and core/src, so neither tsc -b nor the dependency-cruiser test sees it.
  const gateway = probe(t, `gateway/lint-probe-${tag}/probe.ts`, [
    "import { startRegistrationService } from '@shop/sandboxes/registration/service';",
    "import { startWorkers } from '@shop/workers';",
    "import { ledger } from '@shop/core/src/ledger';",
    "import { provider } from '../../payments/src/provider.js';",
    "import { createLogger } from '@shop/core';",
    "import { paymentRegistry } from '@shop/payments/registry';",
    'export const used = [startRegistrationService, startWorkers, ledger, provider, createLogger, paymentRegistry];',
  ]);
  const found = await problems(gateway);
  t.same(
    found.map((p) => p.split(':')[0]),
    [1, 2, 3, 4].map((line) => `${line} ${restricted}`),
    `only the four forbidden imports are reported: ${found.join(' | ')}`,
  );
  t.match(found[0], /sandboxes is dev and test only/);
  t.match(found[1], /gateway and workers are siblings/);
  t.match(found[2], /not its src\/ or dist\/ folder/);
  t.match(found[3], /relative path into another package's src\//);

  const core = probe(t, `core/lint-probe-${tag}/probe.ts`, [
    "import { buildApp } from '@shop/gateway';",
    "import { db } from '@shop/db';",
    'export const used = [buildApp, db];',
  ]);
  const coreFound = await problems(core);
  t.equal(coreFound.length, 1, coreFound.join(' | '));
  t.match(coreFound[0], /^1 @typescript-eslint\/no-restricted-imports: the shared layer .* imports neither process/);
});

t.test('a feature of the SPA that reaches into another feature or a server package fails the lint', async (t) => {
  const feature = probe(t, `web/src/features/checkout/LintProbe${tag.replace('-', '')}.tsx`, [
    "import { LoginDialog } from '../auth/LoginDialog';",
    "import { useLogout } from '../auth';",
    "import { AgreeNote } from '../legal/index';",
    "import { BookList } from '../../features/catalog/BookList';",
    "import type { ShopContext } from '@shop/gateway';",
    "import { PurchaseFlow } from './PurchaseFlow';",
    "import { useState } from 'react';",
    'export function Probe({ open }: { open: boolean }) {',
    '  if (open) useState(0);',
    '  return [LoginDialog, useLogout, AgreeNote, BookList, PurchaseFlow, null as unknown as ShopContext];',
    '}',
  ]);
  const found = await problems(feature);
  t.same(
    found.map((p) => p.split(':')[0]),
    [`1 ${restricted}`, `4 ${restricted}`, `5 ${restricted}`, '9 react-hooks/rules-of-hooks'],
    `the other features' internals, the server package and the conditional hook: ${found.join(' | ')}`,
  );
  t.match(found[0], /only through its public entry/);
  t.match(found[1], /only through its public entry/);
  t.match(found[2], /imports no server package/);
});

t.test("tests may reach anywhere; each workspace's allowed imports are the @shop dependencies its package.json declares", async (t) => {
  const testConfig = await eslint.calculateConfigForFile(path.join(root, 'test/ops/lint.test.ts'));
  t.equal(testConfig.rules?.[restricted], undefined, 'no import restriction on the tests');
  const { workspaceImports } = (await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)) as { workspaceImports: Record<string, string[]> };
  for (const [workspace, allowed] of Object.entries(workspaceImports)) {
    const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter((d) => d.startsWith('@shop/'))
      .map((d) => d.slice('@shop/'.length));
    t.same([...allowed].sort(), declared.sort(), `${workspace}: lint allows what package.json declares`);
  }
});

t.test('the real tree lints clean', async (t) => {
  const results = await cachedEslint.lintFiles(['.']);
  const linted = new Set(results.map((r) => path.relative(root, r.filePath).split(path.sep).join('/')));
  // A config that stopped matching the sources would pass vacuously.
  for (const file of [
    'gateway/src/app.ts',
    'workers/src/main.ts',
    'web/src/main.tsx',
    'web/src/features/checkout/PurchaseFlow.tsx',
    'scripts/bootstrap.mjs',
    'test/ops/lint.test.ts',
    'eslint.config.mjs',
  ]) {
    t.ok(linted.has(file), `${file} is linted`);
  }
  t.notOk(
    [...linted].some((f) => f.includes('/dist/') || f.includes('node_modules/')),
    'builds and packages are not',
  );
  const found = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId ?? '(fatal)'}: ${m.message}`));
  t.same(found, [], 'no error and no warning');
});
