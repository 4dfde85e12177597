import { ensureBuilt, ensureInstalled, typecheckTests } from './bootstrap.mjs';

ensureInstalled();
ensureBuilt();
// The whole suite also type-checks the tests; a subset run skips it to stay quick.
if (process.argv.length <= 2) typecheckTests();
await import('./dist/testrun.js');
