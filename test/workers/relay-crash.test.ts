import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { Queue } from 'bullmq';
import { startRegistrationService } from '@shop/sandboxes/registration/service';
import { createTestDatabase } from '../helpers/db.js';
import { redisConnection, uniquePrefix } from '../helpers/redis.js';
import { eventually } from '../helpers/tmp.js';
import { uniqueEmail } from '../helpers/stack.js';
import { root, runNode } from './processes.js';

t.test('a crash between commit and enqueue loses nothing: the relay hands the row over after restart', async (t) => {
  const { db, url } = await createTestDatabase(t);
  const prefix = uniquePrefix();
  const registration = await startRegistrationService();
  t.teardown(() => registration.app.close());
  const email = uniqueEmail('crash');

  // The gateway's registration commits, then its process is killed before the relay's enqueue.
  const env = { ...process.env, DATABASE_URL: url, QUEUE_PREFIX: prefix };
  const crashed = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=shop-source', path.join(root, 'test/workers/fixtures/register-then-crash.ts'), email],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  crashed.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    crashed.once('exit', (code, signal) => resolve({ code, signal })),
  );
  t.equal(exit.signal, 'SIGKILL', 'the process died by SIGKILL');
  const userId = Number(/committed user (\d+)/.exec(out)?.[1]);
  t.ok(userId > 0, 'after the commit');

  const row = await db.selectFrom('outbox').selectAll().where('job_id', '=', `mirror-${userId}`).executeTakeFirstOrThrow();
  t.equal(row.relayed_at, null, 'the outbox row is committed and not relayed');
  const queue = new Queue('registration-mirror', { connection: redisConnection(t), prefix });
  t.teardown(() => queue.close());
  t.equal(await queue.getJobState(`mirror-${userId}`), 'unknown', 'and no job exists in Redis');
  t.equal((await db.selectFrom('registration_mirrors').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow()).status, 'pending');

  // Workers come up: their relay finds the row and the mirror runs.
  const w = runNode(t, 'workers/dist/main.js', { DATABASE_URL: url, QUEUE_PREFIX: prefix, REGISTRATION_SERVICE_URL: registration.url });
  await eventually(
    'mirrored',
    async () => (await db.selectFrom('registration_mirrors').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow()).status === 'succeeded',
    30_000,
  );
  t.ok(registration.registrations.has(email), 'the registration service got the account');
  t.equal(registration.requests, 1, 'once');
  t.not((await db.selectFrom('outbox').select('relayed_at').where('id', '=', row.id).executeTakeFirstOrThrow()).relayed_at, null, 'the row is marked relayed');
  // The job writes 'succeeded' before BullMQ books it as completed: wait for the bookkeeping.
  await eventually('the job completed', async () => (await queue.getJobState(`mirror-${userId}`)) === 'completed', 30_000);
  t.equal(await queue.getJobState(`mirror-${userId}`), 'completed', 'the job completed');
  w.child.kill('SIGTERM');
  t.equal((await w.exited).code, 0);
});
