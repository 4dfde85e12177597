import { writeFileSync } from 'node:fs';
import { createDb } from '@shop/db';
import { seedBench } from './seed.js';
import { startBenchStack } from './stack.js';

// For profiling by hand: the bench stack with the bench data, kept running until Ctrl-C.
// `node scripts/dist/bench/serve.js [info.json]` writes the URLs and the buyers' tokens to info.json.
const stack = await startBenchStack();
const db = createDb(stack.databaseUrl, { max: 2 });
const buyers = await seedBench(db);
await db.destroy();
const info = {
  databaseUrl: stack.databaseUrl,
  redisUrl: stack.redisUrl,
  gatewayUrl: stack.gatewayUrl,
  bareUrl: stack.bareUrl,
  sandboxUrl: stack.sandboxUrl,
  pids: Object.fromEntries(Object.entries(stack.pids).map(([k, f]) => [k, f()])),
  buyers,
};
writeFileSync(process.argv[2] ?? 'bench-results/serve.json', JSON.stringify(info, null, 2));
console.log(`bench stack up: gateway ${stack.gatewayUrl}, database ${stack.databaseUrl}; Ctrl-C stops`);
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
