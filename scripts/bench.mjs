import { ensureBuilt, ensureInstalled } from './bootstrap.mjs';

ensureInstalled();
ensureBuilt();
await import('./dist/bench/main.js');
