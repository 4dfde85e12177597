import { ensureBuilt, ensureInstalled, startLintAndFormat, startTypecheckTests } from './bootstrap.mjs';
import { compileTests } from './compile-tests.mjs';

// The whole suite (or one lane of it, --lane=fast|e2e) lints, format-checks and type-checks the
// tree before any suite runs, those checks in their own processes beside the build and the tests'
// compilation; a subset run (file arguments) skips them.
const fullRun = process.argv.slice(2).every((a) => a.startsWith('--lane='));
ensureInstalled();
const checks = fullRun ? startLintAndFormat() : [];
// The committed generated files are checked against their sources, never rewritten, by a test run.
ensureBuilt({ generated: 'check' });
if (fullRun) checks.push(startTypecheckTests());
await compileTests();
const failures = (await Promise.all(checks)).filter((m) => m !== null);
if (failures.length) {
  for (const f of failures) console.error(f);
  process.exit(1);
}
await import('./dist/testrun.js');
