import t from 'tap';
import { ensureOperator } from '../../gateway/src/cli/operator.js';
import { loginLegacy } from '../helpers/accounts.js';
import { buildTestApp } from '../helpers/app.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { queueNames } from '@shop/jobs';

t.test('Bull Board is for logged-in operators only', async (t) => {
  const stack = await startInProcess(t, {}, { workers: false });
  const guest = stack.client();
  t.equal((await guest.request('GET', '/admin/queues')).status, 401, 'a guest gets 401');
  t.equal((await guest.request('GET', '/admin/queues/api/queues')).status, 401, 'and so does the board API');

  const buyer = await stack.db
    .insertInto('users')
    .values({ email: uniqueEmail('buyer'), first_name: 'B', last_name: 'Uyer', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token: buyerToken } = await createSession(stack.app.deps, buyer.id);
  const asBuyer = stack.client();
  asBuyer.headers.authorization = `Bearer ${buyerToken}`;
  t.equal((await asBuyer.request('GET', '/admin/queues')).status, 403, 'a buyer gets 403');
  t.equal((await asBuyer.request('GET', '/admin/queues/api/queues')).status, 403);

  // An operator logged in through the legacy login (session cookie) sees the board.
  const email = uniqueEmail('op');
  await ensureOperator(stack.db, { email, password: 'Operator1' });
  const op = stack.client();
  t.equal((await loginLegacy(op, email, 'Operator1')).code, 200);
  const page = await op.request('GET', '/admin/queues');
  t.equal(page.status, 200, 'the board page answers');
  t.match(await page.text(), /Shop queues/, 'with its title');
  const api = await op.request('GET', '/admin/queues/api/queues');
  t.equal(api.status, 200);
  const names = ((await api.json()) as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
  t.same(names, [...queueNames].sort(), 'every queue of the job contract is on the board');
});

t.test('the board also works with an operator bearer token and under inject()', async (t) => {
  const { app, db } = await buildTestApp(t);
  // Closing the app while its Redis connection is still in the ready check trips an ioredis rejection.
  await new Promise((r) => (app.redis.status === 'ready' ? r(null) : app.redis.once('ready', r)));
  const op = await ensureOperator(db, { email: uniqueEmail('op'), password: 'Operator1' });
  const { token } = await createSession(app.deps, op.userId);
  const res = await app.inject({ url: '/admin/queues/api/queues', headers: { authorization: `Bearer ${token}` } });
  t.equal(res.statusCode, 200);
  t.equal(
    (await app.inject({ url: '/admin/queues/api/queues', headers: { authorization: 'Bearer not-a-real-session-token-at-all' } })).statusCode,
    401,
    'an unknown token is a guest',
  );
});
