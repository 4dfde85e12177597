import t from 'tap';
import { Queue } from 'bullmq';
import { stalledCheckInterval } from '../../workers/src/runtime.js';
import { startRegistrationService } from '@shop/sandboxes/registration/service';
import { createTestDatabase } from '../helpers/db.js';
import { delayRegistration, pendingMirror } from '../helpers/registration-mirror.js';
import { redisConnection, uniquePrefix } from '../helpers/redis.js';
import { eventually } from '../helpers/tmp.js';
import { uniqueEmail } from '../helpers/stack.js';
import { runNode } from './processes.js';

// docs/architecture.md promises when a dead worker's job is taken over: between JOB_LOCK_MS/2 and
// JOB_LOCK_MS + 2 stalled-check intervals. Measured here with a real SIGKILL, at a short lock.
const LOCK_MS = 3_000;

t.test("a SIGKILLed worker's job is taken over within the documented time", async (t) => {
  const { db, url } = await createTestDatabase(t);
  const prefix = uniquePrefix();
  const registration = await startRegistrationService();
  t.teardown(() => registration.app.close());
  // The first mirror call hangs longer than the takeover takes: the job stays in flight until its worker dies.
  await delayRegistration(registration.url, 45_000);
  // The mirror call waits long enough for a survivor to start on a loaded machine (10 s by default).
  const env = {
    DATABASE_URL: url,
    QUEUE_PREFIX: prefix,
    REGISTRATION_SERVICE_URL: registration.url,
    REGISTRATION_TIMEOUT_SECONDS: '60',
    JOB_LOCK_MS: String(LOCK_MS),
  };
  const first = runNode(t, 'workers/dist/main.js', env);
  await eventually('workers started', async () => first.output().includes('workers started'), 20_000);

  const userId = await pendingMirror(db, uniqueEmail('held'));
  const queue = new Queue('registration-mirror', { connection: redisConnection(t), prefix });
  t.teardown(() => queue.close());
  const jobId = `mirror-${userId}`;
  await eventually('the mirror call is in flight', async () => registration.requests === 1 && (await queue.getJobState(jobId)) === 'active', 20_000);

  // The survivor runs before the death, as in a deployment with several workers processes.
  const survivor = runNode(t, 'workers/dist/main.js', env);
  await eventually('second workers process started', async () => survivor.output().includes('workers started'), 20_000);
  await delayRegistration(registration.url, 0);
  // The mirror call gives up after REGISTRATION_TIMEOUT_SECONDS (60 s here): the measurement needs
  // the first attempt still in flight at the kill.
  const held = await queue.getJob(jobId);
  t.same(
    { state: await held?.getState(), attemptsMade: held?.attemptsMade, requests: registration.requests },
    { state: 'active', attemptsMade: 0, requests: 1 },
    'the first attempt is still in flight at the kill',
  );
  const killedAt = Date.now();
  first.child.kill('SIGKILL');
  await first.exited;
  await eventually('the job is taken over', async () => registration.requests >= 2, 30_000);
  const takeover = Date.now() - killedAt;
  const bound = LOCK_MS + 2 * stalledCheckInterval(LOCK_MS);
  t.comment(`taken over after ${takeover} ms (lock ${LOCK_MS} ms, stalled check every ${stalledCheckInterval(LOCK_MS)} ms)`);
  t.ok(takeover >= LOCK_MS / 2 - 100, `not before the lock can lapse (${takeover} ms >= ${LOCK_MS / 2} ms)`);
  // 1.5 s of slack for a loaded machine (process scheduling, the poll of `eventually`).
  t.ok(takeover <= bound + 1_500, `within JOB_LOCK_MS + 2 stalled checks (${takeover} ms <= ${bound} ms + slack)`);
  await eventually(
    'the mirror succeeds',
    async () => (await db.selectFrom('registration_mirrors').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow()).status === 'succeeded',
    20_000,
  );
  const job = await queue.getJob(jobId);
  t.equal(job?.stalledCounter, 1, 'through the stalled-job check, once');
});
