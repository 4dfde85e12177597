import fc from 'fast-check';
import t from 'tap';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { buildTestApp } from '../helpers/app.js';

// Property-based: generated, hostile form and GraphQL input never answers 5xx and never
// pollutes a prototype. In-process (inject) so 10,000+ inputs run in seconds.
const legacyRoutes: [string, string[]][] = [
  ['/api/login/loginOn', ['account', 'password']],
  ['/api/login/verifyCode', ['verifyCode']],
  ['/api/login/registerGetCode', ['email', 'phoneArea', 'phoneNo']],
  ['/api/login/confirmVer', ['verifycode']],
  ['/api/login/userRegister', ['email', 'language', 'lastName', 'firstName', 'password', 'state', 'existingCompany', 'country', 'loginType']],
  ['/api/login/chkUserByEmail', ['userEmail']],
  ['/api/login/selectCountry', []],
  ['/api/login/getCodeWhenForgetPwd', ['email', 'phoneArea', 'phoneNo']],
  ['/api/login/forgetPassword', ['email', 'phoneArea', 'phoneNo', 'verifycode']],
  ['/api/login/resetPassword', ['email', 'phoneArea', 'phoneNo', 'password']],
  ['/api/books/selectBookPurchases', ['payerId']],
  [
    '/api/login/registratorComplex',
    [
      'bookId',
      'bookName',
      'bookType',
      'unitPrice',
      'enrolment',
      'invoiceFlag',
      'currency',
      'price',
      'payType',
      'orderNo',
      'plat',
      'openId',
      'invoice',
      'remarks',
      'purchaseInfo',
      'userId',
      'bookFormat',
    ],
  ],
  ['/api/order/getList', ['userId', 'currentSizeCo', 'pageSizeCo', 'totalCo', 'orderStatus', 'orderPayType']],
  ['/api/order/purchaseInfo', ['userId', 'orderId']],
  ['/api/orderManagement/updateOrderStatus', ['orderId', 'orderStatus', 'userId', 'shippingStatus']],
  ['/api/reportCommon/get8DReportPermission', ['userId', 'reportId']],
  ['/api/reportCommon/reportRetentionCommon', ['userId', 'reportId', 'pageNo', 'saveOrSubmit', 'operationModule', 'operationSubModule', 'courseName']],
  ['/api/reportCommon/saveButtonActivity', ['userId', 'reportId', 'pageNo', 'operationModule', 'operationSubModule']],
  ['/api/reportCommon/tqsOperationCommon', ['userId', 'reportId', 'pageNo', 'saveOrSubmit', 'operationModule', 'operationSubModule']],
];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'undefined',
    '[]',
    '{}',
    '{"__proto__":{"polluted":1}}',
    '<script>x</script>',
    "' or 1=1 --",
    '%00',
    '\u0000',
    '+86 13800000000',
    'a@b.co',
    '2',
    '3',
  ),
  fc.integer().map(String),
  fc.string({ minLength: 2_000, maxLength: 6_000 }).map((x) => x.slice(0, 6_000)),
);
const keyArb = (fields: string[]) =>
  fc.oneof(
    fc.constantFrom(...(fields.length ? fields : ['x']), '__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]'),
    fc.string({ maxLength: 12 }),
  );
const formArb = (fields: string[]) => fc.array(fc.tuple(keyArb(fields), nasty), { maxLength: 14 });

function encode(pairs: [string, string][]): string {
  const p = new URLSearchParams();
  for (const [k, v] of pairs) p.append(k, v);
  return p.toString();
}

t.test('fuzz: legacy routes and GraphQL operations', async (t) => {
  const { app, db } = await buildTestApp(t, { RATE_LIMIT_SCALE: '1000', ENABLE_TEST_HOOKS: 'false' });
  const user = await db
    .insertInto('users')
    .values({ email: 'fuzz@example.com', first_name: 'F', last_name: 'Z', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(app.deps, user.id);
  let runs = 0;
  const fail = (what: string, status: number, body: string) => `${what} answered ${status}: ${body.slice(0, 300)}`;

  for (const [url, fields] of legacyRoutes) {
    await fc.assert(
      fc.asyncProperty(formArb(fields), fc.boolean(), async (pairs, authed) => {
        runs++;
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authed ? { authorization: `Bearer ${token}` } : {}) },
          payload: encode(pairs),
        });
        if (res.statusCode >= 500) throw new Error(fail(url, res.statusCode, res.body));
      }),
      { numRuns: 300 },
    );
  }
  await fc.assert(
    fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (body, authed) => {
      runs++;
      const res = await app.inject({
        method: 'POST',
        url: '/api/books/download',
        headers: { 'content-type': 'application/json', ...(authed ? { authorization: `Bearer ${token}` } : {}) },
        payload: JSON.stringify(body),
      });
      if (res.statusCode >= 500) throw new Error(fail('download', res.statusCode, res.body));
    }),
    { numRuns: 500 },
  );

  const operations = [
    ['query($l: Language) { books(language: $l) { id title } }', ['l']],
    ['query($id: ID!) { book(id: $id) { id } }', ['id']],
    ['query($f: OrderFilter, $p: Int, $s: Int) { orders(filter: $f, page: $p, pageSize: $s) { total } }', ['f', 'p', 's']],
    ['query($o: ID!) { order(orderNo: $o) { orderNo } purchaseInfo(orderNo: $o) { zip } paymentIntent(orderNo: $o) { id } }', ['o']],
    ['query($e: String!) { emailRegistered(email: $e) }', ['e']],
    ['mutation($a: String!, $p: CodePurpose!) { requestCode(account: $a, purpose: $p) }', ['a', 'p']],
    ['mutation($a: String!, $p: CodePurpose!, $c: String!) { confirmCode(account: $a, purpose: $p, code: $c) }', ['a', 'p', 'c']],
    ['mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', ['i']],
    ['mutation($a: String!, $p: String!, $c: String!) { login(account: $a, password: $p, captcha: $c) { accessToken } }', ['a', 'p', 'c']],
    ['mutation($a: String!, $p: String!, $c: String!) { resetPassword(account: $a, password: $p, confirmPassword: $c) }', ['a', 'p', 'c']],
    ['mutation($i: CheckoutInput!) { checkout(input: $i) { reused } }', ['i']],
    ['mutation($r: ID!) { checkPayment(reference: $r) { paid } }', ['r']],
  ] as const;
  const varValue = fc.oneof(
    nasty,
    fc.jsonValue(),
    fc.record({
      bookId: nasty,
      format: fc.constantFrom('EBOOK', 'PAPER', 'x'),
      country: nasty,
      paymentMethod: fc.constantFrom('BANK_TRANSFER', 'PAYPAL', 'WECHAT_JSAPI', 'nope'),
      purchaseInfo: fc.option(fc.dictionary(fc.string({ maxLength: 10 }), nasty)),
    }),
  );
  for (const [query, names] of operations) {
    await fc.assert(
      fc.asyncProperty(fc.tuple(...names.map(() => varValue)), fc.boolean(), async (values, authed) => {
        runs++;
        const variables = Object.fromEntries(names.map((n, i) => [n, values[i]]));
        const res = await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', ...(authed ? { authorization: `Bearer ${token}` } : {}) },
          payload: JSON.stringify({ query, variables }),
        });
        if (res.statusCode >= 500) throw new Error(fail(query, res.statusCode, res.body));
        const body = JSON.parse(res.body) as { errors?: { extensions?: { code?: string } }[] };
        if (body.errors?.some((e) => e.extensions?.code === 'INTERNAL')) throw new Error(fail(query, res.statusCode, res.body));
      }),
      { numRuns: 400 },
    );
  }
  t.ok(runs >= 10_000, `${runs} generated inputs`);
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype is not polluted');
  t.same(Object.keys(Object.prototype), [], 'no enumerable keys on Object.prototype');
});
