import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRedisServer } from '../../scripts/src/stack/redis.js';
import getPort from 'get-port';
import { portOpen, waitFor } from '../../scripts/src/stack/util.js';
import { watchOutput } from '../helpers/proc.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export interface Running {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  /** Resolves once the output matches; fails once the process has exited without it (see watchOutput). */
  printed: (pattern: RegExp) => Promise<void>;
}

type T = { teardown(fn: () => unknown): void };

/** One of our built processes (node <script>), with its output collected for assertions. */
export function runNode(t: T, script: string, env: NodeJS.ProcessEnv, args: string[] = []): Running {
  const child = spawn(process.execPath, [...args, path.join(root, script)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { exited, output, printed } = watchOutput(child);
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output, printed };
}

/** A redis-server of the test's own, started with the given extra arguments (a bad policy ...). */
export async function startOwnRedis(t: T, dir: string, args: string[]): Promise<{ url: string; port: number }> {
  const port = await getPort();
  mkdirSync(dir, { recursive: true });
  const child = spawn(ensureRedisServer(), ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--daemonize', 'no', ...args], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  await waitFor(
    `redis-server on ${port}`,
    async () => !exited && (await portOpen(port)),
    60_000,
    () => (exited ? 'redis-server exited' : null),
  );
  return { url: `redis://127.0.0.1:${port}`, port };
}
