import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { Client } from '../helpers/http.js';
import { productionEnv } from '../helpers/production.js';

// The subtests share nothing (each has its own app, database and queue prefix), so they run side
// by side: much of each is waiting on PostgreSQL and Redis.
t.jobs = 5;

t.test('GraphQL limits: depth, aliases, CSRF, batching, introspection in production', async (t) => {
  const { app } = await buildTestApp(t);
  const c = Client.of(app);
  const deep = `{ orders { items { orderNo } } books { id } me { email } }`;
  t.notOk(
    (await c.gql(deep)).errors?.some((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX'),
    'a normal query passes',
  );
  const frag = `fragment F on Book { id title }`;
  const aliases = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: books { ...F }`).join(' ')} } ${frag}`;
  const tooMany = await c.gql(aliases);
  t.equal(tooMany.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX', '16 aliases refused');
  const nested = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
  t.ok((await c.gql(nested)).errors?.length, 'deep queries refused');

  // Cookie-less requests, as a cross-site form or a bare script sends them.
  const raw = Client.of(app);
  const form = await raw.request('POST', '/graphql', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'query=mutation%7Blogout%7D',
  });
  t.equal(form.status, 415, 'a cross-site form post cannot run an operation');
  const textPlain = await raw.request('POST', '/graphql', {
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ query: '{ books { id } }' }),
  });
  t.equal(textPlain.status, 415);
  const get = await raw.request('GET', `/graphql?query=${encodeURIComponent('{ books { id } }')}`);
  t.equal(get.status, 400, 'GET needs the preflight header');
  const getOk = await raw.request('GET', `/graphql?query=${encodeURIComponent('{ books { id } }')}`, { headers: { 'apollo-require-preflight': 'true' } });
  t.equal(getOk.status, 200);
  const batch = await raw.request('POST', '/graphql', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ query: '{ books { id } }' }, { query: '{ books { id } }' }]),
  });
  t.not(batch.status, 200, 'batched queries are off');
});

t.test('production: no introspection, no GraphiQL, masked errors', async (t) => {
  const { app } = await buildTestApp(t, productionEnv(t, 'x'.repeat(40), { COOKIE_SECURE: 'false' }));
  const c = Client.of(app);
  const intro = await c.gql('{ __schema { queryType { name } } }');
  t.ok(intro.errors?.length, 'introspection refused');
  t.equal((await c.request('GET', '/graphiql')).status, 404, 'no GraphiQL');
  t.same((await c.gql<{ books: unknown[] }>('{ books { id } }')).data?.books.length, 3);
});

t.test('GraphQL has a per-client request limit', async (t) => {
  const { app } = await buildTestApp(t, { RATE_LIMIT_SCALE: '0.01' });
  const c = Client.of(app);
  // The budget (3 at this scale) counts in fixed one-minute windows: a run may straddle one
  // window's end, so a refusal is certain only within 7 requests (3 + 4, one boundary at most).
  const statuses: number[] = [];
  while (statuses.length < 7 && !statuses.includes(429))
    statuses.push(
      (await c.request('POST', '/graphql', { body: JSON.stringify({ query: '{ books { id } }' }), headers: { 'content-type': 'application/json' } })).status,
    );
  t.same(statuses.slice(0, 3), [200, 200, 200], 'the budget is served');
  t.equal(statuses.at(-1), 429, `then refused (${statuses.join(', ')})`);
  t.ok(
    statuses.slice(0, -1).every((s) => s === 200),
    'every request before the refusal answered',
  );
});

t.test('unexpected failures are masked to a stable code and a request id, on both faces', async (t) => {
  const { app, db } = await buildTestApp(t);
  const c = Client.of(app);
  const { sql } = await import('kysely');
  // Break the database under the app: the failure must not leak SQL or stack traces.
  await sql`alter table countries rename to countries_gone`.execute(db);
  const r = await c.gql('{ countries { code } }');
  t.match(r.errors?.[0], { message: 'Internal error', extensions: { code: 'INTERNAL', requestId: /.{8,}/ } });
  t.notMatch(JSON.stringify(r), /relation|select |does not exist|countries_gone/i, 'no SQL in the answer');
  const legacy = await c.form('/api/login/selectCountry');
  t.equal(legacy.status, 500);
  t.same({ code: legacy.code, message: legacy.message, data: legacy.data }, { code: 500, message: 'an error occurred', data: null });
  await sql`alter table countries_gone rename to countries`.execute(db);
});

t.test('GraphQL status: 400 for a request that cannot run, one error or several; 200 for refusals', async (t) => {
  const { app } = await buildTestApp(t);
  const post = async (body: unknown) => {
    const res = await Client.of(app).request('POST', '/graphql', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] } };
  };
  const one = await post({ query: '{ nope }' });
  t.equal(one.status, 400, 'one validation error: 400');
  t.same(
    one.body.errors?.map((e) => e.extensions?.code),
    ['GRAPHQL_VALIDATION_FAILED'],
  );
  const several = await post({ query: '{ nope1 nope2 nope3 }' });
  t.equal(several.status, 400, 'three validation errors: 400 as well');
  t.same(
    several.body.errors?.map((e) => e.extensions?.code),
    ['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED'],
  );
  t.equal((await post({ query: '{ books { id ' })).status, 400, 'a syntax error: 400');
  const variables = await post({ query: 'query($e: String!) { emailRegistered(email: $e) }', variables: { e: 5 } });
  t.equal(variables.status, 400, 'a variable of the wrong type: 400');
  t.equal(variables.body.errors?.[0]?.extensions?.code, 'GRAPHQL_VALIDATION_FAILED');
  t.equal((await post({ query: '{ emailRegistered }' })).status, 400, 'a missing argument: 400');
  const refused = await post({ query: '{ emailRegistered(email: "not-an-email") }' });
  t.same(
    { status: refused.status, code: refused.body.errors?.[0]?.extensions?.code, message: refused.body.errors?.[0]?.message },
    { status: 200, code: 'BAD_USER_INPUT', message: 'Please input the correct email address' },
    'a refusal of the input: 200 with its code',
  );
  const unauth = await post({ query: '{ orders { total } }' });
  t.equal(unauth.status, 200);
  t.equal(unauth.body.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
});

t.test('a body over the limit answers 413 on both faces: GraphQL in its error shape, legacy in the envelope, en and zh', async (t) => {
  const { app } = await buildTestApp(t);
  const huge = 'a'.repeat(300_000);
  const gql = (locale: 'en' | 'zh') =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', locale },
      payload: JSON.stringify({ query: 'query($e: String!) { emailRegistered(email: $e) }', variables: { e: huge } }),
    });
  const en = await gql('en');
  t.equal(en.statusCode, 413, 'GraphQL: 413, as the legacy routes');
  t.match(en.headers['content-type'], /^application\/json/);
  t.same(en.json(), { data: null, errors: [{ message: 'Invalid request: the request is too large', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  t.same((await gql('zh')).json(), { data: null, errors: [{ message: '请求无效：请求内容过大', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });

  const legacy = (locale: 'en' | 'zh') =>
    app.inject({
      method: 'POST',
      url: '/api/login/chkUserByEmail',
      headers: { 'content-type': 'application/x-www-form-urlencoded', locale },
      payload: `userEmail=${huge}`,
    });
  const l = await legacy('en');
  t.equal(l.statusCode, 413);
  t.same(l.json(), { code: 413, message: 'Invalid request: the request is too large', data: null });
  t.same((await legacy('zh')).json(), { code: 413, message: '请求无效：请求内容过大', data: null });

  const malformed = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' });
  t.equal(malformed.statusCode, 400, 'a malformed body stays 400');
  t.match(malformed.json(), { data: null, errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
});
