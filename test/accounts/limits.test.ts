import t from 'tap';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';

t.test('rate limits answer 429 in the envelope, per route, shared through Redis', async (t) => {
  const stack = await startInProcess(t, {}, { workers: false });
  const c = stack.client();
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await c.form('/api/login/chkUserByEmail', { userEmail: uniqueEmail() })).status);
  t.same(statuses.slice(0, 20), Array(20).fill(200));
  const limited = await c.form('/api/login/chkUserByEmail', { userEmail: uniqueEmail() });
  t.equal(limited.status, 429);
  t.match(limited, { code: 429, message: 'Too many requests, please try again later', data: null });

  const captchas: number[] = [];
  for (let i = 0; i < 31; i++) captchas.push((await c.request('GET', '/api/login/getCode')).status);
  t.equal(captchas.at(-1), 429, 'captcha fetching is limited');
  t.equal(captchas.filter((s) => s === 200).length, 30);

  let login = 0;
  for (let i = 0; i < 11; i++) login = (await c.form('/api/login/loginOn', { account: 'x@example.com', password: 'x' })).status;
  t.equal(login, 429, 'login is limited');
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) codes.push((await c.form('/api/login/registerGetCode', { email: 'bad' })).status);
  t.equal(codes.at(-1), 429, 'code sending is limited');
  const checks: number[] = [];
  for (let i = 0; i < 11; i++) checks.push((await c.form('/api/login/confirmVer', { verifycode: '1' })).status);
  t.equal(checks.at(-1), 429, 'code checking is limited');

  // A second gateway replica on the same Redis shares the counters.
  const keys = await stack.app.redis.keys(`${stack.config.queuePrefix}:rl:*`);
  t.ok(keys.length > 0, 'counters live in Redis');
});
