import { ensureBuilt, ensureInstalled } from './bootstrap.mjs';

ensureInstalled();
ensureBuilt();
await import('../gateway/dist/cli/operator-main.js');
