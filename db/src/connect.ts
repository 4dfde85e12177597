import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { preparedName } from './prepared.js';

type QueryFn = (...args: unknown[]) => unknown;

/** Registered SQL texts go out as named statements (see prepared.ts); everything else unchanged. */
function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' && typeof callback !== 'function' ? preparedName(config) : undefined;
    if (name && (values === undefined || Array.isArray(values))) return query({ name, text: config, values });
    return query(config, values, callback);
  };
}

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
  pool.on('connect', (client) => {
    client.on('error', () => {});
    namePreparedStatements(client);
  });
  return pool;
}

export function createDb(connectionString: string, options: DbOptions = {}): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(connectionString, options) }) });
}

export type Db = Kysely<Database>;
