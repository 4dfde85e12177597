import { checkTree, ensureBuilt, ensureInstalled } from './bootstrap.mjs';
import { compileTests } from './compile-tests.mjs';

// The whole suite (or one lane of it, --lane=fast|e2e) lints, format-checks and type-checks the
// tree before any suite runs, those checks in their own processes beside the build and the tests'
// compilation; a subset run (file arguments) skips them.
const fullRun = process.argv.slice(2).every((a) => a.startsWith('--lane='));
ensureInstalled();
let built = () => {};
const checked = fullRun ? checkTree(new Promise((resolve) => (built = resolve))) : Promise.resolve([]);
ensureBuilt();
built();
await compileTests();
const failures = await checked;
if (failures.length) {
  for (const f of failures) console.error(f);
  process.exit(1);
}
await import('./dist/testrun.js');
