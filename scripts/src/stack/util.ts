import { spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import getPort from 'get-port';

export function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.once('connect', () => (sock.destroy(), resolve(true)));
    sock.once('error', () => resolve(false));
  });
}

/**
 * Waits until `check` answers true. `gone` tells when what is awaited can no longer come (the
 * process that should bring it up has exited): then it fails at once with that reason.
 */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, gone?: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = gone?.();
    if (reason) throw new Error(`${what} did not come up: ${reason}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/** Fails, naming the port, when something already listens on it. */
export async function ensurePortFree(port: number, what: string, setting?: string): Promise<void> {
  if (await portOpen(port)) {
    throw new Error(`port ${port} (${what}) is already in use: stop what listens there${setting ? ` or set ${setting} to another port` : ''}`);
  }
}

/** A port from the environment: `fallback` when unset, a free port when 0 (or unset without a fallback). */
export async function portSetting(name: string, fallback?: number): Promise<number> {
  const raw = process.env[name];
  const port = raw === undefined || raw === '' ? (fallback ?? 0) : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number (0 for any free port), got "${raw}"`);
  return port || getPort();
}

export function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() || null : null;
}

/**
 * Runs a spawned server until its ports answer: `onSpawn` gets its stop as soon as the process
 * exists, the wait ends early with the reason once it exits or cannot start, and a start that fails
 * here stops it itself. Answers its stop.
 */
export async function superviseServer(
  child: ChildProcess,
  o: { name: string; what: string; ready: () => Promise<boolean>; onSpawn?: (stop: () => Promise<void>) => void },
): Promise<() => Promise<void>> {
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = `${o.name} exited (${code ?? signal})`;
      resolve();
    });
    child.once('error', (err) => {
      exited = `${o.name} could not start: ${err.message}`;
      resolve();
    });
  });
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
  };
  o.onSpawn?.(stop);
  try {
    await waitFor(
      o.what,
      async () => !exited && (await o.ready()),
      60_000,
      () => exited,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
