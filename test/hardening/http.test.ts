import t from 'tap';
import { buyerWithoutMail } from '../admin/helpers.js';
import { buildTestApp } from '../helpers/app.js';
import { IN_PROCESS_PUBLIC_URL, sandboxPayments } from '../helpers/admin-state.js';
import { Client } from '../helpers/http.js';
import { startInProcess } from '../helpers/stack.js';
import { productionEnv } from '../helpers/production.js';
import { servesPages } from '../helpers/warm-up.js';

// Asks for the storefront's pages.
servesPages();

t.test('HTTP hardening: headers, CSP, body limits, content types, Origin checks, cookie flags', async (t) => {
  // The payment sandboxes as providers: the CSP names the Alipay gateway the page-pay form posts to.
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '10', ...payments.env }, { workers: false });
  // Requests without cookies, as a first visit or a bare script makes them.
  const raw = () => Client.of(stack.app);
  const index = await raw().request('GET', '/shop/index');
  const csp = index.headers.get('content-security-policy') ?? '';
  t.match(csp, /default-src 'self'/);
  t.match(csp, /script-src 'self'/);
  t.match(csp, /frame-ancestors 'none'/);
  t.match(
    csp,
    new RegExp(`connect-src 'self' ${IN_PROCESS_PUBLIC_URL.replace(/^http/, 'ws').replace(/\./g, '\\.')}(;|$)`),
    'the live status socket (same origin, ws:) may connect',
  );
  t.match(csp, /form-action 'self' http:\/\/127\.0\.0\.1:\d+/, 'the Alipay gateway may receive the page-pay form');
  t.equal(index.headers.get('x-content-type-options'), 'nosniff');
  t.equal(index.headers.get('x-frame-options'), 'SAMEORIGIN');
  // A script carries what a script needs, not a document's policies.
  const script = (await index.text()).match(/src="(\/shop\/assets\/[^"]+\.js)"/)?.[1];
  const asset = await raw().request('GET', `${script}`, { headers: { 'accept-encoding': 'br' } });
  t.equal(asset.status, 200, `${script} is served`);
  t.equal(asset.headers.get('x-content-type-options'), 'nosniff');
  t.equal(asset.headers.get('cross-origin-resource-policy'), 'same-origin');
  t.equal(asset.headers.get('referrer-policy'), 'no-referrer');
  for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection'])
    t.equal(asset.headers.get(name), null, `no ${name} on a script`);

  const huge = await raw().request('POST', '/api/login/chkUserByEmail', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `userEmail=${'a'.repeat(300_000)}`,
  });
  t.equal(huge.status, 413, 'bodies over 256 KB are refused');
  const weird = await raw().request('POST', '/api/login/chkUserByEmail', { headers: { 'content-type': 'application/xml' }, body: '<x/>' });
  t.equal(weird.status, 415, 'unknown content types are refused');

  const c = stack.client();
  const cross = await c.request('POST', '/api/login/chkUserByEmail', {
    body: 'userEmail=a%40b.co',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
  });
  t.equal(cross.status, 403, 'a state-changing legacy call from another site is refused');
  const same = await c.request('POST', '/api/login/chkUserByEmail', {
    body: 'userEmail=a%40b.co',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: IN_PROCESS_PUBLIC_URL },
  });
  t.equal(same.status, 200, 'the own origin passes');
  t.equal((await c.form('/api/login/chkUserByEmail', { userEmail: 'a@b.co' })).status, 200, 'old clients without Origin pass');

  // A buyer made in the table, logged in with the captcha (no worker mails a registration code).
  const buyer = (await buyerWithoutMail(stack)).client;
  const res = await buyer.request('GET', '/api/logout');
  t.equal(res.status, 200);
  const login = await raw().request('GET', '/api/login/getCode');
  t.match(login.headers.get('set-cookie'), /captcha_id=[^;]+;.*HttpOnly/i);
  t.match(login.headers.get('set-cookie'), /SameSite=Lax/i);
});

t.test('production cookies are Secure; trustProxy only for configured proxies', async (t) => {
  const { app } = await buildTestApp(t, productionEnv(t, 'y'.repeat(40)));
  const res = await Client.of(app).request('GET', '/api/login/getCode');
  t.match(res.headers.get('set-cookie'), /; Secure/i);
  t.match(res.headers.get('strict-transport-security'), /max-age=/);
  t.equal((app.initialConfig as { trustProxy?: unknown }).trustProxy ?? false, false, 'no proxy trusted unless configured');
});
