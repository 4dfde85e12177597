import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import t from 'tap';
import type { InjectOptions } from 'fastify';
import { sha256 } from '@shop/config';
import { isLegacyPath } from '@shop/gateway/plugins/openapi';
import { buildTestApp } from '../helpers/app.js';
import { servesPages } from '../helpers/warm-up.js';

// Asks for the storefront's pages.
servesPages();

// The session, the legacy routes' Origin check and the GraphQL guards are hooks of the routes
// they protect (Fastify encapsulation and route hooks), not global hooks that test the URL.

const TOKEN = 'bogus-session-token-0123456789abcdef';
const crossSite = { origin: 'https://evil.example' };

t.test('the session is looked up for the routes that read it, and for no others', async (t) => {
  const { app, db } = await buildTestApp(t);
  // Counts the look-ups of this token: the session query binds its hash.
  let lookups = 0;
  const executeQuery = db.executeQuery.bind(db);
  db.executeQuery = ((query: Parameters<typeof db.executeQuery>[0]) => {
    if ('parameters' in query && query.parameters.includes(sha256(TOKEN))) lookups++;
    return executeQuery(query);
  }) as typeof db.executeQuery;
  const lookupsFor = async (request: InjectOptions) => {
    lookups = 0;
    const res = await app.inject({ ...request, headers: { cookie: `token=${TOKEN}`, ...request.headers } });
    return { status: res.statusCode, lookups };
  };

  const index = await app.inject('/shop/index');
  const asset = /src="(\/shop\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
  t.ok(asset, 'the SPA references a script');
  const noSession: InjectOptions[] = [
    { url: '/' },
    { url: '/shop/index' },
    { url: '/shop/views/pay/WxPayResult?orderNo=1' },
    { url: asset! },
    { url: '/shop/version' },
    { url: '/shop/brand/mark' },
    { url: '/health/live' },
    { url: '/health/ready' },
    { url: '/metrics' },
    { url: '/graphiql' },
    { url: '/api-docs/json' },
    { url: '/__test/captcha' },
    { method: 'POST', url: '/api/pay/notify/wechat', headers: { 'content-type': 'application/json' }, payload: '{}' },
  ];
  for (const request of noSession) {
    const { status, lookups } = await lookupsFor(request);
    t.equal(lookups, 0, `${request.method ?? 'GET'} ${request.url} (${status}) looks up no session`);
  }

  const withSession: InjectOptions[] = [
    { url: '/api/login/getCode' },
    { method: 'POST', url: '/api/login/chkUserByEmail', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'userEmail=a%40b.co' },
    { method: 'POST', url: '/api/order/getList', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'page=1' },
    // The session comes first, as it always did: a cross-site call is refused after the look-up.
    {
      method: 'POST',
      url: '/api/login/chkUserByEmail',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...crossSite },
      payload: 'userEmail=a%40b.co',
    },
    { url: '/api/wechat/oauth/authorize' },
    { url: '/admin/queues' },
    { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: { query: '{ me { email } }' } },
    { url: `/graphql?query=${encodeURIComponent('{ me { email } }')}`, headers: { 'apollo-require-preflight': 'true' } },
    { method: 'HEAD', url: `/graphql?query=${encodeURIComponent('{ me { email } }')}`, headers: { 'apollo-require-preflight': 'true' } },
    // Before the CSRF check, as it always ran: the order of the checks is unchanged.
    { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'query=%7Bme%7Bemail%7D%7D' },
  ];
  for (const request of withSession) {
    const { status, lookups } = await lookupsFor(request);
    t.equal(lookups, 1, `${request.method ?? 'GET'} ${request.url} (${status}) looks the session up once`);
  }
  t.equal((await lookupsFor({ url: '/admin/queues' })).status, 401, 'the queue board still reads the session: a bogus one is no operator');
});

t.test('the Origin check guards each state-changing legacy route, and only those', async (t) => {
  const { app } = await buildTestApp(t);
  const stateChanging = app.apiRoutes.filter((r) => isLegacyPath(r.url) && r.method !== 'GET');
  t.ok(stateChanging.length >= 20, `${stateChanging.length} state-changing legacy routes`);
  for (const { method, url } of stateChanging) {
    const request = {
      method: method as 'POST',
      url: url.replace(/:\w+/g, '1'),
      // A body no route accepts: the refusal comes before the body is parsed or validated.
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...crossSite },
      payload: 'a=%00&a[b]=c',
    };
    const refused = await app.inject(request);
    t.equal(refused.statusCode, 403, `cross-site ${method} ${url} is refused`);
    t.same(refused.json(), { code: 403, message: 'No Permission', data: null });
    const own = await app.inject({ ...request, headers: { ...request.headers, origin: 'http://localhost:80' } });
    t.not(own.body, refused.body, `the same call from the shop's own origin passes the check`);
  }

  const callback = await app.inject({
    method: 'POST',
    url: '/api/pay/notify/wechat',
    headers: { 'content-type': 'application/json', ...crossSite },
    payload: '{}',
  });
  t.not(callback.statusCode, 403, `a provider callback is no browser's call: no Origin check (${callback.statusCode})`);
  const graphql = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...crossSite },
    payload: { query: '{ books { id } }' },
  });
  t.equal(graphql.statusCode, 200, 'GraphQL has its own CSRF prevention (JSON only), not the Origin check');
  const navigation = await app.inject({ url: '/api/wechat/oauth/authorize', headers: { ...crossSite, 'user-agent': 'MicroMessenger' } });
  t.equal(navigation.statusCode, 401, 'a GET is never refused for its Origin (the sign-in page answers: not logged in)');
});

t.test('the GraphQL guards sit on /graphql, not on GraphiQL', async (t) => {
  const { app } = await buildTestApp(t);
  const form = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'query=%7Bbooks%7Bid%7D%7D',
  });
  t.equal(form.statusCode, 415);
  t.equal(form.json<{ errors: { extensions: { code: string } }[] }>().errors[0]!.extensions.code, 'UNSUPPORTED_MEDIA_TYPE');
  const get = await app.inject(`/graphql?query=${encodeURIComponent('{ books { id } }')}`);
  t.equal(get.statusCode, 400);
  t.equal(get.json<{ errors: { extensions: { code: string } }[] }>().errors[0]!.extensions.code, 'CSRF_PREVENTED');
  const upgradeAsPlainGet = await app.inject({ url: '/graphql', headers: { 'apollo-require-preflight': 'true' } });
  t.not(upgradeAsPlainGet.statusCode, 401, 'a plain GET is no WebSocket upgrade: the upgrade checks (login) do not apply');
  t.equal((await app.inject('/graphiql')).statusCode, 200, 'GraphiQL is a page: no preflight header needed');
});

/** The https URLs a file of Mercurius's GraphiQL loads. */
function cdnUrls(file: string): string[] {
  const statics = path.join(path.dirname(createRequire(import.meta.url).resolve('mercurius')), 'static');
  return [...readFileSync(path.join(statics, file), 'utf8').matchAll(/'(https:\/\/[^']+)'/g)].map((m) => m[1]!);
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

t.test('in development GraphiQL gets a CSP that lets it load what it needs; every other page keeps the strict one', async (t) => {
  const { app } = await buildTestApp(t, { NODE_ENV: 'development' });
  const strict = String((await app.inject('/shop/index')).headers['content-security-policy']);
  t.match(strict, /script-src 'self';/);
  t.notMatch(strict, /unpkg/);

  const page = await app.inject('/graphiql');
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /text\/html/);
  t.notMatch(page.body, /<script>/, 'the page has no inline script: none needs allowing');
  const csp = directives(String(page.headers['content-security-policy']));
  const shop = directives(strict);
  const fromPage = cdnUrls('main.js');
  const fromWorker = cdnUrls('sw.js');
  t.ok(fromPage.length >= 4 && fromWorker.length >= 4, 'the page and its service worker load files from the CDN');
  t.same(
    csp.get('script-src'),
    [...shop.get('script-src')!, ...fromPage.filter((u) => u.endsWith('.js'))],
    'scripts: its own, and exactly the CDN scripts main.js adds',
  );
  t.same(csp.get('style-src'), [...shop.get('style-src')!, ...fromPage.filter((u) => u.endsWith('.css'))], "styles: the shop's, and GraphiQL's stylesheet");
  t.same(
    [...csp.get('connect-src')!].sort(),
    [...shop.get('connect-src')!, ...fromWorker].sort(),
    "connections: the shop's, and what the service worker caches",
  );
  for (const [name, sources] of shop) {
    if (!['script-src', 'style-src', 'connect-src'].includes(name)) t.same(csp.get(name), sources, `${name} is the shop's`);
  }
  for (const file of ['/graphiql/main.js', '/graphiql/config.js', '/graphiql/sw.js']) {
    const res = await app.inject(file);
    t.equal(res.statusCode, 200, file);
    // The service worker's own fetches follow the CSP it was served with.
    t.equal(res.headers['content-security-policy'], page.headers['content-security-policy'], `${file} has GraphiQL's CSP`);
  }
  for (const url of ['/graphql?query=%7Bbooks%7Bid%7D%7D', '/api-docs/json', '/health/live', '/shop/version', '/graphiqlx', '/api/login/getCode']) {
    const res = await app.inject({ url, headers: { 'apollo-require-preflight': 'true' } });
    t.equal(res.headers['content-security-policy'], strict, `${url} keeps the strict CSP`);
  }
});
