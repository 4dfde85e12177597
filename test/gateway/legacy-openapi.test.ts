import t from 'tap';
import Fastify, { type FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { checkLegacyAnswers, type AnswerMismatch } from '@shop/gateway/routes/legacy/answer-check';
import { envelope } from '@shop/gateway/routes/legacy/schemas';
import { createSession } from '@shop/gateway/services/accounts/sessions';
import { buildTestApp } from '../helpers/app.js';
import { productionEnv } from '../helpers/production.js';

interface Operation {
  requestBody?: { content: Record<string, { schema?: object }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

// The /api/ paths that are no legacy calls and so stay out of the document.
const notLegacy = ['/api/pay/notify/:provider', '/api/wechat/oauth/authorize', '/api/wechat/oauth/callback'];

t.test('the OpenAPI document lists every legacy path with its request and answer schemas', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ method: 'GET', url: '/api-docs/json' });
  t.equal(res.statusCode, 200);
  const doc = res.json<Document>();
  t.match(doc.openapi, /^3\./);

  const routes = app.apiRoutes;
  const legacy = routes.filter((r) => !notLegacy.includes(r.url));
  t.ok(legacy.length >= 30, `${legacy.length} legacy routes registered`);
  for (const { method, url } of legacy) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!t.ok(op, `${method} ${url} is in the document`) || !op) continue;
    if (method === 'POST') {
      const content = op.requestBody?.content ?? {};
      t.same(Object.keys(content).sort(), ['application/json', 'application/x-www-form-urlencoded'], `${url}: a form or JSON body`);
      t.ok(content['application/x-www-form-urlencoded']?.schema, `${url}: its body is described`);
    }
    for (const name of url.match(/:(\w+)/g) ?? [])
      t.ok(
        op.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)),
        `${url}: path parameter ${name} described`,
      );
    const ok = op.responses['200']?.content ?? {};
    t.ok(
      Object.values(ok).some((c) => c.schema),
      `${url}: the 200 answer is described`,
    );
    t.match(op.responses.default?.content?.['application/json']?.schema, { properties: { code: {}, message: {}, data: {} } }, `${url}: a refusal is described`);
  }
  for (const url of notLegacy) t.notOk(doc.paths[url.replace(/:(\w+)/g, '{$1}')], `${url} is no legacy call and stays out`);
  t.notOk(doc.paths['/graphql'], 'GraphQL is not described here');

  // The loginOn answer shape, as old clients read it (OpenAPI 3.0 writes "or null" as nullable).
  const login = doc.paths['/api/login/loginOn']!.post!.responses['200']!.content!['application/json']!.schema as {
    properties: { data: { nullable?: boolean; properties: Record<string, unknown> } };
  };
  t.equal(login.properties.data.nullable, true);
  t.same(Object.keys(login.properties.data.properties).sort(), [
    'access_token',
    'email',
    'firstName',
    'language',
    'lastName',
    'loginFirst',
    'phoneArea',
    'phoneNo',
    'userId',
  ]);

  const page = await app.inject({ method: 'GET', url: '/api-docs/' });
  t.equal(page.statusCode, 200, 'the docs page is served outside production');
  t.match(page.headers['content-type'], /text\/html/);
  t.match(page.body, /swagger-initializer\.js/, 'the Swagger UI page');
  t.match(page.headers['content-security-policy'], /script-src 'self'(;|$)/, "under the app's CSP: its scripts are its own files");
  t.notMatch(page.body, /<script>|<script [^>]*>[^<\s]/, 'no inline script the CSP would block');
  const init = await app.inject({ method: 'GET', url: '/api-docs/static/swagger-initializer.js' });
  t.equal(init.statusCode, 200, 'its script is served');
});

t.test('no docs page in production', async (t) => {
  const { app } = await buildTestApp(t, productionEnv(t, 'p'.repeat(40)));
  t.equal((await app.inject({ method: 'GET', url: '/api-docs/json' })).statusCode, 404);
  t.equal((await app.inject({ method: 'GET', url: '/api-docs/' })).statusCode, 404);
});

t.test('the answer check records an answer that does not match its documented schema', async (t) => {
  const app = Fastify();
  t.teardown(() => app.close());
  const found: AnswerMismatch[] = [];
  // A refusal's status is none of the documented 200's, as in the app's error handlers.
  const refuse = (reply: FastifyReply, status: number, body: object) => reply.code(status).send(body);
  await app.register(async (scope) => {
    checkLegacyAnswers(scope, (m) => found.push(m));
    const schema = { response: envelope(Type.Object({ n: Type.Integer() })) };
    scope.get('/api/good', { schema }, async () => ({ code: 200, message: 'ok', data: { n: 1 } }));
    scope.get('/api/missing', { schema }, async () => ({ code: 200, message: 'ok' }) as never);
    scope.get('/api/refused', { schema }, async (_req, reply) => refuse(reply, 403, { code: 403, message: 'no', data: null }));
    scope.get('/api/odd-refusal', { schema }, async (_req, reply) => refuse(reply, 400, { error: 'Bad Request' }));
  });
  await app.ready();
  for (const url of ['/api/good', '/api/refused']) await app.inject({ url });
  t.same(found, [], 'answers that match are not recorded');
  await app.inject({ url: '/api/odd-refusal' });
  t.match(found, [{ route: 'GET /api/odd-refusal', status: 400, problem: /code/ }], 'a refusal outside the envelope is recorded');
  const missing = await app.inject({ url: '/api/missing' });
  t.equal(missing.statusCode, 500, 'an answer that cannot even be serialised is a server error');
  t.match(found.at(-1), { route: 'GET /api/missing', status: 500 }, 'and recorded');
});

t.test('legacy answers keep their exact bytes: key order, types, null data', async (t) => {
  const { app, db } = await buildTestApp(t);
  const form = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  t.equal((await app.inject({ method: 'GET', url: '/api/logout' })).body, '{"code":200,"message":"Logged out","data":null}');
  t.equal((await form('/api/order/getList', '')).body, '{"code":401,"message":"Please log in first","data":null}', 'a refusal: HTTP 200, the outcome in code');
  const countries = await form('/api/login/selectCountry', '');
  t.match(countries.body, /^\{"code":200,"message":"success","data":\[\{"codeKey":"001","codeValue":"China"\},\{"codeKey":"002",/);
  t.equal(
    (await form('/api/login/chkUserByEmail', 'userEmail=a%40example.com')).body,
    '{"code":200,"message":"success","data":0}',
    'an integer stays an integer',
  );
  const twice = await form('/api/login/verifyCode', 'verifyCode=a&verifyCode=b');
  t.equal(twice.statusCode, 400, 'a field sent twice with two values is no string');
  t.equal(twice.body, '{"code":400,"message":"body/verifyCode must be string","data":null}');
  t.equal((await form('/api/login/verifyCode', 'verifyCode[]=a')).statusCode, 200, 'a one-value array is coerced to its string');

  const user = await db
    .insertInto('users')
    .values({ email: 'bytes@example.com', first_name: 'B', last_name: 'Y', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(app.deps, user.id);
  const auth = { authorization: `Bearer ${token}` };
  t.equal(
    (await form('/api/order/getList', 'currentSizeCo=1&pageSizeCo=10', auth)).body,
    '{"code":200,"message":"success","data":null}',
    'no orders: data null',
  );
  const state = await form('/api/reportCommon/reportRetentionCommon', 'reportId=r1&pageNo=2&saveOrSubmit=0', auth);
  t.equal(
    state.body,
    '{"code":200,"message":"success","data":{"reportId":"r1","pageNo":"2","operationModule":"","operationSubModule":"","saveOrSubmit":"0","courseName":null,"saveFlag":true,"submitFlag":false}}',
  );
  // JSON bodies: a number is coerced to the string the field expects.
  const json = await app.inject({ method: 'POST', url: '/api/reportCommon/saveButtonActivity', payload: { reportId: 'r1', pageNo: 2 }, headers: auth });
  t.match(json.body, /^\{"code":200,"message":"success","data":\{"reportId":"r1","pageNo":"2",/);
});
