import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ensurePortFree, portOpen, superviseServer, which } from './util.js';

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
  const stop = await superviseServer(child, {
    name: 'redis-server',
    what: `redis-server on port ${opts.port}`,
    ready: () => portOpen(opts.port),
    onSpawn: opts.onSpawn,
  });
  return { url: `redis://127.0.0.1:${opts.port}`, port: opts.port, process: child, stop };
}
