import { ensureBuilt, ensureInstalled, lintTree, typecheckTests } from './bootstrap.mjs';

// The whole suite first lints the tree (before the build, so a lint error fails fast) and also
// type-checks the tests; a subset run (file arguments) skips both to stay quick.
const fullRun = process.argv.length <= 2;
ensureInstalled();
if (fullRun) lintTree();
ensureBuilt();
if (fullRun) typecheckTests();
await import('./dist/testrun.js');
