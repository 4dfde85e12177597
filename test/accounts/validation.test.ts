import t from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { buildTestApp } from '../helpers/app.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';

// Every validation message of spec section 5 for accounts, answered by the server in the
// language of the locale header.
t.test('section 5 messages, en and zh', async (t) => {
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '20' }, { workers: false });
  const c = stack.client();
  const cases: [string, Record<string, string>, string, string][] = [
    ['/api/login/registerGetCode', {}, 'Please enter email', '请输入邮箱'],
    ['/api/login/registerGetCode', { email: 'not-an-email' }, 'Please input the correct email address', '请输入正确的邮箱地址'],
    ['/api/login/chkUserByEmail', { userEmail: 'a@b' }, 'Please input the correct email address', '请输入正确的邮箱地址'],
    ['/api/login/loginOn', { account: 'buyer@example.com' }, 'Password must be filled', '密码必须填写'],
    ['/api/login/loginOn', { password: 'x' }, 'Please enter email', '请输入邮箱'],
    ['/api/login/verifyCode', {}, 'Verification code must be filled', '验证码必须填写'],
    ['/api/login/confirmVer', { verifycode: '12345678901' }, 'Length cannot exceed 10', '长度不能超过10'],
    ['/api/login/userRegister', { email: 'x@example.com', firstName: 'A', existingCompany: 'C', password: 'abc12345' }, 'Please enter last name', '请输入姓'],
    ['/api/login/userRegister', { email: 'x@example.com', lastName: 'B', existingCompany: 'C', password: 'abc12345' }, 'Please enter first name', '请输入名'],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B'.repeat(21), firstName: 'A', existingCompany: 'C', password: 'abc12345' },
      'Length cannot exceed 20',
      '长度不能超过20',
    ],
    ['/api/login/userRegister', { email: 'x@example.com', lastName: 'B', firstName: 'A', password: 'abc12345' }, 'Please enter a company', '请输入公司'],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B', firstName: 'A', existingCompany: 'C'.repeat(121), password: 'abc12345' },
      'Length cannot exceed 120',
      '长度不能超过120',
    ],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B', firstName: 'A', existingCompany: 'C', password: 'abcdefgh' },
      '8-16 digits and letters',
      '8-16位数字和字母',
    ],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B', firstName: 'A', existingCompany: 'C', password: '12345678' },
      '8-16 digits and letters',
      '8-16位数字和字母',
    ],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B', firstName: 'A', existingCompany: 'C', password: 'abc1234' },
      '8-16 digits and letters',
      '8-16位数字和字母',
    ],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B', firstName: 'A', existingCompany: 'C', password: 'abcd1234abcd12345' },
      '8-16 digits and letters',
      '8-16位数字和字母',
    ],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B', firstName: 'A', existingCompany: 'C', password: 'abcd_1234' },
      '8-16 digits and letters',
      '8-16位数字和字母',
    ],
    [
      '/api/login/userRegister',
      { email: 'x@example.com', lastName: 'B', firstName: 'A', existingCompany: 'C', password: 'abcd1234' },
      'Please confirm the verification code first',
      '请先确认验证码',
    ],
    ['/api/login/forgetPassword', { email: 'x@example.com' }, 'Verification code must be filled', '验证码必须填写'],
    // Spec section 5: the reset account is asked for as the email, as at login and registration.
    ['/api/login/getCodeWhenForgetPwd', {}, 'Please enter email', '请输入邮箱'],
    ['/api/login/forgetPassword', { verifycode: '123456' }, 'Please enter email', '请输入邮箱'],
    ['/api/login/resetPassword', { password: 'abcd1234' }, 'Please enter email', '请输入邮箱'],
    ['/api/login/getCodeWhenForgetPwd', { email: 'not-an-email' }, 'Please input the correct email address', '请输入正确的邮箱地址'],
    ['/api/login/getCodeWhenForgetPwd', { phoneArea: '+86', phoneNo: '123' }, 'Please enter the correct mobile phone number', '请输入正确的手机号'],
    ['/api/login/registerGetCode', { phoneArea: '+86', phoneNo: '123' }, 'Please enter the correct mobile phone number', '请输入正确的手机号'],
  ];
  for (const [path, body, en, zh] of cases) {
    c.headers.locale = 'en';
    const a = await c.form(path, body);
    t.equal(a.message, en, `${path} ${JSON.stringify(body).slice(0, 60)} (en)`);
    t.not(a.code, 200);
    c.headers.locale = 'zh';
    t.equal((await c.form(path, body)).message, zh, `${path} (zh)`);
  }
});

t.test('GraphQL asks for the account and tells a malformed phone number in the legacy wording, en and zh', async (t) => {
  const { app } = await buildTestApp(t, { RATE_LIMIT_SCALE: '20' });
  const gql = async (locale: 'en' | 'zh', query: string, variables: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', locale }, payload: { query, variables } });
    return res.json<{ data: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] }>();
  };
  const requestCode = 'mutation($a: String!, $p: CodePurpose!) { requestCode(account: $a, purpose: $p) }';
  const confirmCode = 'mutation($a: String!) { confirmCode(account: $a, purpose: RESET, code: "123456") }';
  const resetPassword = 'mutation($a: String!) { resetPassword(account: $a, password: "abcd1234", confirmPassword: "abcd1234") }';
  const login = 'mutation($a: String!) { login(account: $a, password: "abcd1234", captcha: "abcd") { accessToken } }';
  const email = ['Please enter email', '请输入邮箱'];
  const phone = ['Please enter the correct mobile phone number', '请输入正确的手机号'];
  const cases: [string, string, Record<string, unknown>, string[]][] = [
    // Spec section 5: an empty reset account asks for the email, as login and registration do.
    ['reset code, no account', requestCode, { a: '', p: 'RESET' }, email],
    ['reset code, spaces only', requestCode, { a: '  ', p: 'RESET' }, email],
    ['reset confirmation, no account', confirmCode, { a: '' }, email],
    ['reset, no account', resetPassword, { a: '' }, email],
    ['registration code, no account', requestCode, { a: '', p: 'REGISTER' }, email],
    // A number that is not one is told as the legacy calls tell it (phoneArea + phoneNo).
    ['reset code, +86 and 3 digits', requestCode, { a: '+86 123', p: 'RESET' }, phone],
    ['reset code, 10 digits', requestCode, { a: '1380013800', p: 'RESET' }, phone],
    ['reset code, letters after the area', requestCode, { a: '+86 abc', p: 'RESET' }, phone],
    ['registration code, +86 and 3 digits', requestCode, { a: '+86 123', p: 'REGISTER' }, phone],
    ['reset code, a number no mobile has', requestCode, { a: '+86 12345678901', p: 'RESET' }, phone],
    ['login, +86 and 3 digits', login, { a: '+86 123' }, phone],
    ['reset code, an email without its domain', requestCode, { a: 'buyer@', p: 'RESET' }, ['Please input the correct email address', '请输入正确的邮箱地址']],
    ['reset code, a word', requestCode, { a: 'buyer', p: 'RESET' }, ['Please input the correct email address', '请输入正确的邮箱地址']],
  ];
  for (const [what, query, variables, [en, zh]] of cases) {
    const a = await gql('en', query, variables);
    t.equal(a.errors?.[0]?.message, en, `${what} (en)`);
    t.equal(a.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', `${what}: BAD_USER_INPUT`);
    t.equal((await gql('zh', query, variables)).errors?.[0]?.message, zh, `${what} (zh)`);
  }
});

t.test('GraphQL register checks confirmation and agreement with the same wording', async (t) => {
  const stack = await startInProcess(t, {}, { workers: false });
  const c = stack.client();
  const mutation = `mutation($i: RegisterInput!) { register(input: $i) { accessToken } }`;
  const input = {
    email: uniqueEmail(),
    code: '123456',
    firstName: 'A',
    lastName: 'B',
    company: 'C',
    password: 'abcd1234',
    confirmPassword: 'abcd1235',
    agreement: true,
  };
  const mismatch = await c.gql(mutation, { i: input });
  t.equal(mismatch.errors?.[0]?.message, 'The passwords entered twice do not match!');
  t.match(mismatch.errors?.[0]?.extensions, { code: 'BAD_USER_INPUT', field: 'confirmPassword' });
  const noAgreement = await c.gql(mutation, { i: { ...input, confirmPassword: 'abcd1234', agreement: false } });
  t.equal(noAgreement.errors?.[0]?.message, 'Please read and accept the agreement');
  c.headers.locale = 'zh';
  t.equal((await c.gql(mutation, { i: { ...input, confirmPassword: 'abcd1234', agreement: false } })).errors?.[0]?.message, '请阅读并接受协议');
});

t.test('Chinese characters and spaces are stripped from the account and code inputs', async (t) => {
  const stack = await startInProcess(t);
  const c = stack.client();
  const email = uniqueEmail();
  const sent = await c.form('/api/login/registerGetCode', { email: ` ${email.replace('@', '中@')} ` });
  t.equal(sent.code, 200, 'the stripped email is accepted');
  t.equal((await registerLegacy(stack.client(), uniqueEmail())).code, 200);
});
