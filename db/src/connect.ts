import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';

// bigint ids stay strings (pg's default); counts are cast explicitly where needed.
export interface DbOptions {
  max?: number;
  applicationName?: string;
}

export function createPool(connectionString: string, options: DbOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'shop',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor a checked-out one (a transaction between two queries when PostgreSQL restarts): its query
  // fails on its own, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function createDb(connectionString: string, options: DbOptions = {}): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(connectionString, options) }) });
}

export type Db = Kysely<Database>;
