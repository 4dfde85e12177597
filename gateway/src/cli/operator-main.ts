import { main } from './operator.js';

process.exitCode = await main(process.argv.slice(2));
