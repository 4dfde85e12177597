import t from 'tap';
import { PASSWORD, registerLegacy, solveCaptcha } from '../helpers/accounts.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';

t.test('captcha: 4 characters, bound to the client, single use, expires in 2 minutes', async (t) => {
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '10' });
  const email = uniqueEmail();
  await registerLegacy(stack.client(), email);
  const c = stack.client();

  const answer = await solveCaptcha(c);
  t.match(answer, /^[A-Za-z0-9]{4}$/);
  const row = await stack.db.selectFrom('captchas').selectAll().where('id', '=', c.cookies.get('captcha_id')!).executeTakeFirstOrThrow();
  t.equal(row.expires_at.getTime() - row.created_at.getTime(), 120_000, 'valid 2 minutes');
  t.notOk(JSON.stringify(row).includes(answer), 'the answer is not stored in clear');

  const thief = stack.client();
  t.match(await thief.form('/api/login/verifyCode', { verifyCode: answer }), { code: 400, message: 'Verification code error' }, 'another client cannot use it');

  t.equal((await c.form('/api/login/verifyCode', { verifyCode: answer.toLowerCase() })).code, 200, 'case-insensitive');
  t.equal((await c.form('/api/login/loginOn', { account: email, password: PASSWORD })).code, 200);
  t.match(await c.form('/api/login/verifyCode', { verifyCode: answer }), { code: 400 }, 'a used captcha cannot be checked again');
  t.match(
    await c.form('/api/login/loginOn', { account: email, password: PASSWORD }),
    { code: 400, message: 'Please verify the verification code first' },
    'reuse after login refused',
  );

  const wrong = await solveCaptcha(c);
  t.match(await c.form('/api/login/verifyCode', { verifyCode: wrong === 'zzzz' ? 'yyyy' : 'zzzz' }), { code: 400, message: 'Verification code error' });
  t.match(await c.form('/api/login/verifyCode', { verifyCode: wrong }), { code: 400 }, 'a wrong answer burns the captcha');

  const late = await solveCaptcha(c);
  await stack.db
    .updateTable('captchas')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', c.cookies.get('captcha_id')!)
    .execute();
  t.match(await c.form('/api/login/verifyCode', { verifyCode: late }), { code: 400, message: 'Verification code expired, please refresh' }, 'expired');

  const g = stack.client();
  const image = await g.gql<{ captcha: { image: string; expiresInSeconds: number } }>('{ captcha { image expiresInSeconds } }');
  t.match(image.data?.captcha, { image: /^data:image\/svg\+xml;base64,/, expiresInSeconds: 120 });
  const gAnswer = (await (await g.request('GET', '/__test/captcha')).json()) as { answer: string };
  const login = `mutation($a: String!, $p: String!, $c: String!) { login(account: $a, password: $p, captcha: $c) { accessToken user { email } } }`;
  const ok = await g.gql<{ login: { user: { email: string } } }>(login, { a: email, p: PASSWORD, c: gAnswer.answer });
  t.equal(ok.data?.login.user.email, email, 'GraphQL login with the captcha');
  const again = await g.gql(login, { a: email, p: PASSWORD, c: gAnswer.answer });
  t.equal(again.errors?.[0]?.extensions?.code, 'CAPTCHA_INVALID', 'GraphQL: the captcha served once');
});

t.test('test hooks are absent unless enabled', async (t) => {
  const stack = await startInProcess(t, { ENABLE_TEST_HOOKS: 'false' }, { workers: false });
  const res = await stack.client().request('GET', '/__test/captcha');
  t.equal(res.status, 404);
});
