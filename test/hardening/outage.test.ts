import path from 'node:path';
import t from 'tap';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig } from '@shop/config';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { prepareDatabase } from '../../scripts/src/stack/database.js';
import { startPostgres } from '../../scripts/src/stack/postgres.js';
import getPort from 'get-port';
import { Client } from '../helpers/http.js';
import { failOnLegacyMismatches } from '../helpers/app.js';
import { uniquePrefix } from '../helpers/redis.js';
import { eventually, tempDir } from '../helpers/tmp.js';

// What a driver or the network says when PostgreSQL is gone; none of it may reach a client.
const driverText = /ECONNREFUSED|ECONNRESET|connect |terminat|Connection|127\.0\.0\.1|postgres|pg_|SQL|stack|at .*\.js/i;

t.test('PostgreSQL stopped: both faces answer 503 with a generic message and the request id, never driver text', async (t) => {
  const dir = tempDir(t);
  const pgPort = await getPort();
  let pg = await startPostgres({ dir: path.join(dir, 'pg'), port: pgPort, persistent: true });
  t.teardown(() => pg.stop().catch(() => {}));
  await prepareDatabase(pg.url);

  const port = await getPort();
  const config = loadGatewayConfig({
    ...process.env,
    DATABASE_URL: pg.url,
    QUEUE_PREFIX: uniquePrefix(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CHECK_LEGACY_ANSWERS: 'true',
  });
  const app = await buildApp({ config });
  await app.listen({ port, host: '127.0.0.1' });
  t.teardown(() => app.close());
  failOnLegacyMismatches(t, app);
  const base = `http://127.0.0.1:${port}`;

  const buyer = await app.db
    .insertInto('users')
    .values({ email: 'outage@example.com', first_name: 'A', last_name: 'B', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(app.deps, buyer.id);
  const buyerClient = (locale?: 'zh') => {
    const c = new Client(base);
    c.headers.authorization = `Bearer ${token}`;
    if (locale) c.headers.locale = locale;
    return c;
  };
  const gql = async (c: Client, query: string) => {
    const res = await c.request('POST', '/graphql', { body: JSON.stringify({ query }), headers: { 'content-type': 'application/json' } });
    return { status: res.status, requestId: res.headers.get('x-request-id'), text: await res.text() };
  };
  const form = async (c: Client, url: string) => {
    const res = await c.request('POST', url, { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return { status: res.status, requestId: res.headers.get('x-request-id'), text: await res.text() };
  };

  const before = await gql(buyerClient(), '{ me { userId } }');
  t.same(
    { status: before.status, body: JSON.parse(before.text) },
    { status: 200, body: { data: { me: { userId: String(buyer.id) } } } },
    'up: the buyer is known',
  );
  t.equal((await form(buyerClient(), '/api/order/getList')).status, 200);

  // The pool holds open connections now: the first requests see them dropped, the later ones refused.
  await pg.stop();
  for (let round = 0; round < 2; round++) {
    const me = await gql(buyerClient(), '{ me { userId } }');
    t.equal(me.status, 503, `GraphQL, session look-up in the request hook (round ${round + 1}): 503`);
    t.notMatch(me.text, driverText, 'no driver text');
    t.same(JSON.parse(me.text), {
      data: null,
      errors: [
        { message: 'The service is temporarily unavailable, please try again later', extensions: { code: 'SERVICE_UNAVAILABLE', requestId: me.requestId } },
      ],
    });
    t.notMatch(me.text, /GRAPHQL_VALIDATION_FAILED/, 'not mistaken for a validation error');

    const legacy = await form(buyerClient(), '/api/order/getList');
    t.equal(legacy.status, 503, `legacy, session look-up (round ${round + 1}): 503`);
    t.equal(legacy.text, '{"code":503,"message":"an error occurred","data":null}');
    t.ok(legacy.requestId, 'the request id is in x-request-id');
  }

  const zh = await gql(buyerClient('zh'), '{ me { userId } }');
  t.equal(JSON.parse(zh.text).errors[0].message, '服务暂时不可用，请稍后再试', "in the request's language");
  t.equal((await form(buyerClient('zh'), '/api/order/getList')).text, '{"code":503,"message":"发生错误","data":null}');

  // Guests: the failure happens in a resolver or a legacy handler instead of the hook.
  const guest = new Client(base);
  const countries = await gql(guest, '{ countries { code } }');
  t.equal(countries.status, 503, 'a resolver reading PostgreSQL: 503');
  t.match(JSON.parse(countries.text), {
    data: null,
    errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE', requestId: countries.requestId }, path: ['countries'] }],
  });
  t.notMatch(countries.text, driverText);
  const code = await gql(guest, 'mutation { requestCode(account: "someone@example.com", purpose: REGISTER) }');
  t.equal(code.status, 503, 'a mutation: 503');
  t.notMatch(code.text, driverText);
  const legacyCountries = await form(guest, '/api/login/selectCountry');
  t.same({ status: legacyCountries.status, text: legacyCountries.text }, { status: 503, text: '{"code":503,"message":"an error occurred","data":null}' });
  const ready = await guest.request('GET', '/health/ready');
  t.equal(ready.status, 503, 'readiness agrees');

  pg = await startPostgres({ dir: path.join(dir, 'pg'), port: pgPort, persistent: true });
  const back = await eventually(
    'GraphQL answers again',
    async () => {
      const r = await gql(buyerClient(), '{ me { userId } }');
      return r.status === 200 ? r : false;
    },
    30_000,
  );
  t.same(JSON.parse(back.text), { data: { me: { userId: String(buyer.id) } } }, 'PostgreSQL back: served again');
});
