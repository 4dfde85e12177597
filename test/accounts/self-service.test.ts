import t from 'tap';
import { loginLegacy, PASSWORD, registerLegacy } from '../helpers/accounts.js';
import { latestCode } from '../helpers/mail.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';
import { hashPassword } from '../../gateway/src/services/accounts/passwords.js';

const env = { RATE_LIMIT_SCALE: '20' };
const ME = '{ me { email loginFirst } }';

t.test('changing the password checks the old one and ends the other sessions', async (t) => {
  const stack = await startInProcess(t, env);
  const email = uniqueEmail('pw');
  const a = stack.client();
  t.equal((await registerLegacy(a, email)).code, 200);
  const b = stack.client();
  t.equal((await loginLegacy(b, email)).code, 200);

  const wrong = await a.form('/api/user/updatePassword', { oldPassword: 'Nope12345', password: 'Newpass123' });
  // An expected refusal, not a server fault (500): the spec's code for a refused check.
  t.match(wrong, { status: 200, code: 404, message: 'Old password error!' });
  const zh = await a.request('POST', '/api/user/updatePassword', {
    body: 'oldPassword=Nope12345&password=Newpass123',
    headers: { 'content-type': 'application/x-www-form-urlencoded', locale: 'zh' },
  });
  t.match(await zh.json(), { code: 404, message: '旧密码错误！' });
  t.match(await a.form('/api/user/updatePassword', { oldPassword: PASSWORD, password: 'short' }), { message: '8-16 digits and letters' });
  t.equal((await b.gql<{ me: unknown }>(ME)).data?.me !== null, true, 'refusals end nothing');

  const done = await a.form<{ sessionsEnded: number }>('/api/user/updatePassword', { oldPassword: PASSWORD, password: 'Newpass123' });
  t.match(done, { code: 200, message: 'Password changed', data: { sessionsEnded: 1 } });
  t.match((await a.gql<{ me: { email: string } }>(ME)).data?.me, { email }, 'the changing session stays');
  t.equal((await b.gql<{ me: unknown }>(ME)).data?.me, null, 'the other session ended');
  t.equal((await loginLegacy(stack.client(), email)).message, 'Account or Password Error!', 'the old password is dead');
  t.equal((await loginLegacy(stack.client(), email, 'Newpass123')).code, 200, 'the new one works');

  // GraphQL face.
  const g = await a.gql<{ changePassword: { sessionsEnded: number; user: { email: string } } }>(
    `mutation { changePassword(oldPassword: "Newpass123", password: "Third1234", confirmPassword: "Third1234") { sessionsEnded user { email } } }`,
  );
  t.match(g.data?.changePassword, { sessionsEnded: 1, user: { email } });
  const guest = await stack
    .client()
    .gql(`mutation { changePassword(oldPassword: "a", password: "Third1234", confirmPassword: "Third1234") { sessionsEnded } }`);
  t.equal(guest.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  t.equal((await stack.client().form('/api/user/updatePassword', { oldPassword: 'x', password: 'y' })).code, 401, 'a guest is asked to log in');
});

t.test('changing the email: code to the new address, other sessions end, the new email logs in', async (t) => {
  const stack = await startInProcess(t, env);
  const email = uniqueEmail('old');
  const a = stack.client();
  await registerLegacy(a, email);
  const b = stack.client();
  await loginLegacy(b, email);
  const other = uniqueEmail('taken');
  await registerLegacy(stack.client(), other);

  t.match(await a.form('/api/user/bindEmailGetCode', { email: other }), { message: 'This email is already used by another account' });
  const next = uniqueEmail('new');
  t.match(await a.form('/api/user/bindEmailGetCode', { email: next }), { code: 200, message: 'Sending verification code succeeded!' });
  t.match(await a.form('/api/user/bindEmailGetCode', { email: next }), { code: 429 }, 'the 60 s cool-down applies');
  const code = await latestCode(next);
  t.match(await a.form('/api/user/bindEmail', { email: next, verifycode: code === '000000' ? '111111' : '000000' }), { code: 404 }, 'a wrong code is refused');
  const bound = await a.form<{ email: string; sessionsEnded: number }>('/api/user/bindEmail', { email: next, verifycode: code });
  t.match(bound, { code: 200, message: 'Email bound', data: { email: next, sessionsEnded: 1 } });
  t.equal((await b.gql<{ me: unknown }>(ME)).data?.me, null, 'the other session ended');
  t.match((await a.gql<{ me: { email: string } }>(ME)).data?.me, { email: next });
  t.equal((await loginLegacy(stack.client(), next)).code, 200, 'the new email logs in');
  t.equal((await loginLegacy(stack.client(), email)).message, 'The email is not registered!', 'the old one does not');
  t.match(await a.form('/api/user/bindEmail', { email: next, verifycode: code }), { code: 404 }, 'a code works once');
});

t.test('first-login password: set without the old one while loginFirst is set, then never again', async (t) => {
  const stack = await startInProcess(t, env);
  const email = uniqueEmail('first');
  await stack.db
    .insertInto('users')
    .values({ email, first_name: 'New', last_name: 'User', password_hash: await hashPassword('Initial123'), login_first: true })
    .execute();
  const a = stack.client();
  const login = await loginLegacy(a, email, 'Initial123');
  t.match(login.data, { loginFirst: true });
  const set = await a.gql<{ setFirstPassword: { user: { loginFirst: boolean } } }>(
    `mutation { setFirstPassword(password: "Chosen1234", confirmPassword: "Chosen1234") { user { loginFirst } } }`,
  );
  t.same(set.data?.setFirstPassword, { user: { loginFirst: false } });
  const again = await a.gql(`mutation { setFirstPassword(password: "Other1234", confirmPassword: "Other1234") { sessionsEnded } }`);
  t.equal(again.errors?.[0]?.message, 'Old password error!', 'afterwards the old password is needed');
  t.equal((await loginLegacy(stack.client(), email, 'Chosen1234')).code, 200);
});
