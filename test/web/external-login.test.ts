import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { afterFrames, launchBrowser, openShop, screenshots, signInBuyer, untilInteractive } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';

// Spec section 2: "Login redirects to a separate external home page with access=login or
// access=order", and a guest opening /orders goes there with the order flag. The SPA does that
// when the gateway's EXTERNAL_LOGIN_URL is set (handed to it inside index.html); a small HTTP
// server stands in for the external page.

// The external login page: answers a page and remembers which addresses were asked for.
const visits: URL[] = [];
const external = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://external.invalid');
  if (url.pathname === '/sso/login') visits.push(url);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>External login</title><h1 id="external">External login</h1>');
});
await new Promise<void>((r) => external.listen(0, '127.0.0.1', r));
t.teardown(() => external.close());
const externalUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}/sso/login?from=shop`;

const stack = await startStack(t, { EXTERNAL_LOGIN_URL: externalUrl });
const browser = await launchBrowser(t);

t.test('with an external login page every login goes there with its access flag', async (t) => {
  const { page, errors } = await openShop(browser, stack.base);
  const shot = screenshots('external-login', t);
  const atExternal = async (access: 'login' | 'order', what: string) => {
    await page.waitForURL((u) => u.pathname === '/sso/login');
    const u = new URL(page.url());
    t.equal(u.searchParams.get('access'), access, `${what}: access=${access}`);
    t.equal(u.searchParams.get('from'), 'shop', `${what}: the setting's own parameters are kept`);
    t.equal(await page.locator('#external').innerText(), 'External login');
  };

  // The header's Login button.
  await page.goto('/shop/enPage');
  await page.getByTestId('book').first().waitFor();
  await shot(page, 'book-list');
  await page.getByTestId('login-button').click();
  await atExternal('login', 'the Login button');
  t.equal(await page.getByTestId('login-dialog').count(), 0, 'no in-app login dialog');

  // A guest's Buy now: the flag, the reload, then the external login page.
  await page.goto('/shop/index');
  await page.getByTestId('book').first().getByTestId('buy-now').click();
  await atExternal('login', "a guest's Buy now, after the reload");
  await page.goto('/shop/index');
  // The app reads the flag as it starts: once it runs the page, a redirect would have begun.
  await untilInteractive(page, 'login-button');
  await afterFrames(page);
  t.ok(page.url().endsWith('/shop/index'), 'the login-needed flag was used up: the next visit stays');
  t.equal(await page.evaluate(() => localStorage.getItem('loginNeeded')), null);

  // My Orders as a guest: the order flag.
  await page.getByRole('link', { name: 'My Orders' }).first().click();
  await atExternal('order', 'My Orders as a guest');

  // The login-prompt entry flag.
  await page.goto('/shop/zhPage?login=1');
  await atExternal('login', 'the ?login entry flag');
  t.same(
    visits.map((v) => v.searchParams.get('access')),
    ['login', 'login', 'order', 'login'],
    'the external page was asked for four times (once per ask), with the right flags',
  );

  // Logged in (a session from the external page's hand-over): My Orders shows the orders.
  await signInBuyer(stack, page.context(), { email: uniqueEmail('external') });
  await page.goto('/shop/enPage');
  await page.getByTestId('user-menu').waitFor();
  await page.getByRole('link', { name: 'My Orders' }).first().click();
  await page.getByText('No orders yet').waitFor();
  t.ok(page.url().endsWith('/shop/orders'), 'a logged-in buyer stays on My Orders');
  t.equal(visits.length, 4, 'and is not sent away');
  await shot(page, 'orders-logged-in');
  t.same(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
    'no page errors',
  );
});
