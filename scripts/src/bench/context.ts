import type { Kysely } from 'kysely';
import type { Database } from '@shop/db';
import type { LoadFigures } from './load.js';
import type { Report } from './report.js';
import type { Buyer } from './seed.js';
import type { BenchStack } from './stack.js';

/** What every group of cases works with: the stack, its seeded buyers and the report it adds rows to. */
export interface BenchContext {
  stack: BenchStack;
  db: Kysely<Database>;
  buyers: Buyer[];
  report: Report;
  /** Starts a case on a drained stack (the previous case's mails and relays are its own work). */
  step: (name: string, drainMs?: number) => Promise<void>;
  /** Whether BENCH_ONLY (or its absence) asks for the case. */
  want: (key: string) => boolean;
  /** The i-th buyer's bearer header (round robin). */
  bearer: (i: number) => Record<string, string>;
}

/** The same machine's ceilings, measured in the same run: every load case is divided by one of them. */
export interface Baselines {
  bare: LoadFigures;
  plain: LoadFigures;
  rawPg: { insertsPerSec: number };
  rawBull: number;
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
export const gql = (query: string) => JSON.stringify({ query });

/** The rows of the load cases that divide by a baseline name it in the CPU table by these names. */
export const BARE = { name: 'bare Fastify', cpuRow: 'baseline: bare Fastify hello' };
export const PLAIN = { name: 'plain streaming', cpuRow: 'baseline: plain PDF streaming' };
