import { ensureBuilt, ensureInstalled, lintTree, typecheckTests } from './bootstrap.mjs';
import { compileTests } from './compile-tests.mjs';

// The whole suite (or one lane of it, --lane=fast|e2e) first lints the tree (before the build, so a
// lint error fails fast) and also type-checks the tests; a subset run (file arguments) skips both.
const fullRun = process.argv.slice(2).every((a) => a.startsWith('--lane='));
ensureInstalled();
if (fullRun) lintTree();
ensureBuilt();
if (fullRun) typecheckTests();
await compileTests();
await import('./dist/testrun.js');
