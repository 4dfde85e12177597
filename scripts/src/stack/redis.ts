import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ensurePortFree, portOpen, waitFor, which } from './util.js';

export interface RunningRedis {
  url: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Finds redis-server, installing Debian's package when missing and allowed (root). */
export function ensureRedisServer(): string {
  const found = which('redis-server');
  if (found) return found;
  if (process.getuid?.() === 0 && which('apt-get')) {
    console.log('redis-server is missing: installing Debian package redis-server ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env });
    const after = which('redis-server');
    if (r.status === 0 && after) return after;
  }
  throw new Error('redis-server not found: install it (sudo apt-get install redis-server) or set REDIS_URL to a running Redis.');
}

/**
 * Starts redis-server with AOF on and noeviction: queues must never lose jobs to eviction.
 * `onSpawn` gets its stop as soon as the process exists, so a start that is cut short can stop it;
 * one that fails here stops it itself.
 */
export async function startRedis(opts: { dir: string; port: number; onSpawn?: (stop: () => Promise<void>) => void }): Promise<RunningRedis> {
  const bin = ensureRedisServer();
  mkdirSync(opts.dir, { recursive: true });
  await ensurePortFree(opts.port, 'Redis');
  const child = spawn(
    bin,
    [
      '--port',
      String(opts.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      opts.dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: 'ignore' },
  );
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = `redis-server exited (${code ?? signal})`;
      resolve();
    });
    child.once('error', (err) => {
      exited = `redis-server could not start: ${err.message}`;
      resolve();
    });
  });
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
  };
  opts.onSpawn?.(stop);
  try {
    await waitFor(
      `redis-server on port ${opts.port}`,
      async () => !exited && (await portOpen(opts.port)),
      60_000,
      () => exited,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `redis://127.0.0.1:${opts.port}`, port: opts.port, process: child, stop };
}
