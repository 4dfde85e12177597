import t from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { startInProcess, uniqueEmail, type InProcessStack } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';
import { gqlOk, operator } from './helpers.js';

const MIRRORS = `query($s: MirrorStatus) { registrationMirrors(status: $s) { total page pageSize items { userId email name status attempts lastError lastAttemptAt succeededAt createdAt } } }`;
const RETRY = `mutation($u: ID!) { retryRegistrationMirror(userId: $u) { changed mirror { userId status attempts lastError } } }`;
const EVENTS = `query($u: ID!) { registrationMirrorEvents(userId: $u) { type actorType actorId actorEmail createdAt before after data } }`;

async function failNext(stack: InProcessStack, count: number): Promise<void> {
  await fetch(stack.registration.url.replace('/register', '/_control/fail'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count }),
  });
}

async function mirrorRow(stack: InProcessStack, userId: number) {
  return stack.db.selectFrom('registration_mirrors').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

t.test('operators see mirror states and retry a mirror that failed for good', async (t) => {
  // The workers mirror registrations to the registration service sandbox.
  const stack = await startInProcess(t, { RETRY_DELAY_SCALE: '0.0001', RATE_LIMIT_SCALE: '50' });
  const queue = stack.app.queues['registration-mirror'];

  // The registration service is down for longer than the job's 15 attempts.
  await failNext(stack, 1_000);
  const email = uniqueEmail('mirror');
  const userId = Number((await registerLegacy(stack.client(), email)).data.userId);
  const failed = await eventually(
    'mirror failed for good',
    async () => {
      // The backoff grows to minutes by the 20th attempt: promote the waiting retries instead of sleeping through them.
      for (const job of await queue.getDelayed()) await job.promote().catch(() => undefined);
      const row = await mirrorRow(stack, userId);
      return row.status === 'failed' ? row : false;
    },
    60_000,
  );
  t.equal(failed.attempts, 15, 'every attempt was spent');
  await eventually('the job is in the failed set', async () => (await queue.getJob(`mirror-${userId}`))?.isFailed());

  // The service is back; a later account mirrors at once.
  await failNext(stack, 0);
  const fineEmail = uniqueEmail('fine');
  const fineId = Number((await registerLegacy(stack.client(), fineEmail)).data.userId);
  await eventually('second mirror landed', async () => (await mirrorRow(stack, fineId)).status === 'succeeded');

  const [op1, op2] = [await operator(stack, 'op1'), await operator(stack, 'op2')];
  type Page = { registrationMirrors: { total: number; items: Record<string, unknown>[] } };
  const all = (await gqlOk<Page>(op1.client, MIRRORS)).registrationMirrors;
  t.equal(all.total, 2, 'operators have no mirror');
  t.same(
    all.items.map((m) => m.userId),
    [String(fineId), String(userId)],
    'newest account first',
  );
  const onlyFailed = (await gqlOk<Page>(op1.client, MIRRORS, { s: 'FAILED' })).registrationMirrors;
  t.equal(onlyFailed.total, 1);
  t.match(onlyFailed.items[0], {
    userId: String(userId),
    email,
    name: 'Test Buyer',
    status: 'FAILED',
    attempts: 15,
    lastError: 'HTTP 503 code 503',
    succeededAt: null,
  });
  t.ok(onlyFailed.items[0]!.lastAttemptAt, 'the last attempt time is shown');
  t.equal((await gqlOk<Page>(op1.client, MIRRORS, { s: 'SUCCEEDED' })).registrationMirrors.total, 1);
  t.equal((await gqlOk<Page>(op1.client, MIRRORS, { s: 'PENDING' })).registrationMirrors.total, 0);

  // Two operators retry at once: one retry goes out.
  type Retry = { retryRegistrationMirror: { changed: boolean; mirror: { status: string } } };
  const answers = await Promise.all([gqlOk<Retry>(op1.client, RETRY, { u: String(userId) }), gqlOk<Retry>(op2.client, RETRY, { u: String(userId) })]);
  t.same(answers.map((a) => a.retryRegistrationMirror.changed).sort(), [false, true], 'one of the two retries changed something');
  const landed = await eventually(
    'retried mirror landed',
    async () => {
      const row = await mirrorRow(stack, userId);
      return row.status === 'succeeded' ? row : false;
    },
    30_000,
  );
  t.equal(landed.attempts, 16, 'one more attempt, and it landed');
  t.equal(landed.last_error, null);
  t.equal(landed.sealed_password, null, 'the sealed password is dropped once mirrored');
  t.match(stack.registration.registrations.get(email), { email, password: 'Secret123' });
  t.equal(await queue.getJobState(`mirror-${userId}`), 'completed', "the retry ran as the mirror's own job, no special id");

  // Nothing left to retry; the retry is in the mirror's audit trail.
  t.match((await gqlOk<Retry>(op1.client, RETRY, { u: String(userId) })).retryRegistrationMirror, { changed: false, mirror: { status: 'SUCCEEDED' } });
  const trail = (await gqlOk<{ registrationMirrorEvents: Record<string, string>[] }>(op2.client, EVENTS, { u: String(userId) })).registrationMirrorEvents;
  t.equal(trail.length, 1, 'one retry recorded');
  const winner = answers[0]!.retryRegistrationMirror.changed ? op1 : op2;
  t.match(trail[0], { type: 'mirror_retry_requested', actorType: 'OPERATOR', actorId: String(winner.userId), actorEmail: winner.email });
  t.same(JSON.parse(trail[0]!.before!), { status: 'failed', attempts: 15, lastError: 'HTTP 503 code 503' });
  t.same(JSON.parse(trail[0]!.after!), { status: 'pending' });

  const unknown = await op1.client.gql(RETRY, { u: '999999' });
  t.match(unknown.errors?.[0], { message: 'This account has no registration mirror', extensions: { code: 'NOT_FOUND' } });
});
