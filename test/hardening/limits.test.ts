import t from 'tap';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { hashPassword } from '../../gateway/src/services/accounts/passwords.js';
import { PASSWORD } from '../helpers/accounts.js';
import { mailsTo, waitForMails } from '../helpers/mail.js';
import { startInProcess, uniqueEmail, type InProcessStack } from '../helpers/stack.js';
import type { Client } from '../helpers/http.js';

// The gateway trusts the local test client (inject()'s 127.0.0.1) as a proxy, so X-Forwarded-For
// gives each client its own address: per-client and per-account budgets can be told apart.
const PROXIED = { TRUST_PROXY: '127.0.0.1' };

function clientAt(stack: InProcessStack, ip: string): Client {
  const c = stack.client();
  c.headers['x-forwarded-for'] = ip;
  return c;
}

type GqlAnswer = { data: Record<string, unknown> | null; errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[] };

async function gqlRaw(c: Client, query: string, variables: Record<string, unknown> = {}): Promise<{ status: number; body: GqlAnswer }> {
  const res = await c.request('POST', '/graphql', { body: JSON.stringify({ query, variables }), headers: { 'content-type': 'application/json' } });
  return { status: res.status, body: (await res.json()) as GqlAnswer };
}

/** The error codes of an answer, counted. */
function codes(body: GqlAnswer): Record<string, number> {
  const n: Record<string, number> = {};
  for (const e of body.errors ?? []) n[String(e.extensions?.code)] = (n[String(e.extensions?.code)] ?? 0) + 1;
  return n;
}

const user = async (stack: InProcessStack, email: string, password = 'x') =>
  stack.db
    .insertInto('users')
    .values({ email, first_name: 'A', last_name: 'B', password_hash: password === 'x' ? 'x' : await hashPassword(password) })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();

t.test('code sending: one budget per client for legacy, GraphQL and every alias', async (t) => {
  const stack = await startInProcess(t, PROXIED);
  const a = clientAt(stack, '10.0.0.1');
  const targets = Array.from({ length: 12 }, () => uniqueEmail('spam'));
  const query = `mutation { ${targets.map((e, i) => `m${i}: requestCode(account: "${e}", purpose: REGISTER)`).join(' ')} }`;
  const r = await gqlRaw(a, query);
  // Mutation fields run one after the other; the first refusal ends the operation (non-null field).
  t.same(codes(r.body), { RATE_LIMITED: 1 }, 'the sixth alias is refused');
  t.equal(r.body.errors?.[0]?.message, 'Too many requests, please try again later');
  t.same(r.body.errors?.[0]?.path, ['m5']);

  const legacy = await a.form('/api/login/registerGetCode', { email: uniqueEmail('spam') });
  t.equal(legacy.status, 429, 'the legacy route draws on the same budget');
  t.same({ code: legacy.code, message: legacy.message, data: legacy.data }, { code: 429, message: 'Too many requests, please try again later', data: null });
  t.same(
    codes((await gqlRaw(a, `mutation { requestCode(account: "${uniqueEmail()}", purpose: REGISTER) }`)).body),
    { RATE_LIMITED: 1 },
    'and so does a plain GraphQL request',
  );

  const sent = targets.slice(0, 5);
  for (const e of sent) await waitForMails(e, 1);
  const rows = await stack.db.selectFrom('verification_codes').select('target').where('target', 'in', targets).execute();
  t.same(rows.map((c) => c.target).sort(), [...sent].sort(), 'only the first 5 addresses got a code');
  for (const e of targets.slice(5)) t.equal((await mailsTo(e)).length, 0);

  const b = clientAt(stack, '10.0.0.2');
  t.equal((await b.form('/api/login/registerGetCode', { email: uniqueEmail() })).code, 200, 'another client has its own budget');

  const batch = await b.request('POST', '/graphql', {
    body: JSON.stringify(targets.slice(0, 3).map((e) => ({ query: `mutation { requestCode(account: "${e}", purpose: REGISTER) }` }))),
    headers: { 'content-type': 'application/json' },
  });
  t.equal(batch.status, 400, 'a batch of operations is refused as a whole');
});

t.test('email look-ups: 20 a minute per client across legacy, GraphQL and aliases', async (t) => {
  const stack = await startInProcess(t, PROXIED, { workers: false });
  const known = (await user(stack, uniqueEmail('known'))).email!;
  const a = clientAt(stack, '10.0.1.1');
  const aliases = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `e${i}: emailRegistered(email: "${i === 0 ? known : uniqueEmail('probe')}")`).join(' ')} }`;
  const first = await gqlRaw(a, aliases(15));
  t.equal(first.status, 200);
  t.same(codes(first.body), {});
  t.equal(first.body.data?.e0, true);
  t.equal(Object.values(first.body.data ?? {}).filter((v) => v === false).length, 14);
  const second = await gqlRaw(a, aliases(5));
  t.same(codes(second.body), {}, '5 more aliases: 20 in all');
  const third = await gqlRaw(a, aliases(15));
  t.same(third.body, { data: null, errors: [third.body.errors![0]] });
  t.equal(third.body.errors?.[0]?.extensions?.code, 'RATE_LIMITED', 'the 21st look-up of the minute is refused: 300 a second are down to 20 a minute');
  const legacy = await a.form('/api/login/chkUserByEmail', { userEmail: uniqueEmail() });
  t.equal(legacy.status, 429, 'and the legacy call is out of budget too');

  // The other way round: the legacy calls use the budget up, GraphQL is refused.
  const b = clientAt(stack, '10.0.1.2');
  for (let i = 0; i < 20; i++) t.equal((await b.form('/api/login/chkUserByEmail', { userEmail: uniqueEmail() })).status, 200);
  const refused = await gqlRaw(b, aliases(3));
  t.equal(refused.body.data, null);
  t.equal(refused.body.errors?.[0]?.extensions?.code, 'RATE_LIMITED');
});

t.test("reset codes: both faces tell an address without an account 'user does not exist' (spec section 8), bounded per client", async (t) => {
  const stack = await startInProcess(t, PROXIED);
  const known = (await user(stack, uniqueEmail('known'))).email!;
  const unknown = uniqueEmail('nobody');
  const ask = (c: Client, account: string) => gqlRaw(c, 'mutation($a: String!) { requestCode(account: $a, purpose: RESET) }', { a: account });
  t.same((await ask(clientAt(stack, '10.0.2.1'), known)).body, { data: { requestCode: true } }, 'a registered address gets its code');
  await waitForMails(known, 1);

  // The dialog shows 'please register first' for it, with the failure's 10 s cool-down.
  const u = await ask(clientAt(stack, '10.0.2.2'), unknown);
  t.equal(u.status, 200);
  t.same(u.body.data, null);
  t.match(u.body.errors, [{ message: 'user does not exist', path: ['requestCode'], extensions: { code: 'NOT_FOUND', legacyCode: 404, field: 'account' } }]);
  const zh = clientAt(stack, '10.0.2.2');
  zh.headers.locale = 'zh';
  t.equal((await ask(zh, unknown)).body.errors?.[0]?.message, '用户不存在', 'in Chinese too');
  const phone = await ask(clientAt(stack, '10.0.2.3'), '+86 13800000000');
  t.match(phone.body.errors, [{ message: 'user does not exist', extensions: { code: 'NOT_FOUND' } }], 'a phone number without an account alike');
  t.same(
    await stack.db.selectFrom('verification_codes').select('id').where('target', 'in', [unknown, '+86 13800000000']).execute(),
    [],
    'no code is recorded for them',
  );
  t.equal((await mailsTo(unknown)).length, 0, 'and nothing is mailed');

  // What one client can learn so is bounded by the codeSend budget: 5 a minute, both faces together.
  const prober = clientAt(stack, '10.0.2.4');
  const answers: string[] = [];
  for (let i = 0; i < 4; i++) answers.push(String((await ask(prober, uniqueEmail('probe'))).body.errors?.[0]?.extensions?.code));
  answers.push(String((await prober.form('/api/login/getCodeWhenForgetPwd', { email: uniqueEmail('probe') })).code));
  answers.push(String((await ask(prober, known)).body.errors?.[0]?.extensions?.code));
  t.same(answers, ['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', '404', 'RATE_LIMITED'], 'the sixth look-up of the minute is refused');

  // Confirming and resetting still answer alike for known and unknown addresses.
  const confirm = (c: Client, account: string) =>
    gqlRaw(c, 'mutation($a: String!) { confirmCode(account: $a, purpose: RESET, code: "000000") }', { a: account });
  t.same(await confirm(clientAt(stack, '10.0.2.5'), known), await confirm(clientAt(stack, '10.0.2.6'), unknown), 'a wrong code answers alike');
  const reset = (c: Client, account: string) =>
    gqlRaw(c, `mutation($a: String!) { resetPassword(account: $a, password: "${PASSWORD}", confirmPassword: "${PASSWORD}") }`, { a: account });
  const kReset = await reset(clientAt(stack, '10.0.2.7'), known);
  t.same(kReset, await reset(clientAt(stack, '10.0.2.8'), unknown), 'a reset without a confirmed code answers alike');
  t.equal(kReset.body.errors?.[0]?.extensions?.code, 'CODE_NOT_CONFIRMED');

  // Spec sections 7/8: the legacy reset code request says the same ('please register first' in the client).
  const legacy = await clientAt(stack, '10.0.2.9').form('/api/login/getCodeWhenForgetPwd', { email: uniqueEmail('nobody') });
  t.match(legacy, { status: 200, code: 404, message: 'user does not exist' });
});

t.test('login: per client across both faces and aliases, per account across clients', async (t) => {
  const stack = await startInProcess(t, PROXIED, { workers: false });
  const victim = (await user(stack, uniqueEmail('victim'), PASSWORD)).email!;
  const a = clientAt(stack, '10.0.3.1');
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await a.form('/api/login/loginOn', { account: victim, password: 'Wrong1234' })).status);
  t.same(statuses, [200, 200, 200, 200, 200], 'refused for the missing captcha, in the envelope');
  const gqlLogin = (c: Client) => gqlRaw(c, `mutation { login(account: "${victim}", password: "Wrong1234", captcha: "abcd") { accessToken } }`);
  for (let i = 0; i < 5; i++) t.same(codes((await gqlLogin(a)).body), { CAPTCHA_INVALID: 1 });
  t.same(codes((await gqlLogin(a)).body), { RATE_LIMITED: 1 }, 'the 11th try of the minute is refused on GraphQL');
  t.equal((await a.form('/api/login/loginOn', { account: victim, password: PASSWORD })).status, 429, 'so is the legacy login');

  // Ten addresses, each with a solved captcha and a wrong password: the account's budget is spent.
  const captchaFor = async (c: Client) => {
    const r = await gqlRaw(c, '{ captcha { image } }');
    t.ok(r.body.data?.captcha, 'captcha served');
    return ((await (await c.request('GET', '/__test/captcha')).json()) as { answer: string }).answer;
  };
  const tryLogin = async (ip: string, password: string) => {
    const c = clientAt(stack, ip);
    return gqlRaw(c, 'mutation($a: String!, $p: String!, $c: String!) { login(account: $a, password: $p, captcha: $c) { accessToken } }', {
      a: victim,
      p: password,
      c: await captchaFor(c),
    });
  };
  for (let i = 0; i < 10; i++) t.equal((await tryLogin(`10.0.4.${i + 1}`, 'Wrong1234')).body.errors?.[0]?.extensions?.code, 'LOGIN_FAILED');
  t.equal(
    (await tryLogin('10.0.4.200', PASSWORD)).body.errors?.[0]?.extensions?.code,
    'RATE_LIMITED',
    'the 11th try on the account this minute is refused, from anywhere',
  );
  const other = (await user(stack, uniqueEmail('other'), PASSWORD)).email!;
  const c = clientAt(stack, '10.0.4.201');
  const ok = await gqlRaw(c, 'mutation($a: String!, $p: String!, $c: String!) { login(account: $a, password: $p, captcha: $c) { accessToken } }', {
    a: other,
    p: PASSWORD,
    c: await captchaFor(c),
  });
  t.ok((ok.body.data?.login as { accessToken?: string } | undefined)?.accessToken, 'other accounts are unaffected');
});

t.test('checkout: one budget per client and per buyer across legacy and GraphQL', async (t) => {
  // Bank transfer: the budget is the question, not a provider.
  const stack = await startInProcess(t, { ...PROXIED, RATE_LIMIT_SCALE: '0.1' }, { workers: false });
  const buyer = await user(stack, uniqueEmail('buyer'));
  const token = (await createSession(stack.app.deps, buyer.id)).token;
  const as = (ip: string) => {
    const c = clientAt(stack, ip);
    c.headers.authorization = `Bearer ${token}`;
    return c;
  };
  const gqlCheckout = (c: Client) =>
    gqlRaw(c, 'mutation { checkout(input: { bookId: "3", format: EBOOK, country: "China", paymentMethod: BANK_TRANSFER }) { order { orderNo } } }');
  const legacyCheckout = (c: Client) =>
    c.form('/api/login/registratorComplex', { bookId: '3', payType: '3', bookFormat: '0', purchaseInfo: '{"country":"China"}' });
  const a = as('10.0.5.1');
  t.notOk((await gqlCheckout(a)).body.errors, 'GraphQL checkout 1');
  t.equal((await legacyCheckout(a)).code, 200, 'legacy checkout 2');
  t.notOk((await gqlCheckout(a)).body.errors, 'GraphQL checkout 3');
  t.equal((await legacyCheckout(a)).status, 429, 'the 4th (3/min at this scale) is refused on legacy');
  t.equal((await gqlCheckout(a)).body.errors?.[0]?.extensions?.code, 'RATE_LIMITED', 'and on GraphQL');
  t.equal((await gqlCheckout(as('10.0.5.2'))).body.errors?.[0]?.extensions?.code, 'RATE_LIMITED', 'the same buyer from another address too');
});
