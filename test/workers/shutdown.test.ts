import t from 'tap';
import { Queue } from 'bullmq';
import { startRegistrationService } from '@shop/sandboxes/registration/service';
import { createTestDatabase } from '../helpers/db.js';
import { delayRegistration, pendingMirror } from '../helpers/registration-mirror.js';
import { redisConnection, uniquePrefix } from '../helpers/redis.js';
import { eventually } from '../helpers/tmp.js';
import { uniqueEmail } from '../helpers/stack.js';
import { runNode } from './processes.js';

t.test('SIGTERM: no new jobs are taken, the running one finishes, the process exits 0', async (t) => {
  const { db, url } = await createTestDatabase(t);
  const prefix = uniquePrefix();
  const registration = await startRegistrationService();
  t.teardown(() => registration.app.close());
  // The registration service answers after 3 s: the mirror job is in flight that long.
  await delayRegistration(registration.url, 3_000);

  const w = runNode(t, 'workers/dist/main.js', {
    DATABASE_URL: url,
    QUEUE_PREFIX: prefix,
    REGISTRATION_SERVICE_URL: registration.url,
    SHUTDOWN_GRACE_MS: '30000',
  });
  await eventually('workers started', async () => w.output().includes('workers started'), 20_000);
  const first = await pendingMirror(db, uniqueEmail('slow'));
  const queue = new Queue('registration-mirror', { connection: redisConnection(t), prefix });
  t.teardown(() => queue.close());
  await eventually(
    'the mirror call is in flight',
    async () => registration.requests === 1 && (await queue.getJobState(`mirror-${first}`)) === 'active',
    20_000,
  );

  w.child.kill('SIGTERM');
  await eventually('stopping', async () => w.output().includes('stopping: no new jobs'));
  // Work arriving after SIGTERM is left for the next worker.
  const second = await db
    .insertInto('users')
    .values({ email: uniqueEmail('later'), first_name: 'L', last_name: 'Ater', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queue.add('registration-mirror', { userId: second.id }, { jobId: `mirror-${second.id}` });

  const { code } = await w.exited;
  t.equal(code, 0, 'exit code 0');
  t.ok(w.output().indexOf('stopping: no new jobs') < w.output().indexOf('workers stopped'), 'stopped after draining');
  t.equal(registration.answered, 1, 'the slow call was answered before the exit');

  const job = await queue.getJob(`mirror-${first}`);
  t.equal(await job!.getState(), 'completed', 'the running job completed');
  t.equal(job!.attemptsMade, 1, 'in one attempt');
  t.equal(job!.stalledCounter, 0, 'never stalled');
  t.equal(await queue.getFailedCount(), 0, 'nothing failed');
  t.equal((await db.selectFrom('registration_mirrors').select('status').where('user_id', '=', first).executeTakeFirstOrThrow()).status, 'succeeded');
  t.equal(await queue.getJobState(`mirror-${second.id}`), 'waiting', 'the job added after SIGTERM was not taken');
  t.equal(registration.requests, 1, 'and never reached the service');
});
