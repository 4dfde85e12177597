import t from 'tap';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalogue, type ErrorKey } from '@shop/gateway/services/error-catalogue';
import { appError } from '@shop/gateway/services/errors';
import { RateLimited } from '@shop/gateway/services/abuse/spend';
import { messages } from '@shop/gateway/i18n/messages';
import { formatGraphqlErrors } from '@shop/gateway/graphql/error-format';
import { legacyErrorHandler } from '@shop/gateway/routes/legacy/envelope';

const keys = Object.keys(errorCatalogue) as ErrorKey[];

t.test('every catalogue entry has its message in both languages and reads as a refusal to the legacy client', async (t) => {
  for (const key of keys) {
    const entry = errorCatalogue[key];
    const text = messages[entry.message];
    t.ok(text, `${key}: message ${entry.message} exists`);
    t.ok(text.en.trim(), `${key}: en`);
    t.ok(text.zh.trim(), `${key}: zh`);
    // The legacy client takes code 200 for success (spec section 7).
    t.not(entry.legacyCode, 200, `${key}: legacy code is not 200`);
    t.match(entry.gqlCode, /^[A-Z_]+$/, `${key}: GraphQL code`);
  }
});

t.test('sampled entries carry the legacy codes and wording of spec section 8', async (t) => {
  const legacy = (key: ErrorKey) => ({ code: errorCatalogue[key].legacyCode, en: messages[errorCatalogue[key].message].en });
  t.same(legacy('confirmCodeError'), { code: 404, en: 'Verification code error' }, 'confirm code: 404 means wrong code');
  t.same(legacy('codeError'), { code: 404, en: 'code error' }, 'reset verify failure');
  t.same(legacy('accountOrPasswordError'), { code: 500, en: 'Account or Password Error!' });
  t.same(legacy('emailNotRegistered'), { code: 500, en: 'The email is not registered!' });
  // Expected refusals the spec gives no code: its code for a refused check, never 500 (a server fault to old clients).
  t.same(legacy('accountDisabled'), { code: 404, en: 'Login failed: Account is disabled...' });
  t.same(legacy('oldPasswordError'), { code: 404, en: 'Old password error!' });
  t.same(legacy('userNotExist'), { code: 404, en: 'user does not exist' });
  t.same(legacy('noPermission'), { code: 403, en: 'No Permission' });
  t.same(legacy('notBoundMailbox'), { code: 403, en: 'You have not bound the mailbox, and cannot enter 8D' });
  t.same(legacy('downloadFailed'), { code: 404, en: 'Download failed, please contact customer service!' });
  // The legacy client recognises the Chinese text whatever the language.
  t.same(messages[errorCatalogue.userExists.message], { en: '该邮箱已注册', zh: '该邮箱已注册' });
  t.equal(errorCatalogue.tooManyRequests.httpStatus, 429, 'a spent limit answers HTTP 429');
  t.notOk(
    keys.some((k) => k !== 'tooManyRequests' && 'httpStatus' in errorCatalogue[k]),
    'every other refusal answers HTTP 200',
  );
});

function fakeRequest(locale: 'en' | 'zh') {
  const logged: unknown[] = [];
  const req = { id: 'req-1', headers: { locale }, locale, log: { error: (obj: unknown) => logged.push(obj) } } as unknown as FastifyRequest;
  return { req, logged };
}

t.test('the GraphQL formatter answers an AppError from the catalogue', async (t) => {
  const { req, logged } = fakeRequest('zh');
  const err = appError('orderNotFound', { field: 'orderNo' });
  const out = formatGraphqlErrors(
    { data: { order: null }, errors: [{ message: err.message, path: ['order'], locations: [{ line: 1, column: 3 }], originalError: err }] },
    req,
  );
  t.equal(out.statusCode, 200);
  t.same(out.response.errors, [
    { message: '订单不存在', locations: [{ line: 1, column: 3 }], path: ['order'], extensions: { code: 'NOT_FOUND', legacyCode: 404, field: 'orderNo' } },
  ]);
  t.strictSame(Object.keys(out.response.errors[0]!.extensions), ['code', 'legacyCode', 'field'], 'extensions in the order clients have seen');
  t.same(logged, [], 'a refusal is not logged as a failure');

  const noField = formatGraphqlErrors(
    { data: null, errors: [{ message: 'x', path: ['orders'], originalError: appError('notLoggedIn') }] },
    fakeRequest('en').req,
  );
  t.same(noField.response.errors[0], { message: 'Please log in first', path: ['orders'], extensions: { code: 'UNAUTHENTICATED', legacyCode: 401 } });
  t.equal(noField.statusCode, 200, 'a refusal is not a server failure even without data');
});

t.test('the GraphQL formatter hides an unknown error behind the generic message and logs it', async (t) => {
  const { req, logged } = fakeRequest('en');
  const boom = new Error('relation "orders_secret" does not exist at /srv/app/db.ts:12');
  const out = formatGraphqlErrors({ data: null, errors: [{ message: boom.message, path: ['orders'], originalError: boom }] }, req);
  t.equal(out.statusCode, 500);
  t.same(out.response.errors, [{ message: 'Internal error', path: ['orders'], extensions: { code: 'INTERNAL', requestId: 'req-1' } }]);
  t.notMatch(JSON.stringify(out.response), /orders_secret|db\.ts/, 'no internal detail in the answer');
  t.equal(logged.length, 1, 'the detail goes to the log');
  t.equal((logged[0] as { err: unknown }).err, boom);
  const zh = formatGraphqlErrors({ data: null, errors: [{ message: boom.message, path: ['orders'], originalError: boom }] }, fakeRequest('zh').req);
  t.equal(zh.response.errors[0]!.message, '服务器内部错误');
});

function fakeReply() {
  const sent = { status: 0, headers: {} as Record<string, string> };
  const reply = {
    code(s: number) {
      sent.status = s;
      return reply;
    },
    header(k: string, v: string) {
      sent.headers[k] = v;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

t.test('the legacy error handler answers from the catalogue', async (t) => {
  const { req } = fakeRequest('en');
  let r = fakeReply();
  t.same(legacyErrorHandler(appError('confirmCodeError', { field: 'code' }), req, r.reply), { code: 404, message: 'Verification code error', data: null });
  t.equal(r.sent.status, 200, 'the outcome is in code, HTTP 200');
  r = fakeReply();
  t.same(legacyErrorHandler(new RateLimited(7), fakeRequest('zh').req, r.reply), { code: 429, message: '请求过于频繁，请稍后再试', data: null });
  t.same(r.sent, { status: 429, headers: { 'retry-after': '7' } });
  const unknown = new Error('db down');
  t.throws(() => legacyErrorHandler(unknown, req, fakeReply().reply), unknown, 'anything else goes on to the app handler');
});
