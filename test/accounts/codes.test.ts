import t from 'tap';
import { eventually } from '../helpers/tmp.js';
import { latestCode, mailsTo } from '../helpers/mail.js';
import { PASSWORD, loginLegacy, registerLegacy } from '../helpers/accounts.js';
import { setTimestamp } from '../helpers/db.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';

t.test('verification codes: 6 digits, hashed, single use, 5 wrong tries, cool-down, hourly cap', async (t) => {
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '10' });
  const c = stack.client();
  const email = uniqueEmail();
  t.equal((await c.form('/api/login/registerGetCode', { email })).message, 'Sending verification code succeeded!');
  const code = await latestCode(email);
  t.match(code, /^\d{6}$/);
  const row = await stack.db.selectFrom('verification_codes').selectAll().where('target', '=', email).executeTakeFirstOrThrow();
  t.notOk(JSON.stringify(row).includes(code), 'the code is not stored in clear');
  t.equal(row.expires_at.getTime() - row.created_at.getTime(), 10 * 60_000, 'valid 10 minutes');

  const again = await c.form('/api/login/registerGetCode', { email });
  t.equal(again.code, 429, 'a second request within 60 s is refused by the server');
  t.equal((await mailsTo(email)).length, 1, 'and sends nothing');

  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 1; i <= 4; i++)
    t.match(await c.form('/api/login/confirmVer', { verifycode: wrong }), { code: 404, message: 'Verification code error' }, `wrong try ${i}`);
  t.match(
    await c.form('/api/login/confirmVer', { verifycode: wrong }),
    { code: 404, message: 'Too many wrong codes, please request a new one' },
    'fifth wrong try locks the code',
  );
  t.match(await c.form('/api/login/confirmVer', { verifycode: code }), { code: 404 }, 'even the right code is refused after 5 wrong tries');

  // Cool-down over (moved back in time), a new code replaces the old one.
  await setTimestamp(stack.db, 'verification_codes', 'created_at', new Date(Date.now() - 61_000), 'target', email);
  t.equal((await c.form('/api/login/registerGetCode', { email })).code, 200);
  const second = await latestCode(email, 2);
  t.equal((await c.form('/api/login/confirmVer', { verifycode: second })).code, 200);
  t.equal((await c.form('/api/login/confirmVer', { verifycode: second })).code, 200, 'confirming twice is harmless');
  const reg = await c.form('/api/login/userRegister', { email, lastName: 'B', firstName: 'A', existingCompany: 'C', password: PASSWORD, language: 'en' });
  t.equal(reg.code, 200);
  const other = stack.client();
  const reuse = await other.form('/api/login/userRegister', { email: uniqueEmail(), lastName: 'B', firstName: 'A', existingCompany: 'C', password: PASSWORD });
  t.equal(reuse.message, 'Please confirm the verification code first', 'a confirmed code serves only its own email');

  const capped = uniqueEmail('cap');
  for (let i = 0; i < 5; i++) {
    await setTimestamp(stack.db, 'verification_codes', 'created_at', new Date(Date.now() - 61_000 * (6 - i)), 'target', capped);
    t.equal((await c.form('/api/login/registerGetCode', { email: capped })).code, 200, `code ${i + 1} within the hour`);
  }
  await setTimestamp(stack.db, 'verification_codes', 'created_at', new Date(Date.now() - 120_000), 'target', capped);
  t.match(
    await c.form('/api/login/registerGetCode', { email: capped }),
    { code: 429, message: 'Too many codes requested, please try again later' },
    'hourly cap',
  );
});

t.test('an expired code is refused', async (t) => {
  const stack = await startInProcess(t);
  const c = stack.client();
  const email = uniqueEmail();
  await c.form('/api/login/registerGetCode', { email });
  const code = await latestCode(email);
  await setTimestamp(stack.db, 'verification_codes', 'expires_at', new Date(Date.now() - 1000), 'target', email);
  t.match(await c.form('/api/login/confirmVer', { verifycode: code }), { code: 404, message: 'Verification code error' });
});

t.test('registering an existing email answers the Chinese message the client recognises', async (t) => {
  const stack = await startInProcess(t);
  const email = uniqueEmail();
  await registerLegacy(stack.client(), email);
  t.match(await stack.client().form('/api/login/registerGetCode', { email }), { code: 500, message: '该邮箱已注册' });
});

t.test('password reset: unknown account, wrong code, reset revokes every session, phone account', async (t) => {
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '10' });
  const c = stack.client();
  const email = uniqueEmail();
  const reg = await registerLegacy(c, email);
  const oldToken = String(reg.data.access_token);

  t.match(await c.form('/api/login/getCodeWhenForgetPwd', { email: uniqueEmail('ghost') }), { code: 404, message: 'user does not exist' });
  t.equal((await c.form('/api/login/getCodeWhenForgetPwd', { email })).code, 200);
  const code = await latestCode(email, 2);
  t.match(await c.form('/api/login/forgetPassword', { email, verifycode: code === '999999' ? '999998' : '999999' }), { code: 404, message: 'code error' });
  t.match(
    await c.form('/api/login/resetPassword', { email, password: 'NewPass99' }),
    { message: 'Please confirm the verification code first' },
    'no reset without a confirmed code',
  );
  t.equal((await c.form('/api/login/forgetPassword', { email, verifycode: code })).code, 200);
  const done = await c.form('/api/login/resetPassword', { email, password: 'NewPass99' });
  t.match(done, { code: 200, data: 'Password reset succeeded' });
  t.equal((await c.form('/api/login/resetPassword', { email, password: 'Other999' })).code, 400, 'the code served once');

  const old = stack.client();
  old.headers.authorization = `Bearer ${oldToken}`;
  t.equal((await old.gql<{ me: unknown }>('{ me { email } }')).data?.me, null, 'the old session is revoked by the reset');
  t.match(await loginLegacy(stack.client(), email), { code: 500 }, 'the old password no longer works');
  t.equal((await loginLegacy(stack.client(), email, 'NewPass99')).code, 200, 'the new one does');

  // A phone account ('+86 <phone>') gets its code by SMS (the provider sandbox), not by mail.
  await stack.db.updateTable('users').set({ phone_area: '+86', phone_no: '13800000000' }).where('email', '=', email).execute();
  t.equal((await c.form('/api/login/getCodeWhenForgetPwd', { phoneArea: '+86', phoneNo: '13800000000' })).code, 200);
  const phoneCode = await eventually(
    'the reset SMS',
    async () => /\b(\d{6})\b/.exec(stack.sms.messages.find((m) => m.phoneNumber === '+8613800000000')?.text ?? '')?.[1] ?? false,
  );
  t.equal((await mailsTo(email)).length, 2, 'no mail for the phone code');
  t.equal((await c.form('/api/login/forgetPassword', { phoneArea: '+86', phoneNo: '13800000000', verifycode: phoneCode })).code, 200);
  t.equal((await c.form('/api/login/resetPassword', { phoneArea: '+86', phoneNo: '13800000000', password: 'Phone1234' })).code, 200);
  t.equal((await loginLegacy(stack.client(), '+86 13800000000', 'Phone1234')).code, 200, 'login with +86 <phone>');
});
