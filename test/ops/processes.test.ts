import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import getPort from 'get-port';
import { portOpen } from '../../scripts/src/stack/util.js';
import { createTestDatabase } from '../helpers/db.js';
import { uniquePrefix } from '../helpers/redis.js';
import { watchOutput } from '../helpers/proc.js';
import { eventually } from '../helpers/tmp.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function run(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [path.join(root, script)], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const { exited, output, printed } = watchOutput(child);
  return { child, exited, output, printed };
}

t.test('the gateway process stops gracefully on SIGTERM and SIGINT', async (t) => {
  const { url } = await createTestDatabase(t);
  // One gateway per signal, both started at once rather than one after the other.
  const stopped = await Promise.all(
    (['SIGTERM', 'SIGINT'] as const).map(async (signal) => {
      const port = await getPort();
      const gw = run('gateway/dist/server.js', { DATABASE_URL: url, PORT: String(port) });
      t.teardown(() => gw.child.kill('SIGKILL'));
      // No deadline of its own (a start-up takes over 10 s on a loaded CI machine): one that exits fails.
      await gw.printed(/Server listening at/);
      await eventually(`${signal} gateway ready`, async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).status === 200, 60_000);
      gw.child.kill(signal);
      const { code } = await gw.exited;
      await gw.printed(/stopping: closing the listener/);
      return { signal, code, stillOpen: await portOpen(port) };
    }),
  );
  for (const { signal, code, stillOpen } of stopped) {
    t.equal(code, 0, `${signal}: exit code 0`);
    t.notOk(stillOpen, `${signal}: the port is released`);
  }
});

t.test('the gateway refuses a bad configuration with a clear message', async (t) => {
  const gw = run('gateway/dist/server.js', { DATABASE_URL: 'postgres://x@127.0.0.1/x', PORT: 'abc' });
  const { code } = await gw.exited;
  t.equal(code, 78);
  await gw.printed(/Invalid configuration:\n\s+- PORT must be a whole number, got "abc"/);
  t.pass('it names the setting');
});

t.test('the workers process drains and exits on SIGTERM', async (t) => {
  const { url } = await createTestDatabase(t);
  const w = run('workers/dist/main.js', { DATABASE_URL: url, QUEUE_PREFIX: uniquePrefix() });
  t.teardown(() => w.child.kill('SIGKILL'));
  await w.printed(/workers started/);
  w.child.kill('SIGTERM');
  const { code } = await w.exited;
  t.equal(code, 0);
  await w.printed(/stopping: no new jobs, finishing running ones[^]*workers stopped/);
  t.pass('it says it drains, then that it stopped');
});
