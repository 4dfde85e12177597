import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginLegacy } from '../helpers/accounts.js';
import { latestCode } from '../helpers/mail.js';
import { startInProcess, uniqueEmail, type InProcessStack } from '../helpers/stack.js';
import { payInCore } from '../helpers/paid-orders.js';
import { hashPassword } from '../../gateway/src/services/accounts/passwords.js';
import type { Client } from '../helpers/http.js';
import { freshMobile, smsCode } from '../helpers/sms.js';

const env = { RATE_LIMIT_SCALE: '20', RETRY_DELAY_SCALE: '0.01' };

async function registerByPhone(stack: InProcessStack, c: Client, area: string, phoneNo: string, sandboxNumber: string) {
  const sent = await c.form('/api/login/registerGetCode', { phoneArea: area, phoneNo });
  if (sent.code !== 200) throw new Error(`registerGetCode: ${sent.message}`);
  const code = await smsCode(stack, sandboxNumber);
  const confirmed = await c.form('/api/login/confirmVer', { verifycode: code });
  if (confirmed.code !== 200) throw new Error(`confirmVer: ${confirmed.message}`);
  return c.form<Record<string, unknown>>('/api/login/userRegister', {
    phoneArea: area,
    phoneNo,
    language: 'en',
    lastName: 'Phone',
    firstName: 'Buyer',
    password: 'Secret123',
    state: '1',
    existingCompany: 'Example Ltd',
    country: '001',
    loginType: '1',
  });
}

t.test('phone registration: SMS code through the provider sandbox, then automatic login', async (t) => {
  const stack = await startInProcess(t, env);
  const c = stack.client();
  const phone = freshMobile();
  const reg = await registerByPhone(stack, c, '+86', phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1 $2 $3'), `+86${phone}`);
  t.match(reg, { code: 200, data: { phoneArea: '+86', phoneNo: phone, email: '', access_token: /.{40,}/ } }, 'registered and logged in, number normalised');
  t.match((await c.gql<{ me: { phoneNo: string } }>('{ me { phoneNo phoneArea email } }')).data?.me, { phoneNo: phone, phoneArea: '+86', email: '' });
  const sms = stack.sms.messages.filter((m) => m.phoneNumber === `+86${phone}`);
  t.equal(sms.length, 1, 'one SMS');
  t.match(sms[0], { templateCode: 'SMS_900000001', outId: /^code-\d+$/ });
  t.equal(stack.sms.refused.length, 0, 'every request the workers sent was correctly signed');

  // Limits as for mail codes: a second request within 60 s is refused, the number is now taken.
  t.match(await stack.client().form('/api/login/registerGetCode', { phoneArea: '+86', phoneNo: phone }), {
    code: 500,
    message: 'This mobile phone number is already registered',
  });
  const other = freshMobile();
  const d = stack.client();
  t.equal((await d.form('/api/login/registerGetCode', { phoneArea: '86', phoneNo: other })).code, 200);
  t.equal((await d.form('/api/login/registerGetCode', { phoneArea: '86', phoneNo: other })).code, 429, 'the 60 s cool-down per number');
  t.match(await d.form('/api/login/registerGetCode', { phoneArea: '+86', phoneNo: '1234' }), {
    code: 400,
    message: 'Please enter the correct mobile phone number',
  });
  t.match(
    await d.form('/api/login/registerGetCode', { phoneArea: '+86', phoneNo: '01012345678' }),
    { message: 'Please enter the correct mobile phone number' },
    'a landline cannot take an SMS',
  );

  // Five wrong tries kill the code.
  const code = await smsCode(stack, `+86${other}`);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) await d.form('/api/login/confirmVer', { verifycode: wrong });
  t.equal((await d.form('/api/login/confirmVer', { verifycode: code })).code, 404, 'after 5 wrong tries even the right code is refused');

  // Log in with '+86 <phone>' as the legacy client sends it.
  const e = stack.client();
  t.match(await loginLegacy(e, `+86 ${phone}`), { code: 200, data: { phoneNo: phone } });

  // GraphQL face, another area (Hong Kong).
  const g = stack.client();
  const hk = `9123${String(Date.now() % 1e4).padStart(4, '0')}`;
  const asked = await g.gql(`mutation($a: String!) { requestCode(account: $a, purpose: REGISTER) }`, { a: `+852 ${hk}` });
  t.notOk(asked.errors, JSON.stringify(asked.errors ?? ''));
  const hkCode = await smsCode(stack, `+852${hk}`);
  const registered = await g.gql<{ register: { user: { phoneArea: string; phoneNo: string; language: string } } }>(
    `mutation($i: RegisterInput!) { register(input: $i) { user { phoneArea phoneNo language } } }`,
    {
      i: {
        phoneArea: '+852',
        phoneNo: hk,
        code: hkCode,
        firstName: 'Hk',
        lastName: 'Buyer',
        company: 'HK Ltd',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        agreement: true,
        language: 'zh',
      },
    },
  );
  t.same(registered.data?.register.user, { phoneArea: '+852', phoneNo: hk, language: 'zh' });
  t.match(
    stack.sms.messages.find((m) => m.phoneNumber === `+852${hk}`),
    { phoneNumber: `+852${hk}` },
    'sent to the provider as 852<number>',
  );
});

t.test('phone password reset by SMS; a reset ends every session', async (t) => {
  const stack = await startInProcess(t, env);
  const phone = freshMobile();
  // Made in the database: a registration SMS would hold the number's 60 s cool-down (the provider's too).
  await stack.db
    .insertInto('users')
    .values({ phone_area: '+86', phone_no: phone, first_name: 'Phone', last_name: 'Buyer', password_hash: await hashPassword('Secret123') })
    .execute();
  const c = stack.client();
  t.equal((await loginLegacy(c, `+86 ${phone}`)).code, 200);
  t.match(
    await stack
      .client()
      .form('/api/login/getCodeWhenForgetPwd', { phoneArea: '+86', phoneNo: phone })
      .then(async (first) => first),
    { code: 200 },
    'the first reset code',
  );
  t.match(
    await stack.client().form('/api/login/getCodeWhenForgetPwd', { phoneArea: '+86', phoneNo: phone }),
    { code: 429 },
    'a second within 60 s: cool-down per number',
  );
  const r = stack.client();
  const code = await smsCode(stack, `+86${phone}`, 1);
  t.match(stack.sms.messages.at(-1), { templateCode: 'SMS_900000002' }, 'the reset template');
  t.equal((await r.form('/api/login/forgetPassword', { phoneArea: '+86', phoneNo: phone, verifycode: code })).code, 200);
  t.match(await r.form('/api/login/resetPassword', { phoneArea: '+86', phoneNo: phone, password: 'Renewed123' }), { code: 200 });
  t.equal((await c.gql<{ me: unknown }>('{ me { phoneNo } }')).data?.me, null, 'the old session ended');
  t.equal((await loginLegacy(stack.client(), `+86 ${phone}`, 'Renewed123')).code, 200, 'the new password logs in');
  t.match(
    await stack.client().form('/api/login/getCodeWhenForgetPwd', { phoneArea: '+86', phoneNo: freshMobile() }),
    { code: 404, message: 'user does not exist' },
    'an unknown number is told to register (spec section 8)',
  );
});

t.test('a phone-only account binds an email before buying an e-book, then downloads it with that email as PDF password', async (t) => {
  const stack = await startInProcess(t, env);
  const phone = freshMobile();
  const c = stack.client();
  await registerByPhone(stack, c, '+86', phone, `+86${phone}`);

  const refused = await c.form('/api/login/registratorComplex', { bookId: '1', payType: '3', bookFormat: '0', 'purchaseInfo[country]': 'Germany' });
  t.match(refused, { code: 400, message: 'Please bind an email to your account before buying an e-book: the email is the password of the PDF.' });
  const zh = await c.request('POST', '/api/login/registratorComplex', {
    body: 'bookId=1&payType=3&bookFormat=0&purchaseInfo[country]=Germany',
    headers: { 'content-type': 'application/x-www-form-urlencoded', locale: 'zh' },
  });
  t.equal(((await zh.json()) as { message: string }).message, '购买电子书前请先绑定邮箱：邮箱是电子书PDF的密码。');
  const gql = await c.gql(`mutation { checkout(input: { bookId: "1", format: EBOOK, country: "Germany", paymentMethod: PAYPAL }) { order { orderNo } } }`);
  t.equal(gql.errors?.[0]?.extensions?.code, 'EMAIL_REQUIRED');
  t.equal((await stack.db.selectFrom('orders').select('id').execute()).length, 0, 'no order, no payment attempt: nothing was taken');

  const email = uniqueEmail('phonebuyer');
  t.equal((await c.gql(`mutation($e: String!) { requestEmailBindingCode(email: $e) }`, { e: email })).data?.requestEmailBindingCode, true);
  const code = await latestCode(email);
  const bound = await c.gql<{ bindEmail: { user: { email: string; phoneNo: string } } }>(
    `mutation($e: String!, $c: String!) { bindEmail(email: $e, code: $c) { user { email phoneNo } } }`,
    { e: email, c: code },
  );
  t.same(bound.data?.bindEmail.user, { email, phoneNo: phone });

  // Buy by bank transfer; the payment is settled through core as a provider's notification is.
  const bought = await c.form<{ orderNo: string; href: string }>('/api/login/registratorComplex', {
    bookId: '1',
    payType: '3',
    bookFormat: '0',
    'purchaseInfo[country]': 'Germany',
  });
  t.equal(bought.code, 200, bought.message);
  await payInCore(stack, bought.data.orderNo);
  const purchases = await c.form<{ bookId: string; bookPwd: string }[]>('/api/books/selectBookPurchases', {});
  t.same(purchases.data, [{ bookId: '1', bookPwd: email }], 'bookPwd is the bound email');
  const pdf = await c.request('POST', '/api/books/download', {
    body: JSON.stringify({ bookId: 1, buyerEmail: email }),
    headers: { 'content-type': 'application/json' },
  });
  t.equal(pdf.status, 200);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'phone-pdf-'));
  const file = path.join(dir, 'book.pdf');
  writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
  t.throws(() => execFileSync('qpdf', ['--password=wrong', '--check', file], { stdio: 'pipe' }), 'a wrong password does not open it');
  const checked = execFileSync('qpdf', [`--password=${email}`, '--check', file], { encoding: 'utf8' });
  t.match(checked, /No syntax or stream encoding errors/, 'the bound email opens the PDF');
});
