import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { registerLegacy } from '../helpers/accounts.js';
import { captchaAnswer, failQueries, launchBrowser, openShop, screenshots, signInBuyer, toastSeen } from '../helpers/browser.js';
import { latestCode, mailsTo } from '../helpers/mail.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

// One stack and browser for the file: the flows have their own profiles, accounts and orders, so
// they need no stack of their own each (3-5 s to start), and two run side by side. From one client
// address they spend more of its per-client budgets than one flow did (none of them tests a rate
// limit): the limits are scaled as in the other browser suites.
const stack = await startStack(t, { RATE_LIMIT_SCALE: '10' });
const browser = await launchBrowser(t);
t.jobs = 2;

t.test('forgot password: code by mail, new password, back to the login, log in with it (en)', async (t) => {
  const email = uniqueEmail('reset');
  t.equal((await registerLegacy(stack.client(), email)).code, 200);
  const { page, errors } = await openShop(browser, stack.base);
  const shot = screenshots('forgot-password', t);
  await page.goto('/shop/index');
  await page.getByTestId('login-button').click();
  await page.getByTestId('login-dialog').getByText(en.auth.login.forgot).click();
  const dlg = page.getByTestId('forgot-dialog');
  await dlg.waitFor();

  await dlg.getByRole('button', { name: en.auth.forgot.submit, exact: true }).click();
  const shown = async () => (await dlg.getByTestId('field-error').allInnerTexts()).filter(Boolean);
  t.same(
    (await shown()).sort(),
    ['Please enter email', 'Verification code must be filled', 'Password must be filled', 'Password must be filled'].sort(),
    'reset validation: an empty account asks for the email (spec section 5)',
  );
  await shot(page, 'empty');
  // A number that is not one is told as a phone number.
  await dlg.locator('input[name=account]').fill('+86 123');
  await dlg.getByTestId('send-code').click();
  await dlg.getByTestId('field-error').filter({ hasText: en.validation.phoneInvalid }).waitFor();
  t.pass(`a malformed number: '${en.validation.phoneInvalid}'`);

  // Chinese characters and spaces are stripped from the account.
  await dlg.locator('input[name=account]').fill(` ${email} 中文`);
  t.equal(await dlg.locator('input[name=account]').inputValue(), email, 'account cleaned');
  await page.waitForFunction(() => !(document.querySelector('[data-testid=forgot-dialog] [data-testid=send-code]') as HTMLButtonElement).disabled, undefined, {
    timeout: 15_000,
  });
  await dlg.getByTestId('send-code').click();
  await toastSeen(page, 'Sending verification code succeeded!');
  const cooldown = Number((await dlg.getByTestId('send-code').innerText()).match(/\d+/)?.[0]);
  t.ok(cooldown > 10 && cooldown <= 60, `60 s cool-down after success (${cooldown})`);
  const code = await latestCode(email, 2);
  await dlg.locator('input[name=code]').fill('000000');
  await dlg.locator('input[name=password]').fill('NewSecret9');
  await dlg.locator('input[name=confirmPassword]').fill('NewSecret9');
  await dlg.getByRole('button', { name: en.auth.forgot.submit, exact: true }).click();
  await toastSeen(page, 'code error');
  await dlg.locator('input[name=code]').fill(code);
  await shot(page, 'filled');
  await dlg.getByRole('button', { name: en.auth.forgot.submit, exact: true }).click();
  await toastSeen(page, en.auth.forgot.success);

  const login = page.getByTestId('login-dialog');
  await login.waitFor();
  t.equal(await login.locator('input[name=email]').inputValue(), email, 'back at the login with the account');
  await login.locator('input[name=password]').fill('NewSecret9');
  await login.locator('input[name=captcha]').fill(await captchaAnswer(page));
  await login.getByRole('button', { name: en.auth.login.submit, exact: true }).click();
  await t.resolves(page.getByTestId('user-menu').waitFor(), 'logged in with the new password');
  await shot(page, 'logged-in');
  t.same(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
    'no page errors',
  );

  // An address without an account: 'please register first' and the failure's 10 s cool-down
  // (spec section 8), in both languages; nothing is recorded or mailed.
  for (const [lang, T] of [
    ['en', en],
    ['zh', zh],
  ] as const) {
    const other = await openShop(browser, stack.base);
    await other.page.goto(`/shop/index?language=${lang}`);
    await other.page.getByRole('heading', { name: T.books.title }).waitFor();
    await other.page.getByTestId('login-button').click();
    await other.page.getByTestId('login-dialog').getByText(T.auth.login.forgot).click();
    const nobody = uniqueEmail(`nobody-${lang}`);
    const dlg2 = other.page.getByTestId('forgot-dialog');
    await dlg2.locator('input[name=account]').fill(nobody);
    await dlg2.getByTestId('send-code').click();
    await toastSeen(other.page, T.auth.forgot.registerFirst);
    t.equal(await other.page.getByTestId('toast').filter({ hasText: T.auth.code.sent }).count(), 0, `${lang}: no 'code sent'`);
    const left = Number((await dlg2.getByTestId('send-code').innerText()).match(/\d+/)?.[0]);
    t.ok(left > 0 && left <= 10, `${lang}: '${T.auth.forgot.registerFirst}' with the 10 s cool-down of a failure (${left})`);
    const recorded = await stack.db.selectFrom('verification_codes').select('id').where('target', '=', nobody).execute();
    t.equal(recorded.length, 0, `${lang}: no code recorded`);
    t.equal((await mailsTo(nobody)).length, 0, `${lang}: nothing mailed`);
    await other.context.close();
  }
});

t.test('language: switch stored locally and reloading; ?language=; zh/en entry paths', async (t) => {
  const { page } = await openShop(browser, stack.base);
  const shot = screenshots('language', t);
  await page.goto('/shop/index');
  await page.getByTestId('book').first().waitFor();
  t.equal(await page.evaluate(() => localStorage.getItem('locale')), null, 'nothing stored yet: English by default');
  t.ok(await page.getByRole('heading', { name: en.books.title }).isVisible());

  const reloaded = page.waitForEvent('load');
  await page.locator('[data-testid=language-switch]:visible').click();
  await reloaded;
  await page.getByRole('heading', { name: zh.books.title }).waitFor();
  t.equal(await page.evaluate(() => localStorage.getItem('locale')), 'zh', 'stored under the locale key');
  t.ok((await page.getByTestId('price').first().innerText()).includes('另加适用增值税'), 'prices in Chinese');
  t.ok(await page.getByText(zh.nav.orders).first().isVisible(), 'header in Chinese');
  await shot(page, 'zh');

  await page.reload();
  await page.getByRole('heading', { name: zh.books.title }).waitFor();
  t.pass('the choice survives a reload');

  await page.goto('/shop/index?language=en');
  await page.getByRole('heading', { name: en.books.title }).waitFor();
  t.equal(new URL(page.url()).search, '', 'the consumed parameter leaves the address');
  t.equal(await page.evaluate(() => localStorage.getItem('locale')), 'en');

  await page.goto('/shop/zhPage');
  await page.waitForURL('**/shop/index');
  await page.getByRole('heading', { name: zh.books.title }).waitFor();
  // The server answers in the UI language too (the locale header).
  await page.getByTestId('login-button').click();
  const login = page.getByTestId('login-dialog');
  await login.locator('input[name=email]').fill('nobody@example.com');
  await login.locator('input[name=password]').fill('whatever1');
  await login.locator('input[name=captcha]').fill('ab');
  await login.getByRole('button', { name: zh.auth.login.submit, exact: true }).click();
  await toastSeen(page, zh.auth.login.notRegistered);
  await shot(page, 'zh-login-message');
  await page.goto('/shop/enPage');
  await page.getByRole('heading', { name: en.books.title }).waitFor();
  await shot(page, 'en');
});

t.test('My Orders as a guest opens the login; after it the empty list shows', async (t) => {
  const { page, context } = await openShop(browser, stack.base);
  const shot = screenshots('orders-guest', t);
  await page.goto('/shop/orders');
  const login = page.getByTestId('login-dialog');
  await t.resolves(login.waitFor(), 'the login opens');
  t.ok(await page.getByTestId('orders-guest').isVisible(), 'no table for a guest');
  await shot(page, 'guest');

  const email = uniqueEmail('orders');
  await signInBuyer(stack, context, { email });
  await page.reload();
  await page.getByTestId('orders-table').waitFor();
  t.ok((await page.getByTestId('orders-table').innerText()).includes(en.orders.empty), 'an empty list');
  t.equal(await page.getByTestId('orders-total').innerText(), 'Total 0');
  const headers = await page.locator('[data-testid=orders-table] th').allInnerTexts();
  t.same(
    headers,
    ['Order time', 'Order id', 'Book', 'Book format', 'Country', 'Payment type', 'Entry price', 'Currency', 'Status', 'Password', 'Operation'],
    'the columns of spec section 2',
  );
  t.same(await page.getByTestId('page-size').locator('option').allInnerTexts(), ['10 / page', '20 / page', '50 / page'], 'page sizes');
  t.equal(await page.getByTestId('page-size').inputValue(), '10', 'default 10');
  await shot(page, 'empty-list');

  // ?logout ends the session on load.
  await page.goto('/shop/index?logout=1');
  await t.resolves(page.getByTestId('login-button').waitFor(), '?logout logs out');
  t.equal(new URL(page.url()).search, '', 'the parameter is consumed');
});

t.test('a stale page reloads once when the server reports another version', async (t) => {
  const { page } = await openShop(browser, stack.base);
  let served = 0;
  await page.route('**/shop/version', async (route) => {
    served += 1;
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ version: 'a-newer-build' }) });
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/shop/index');
  await eventually('the reload for the new version', async () => loads >= 2);
  await page.getByTestId('book').first().waitFor();
  // The reloaded page asks again, hears the same newer version and stays: it still stands after a
  // client-side navigation that asks a third time.
  await eventually('the reloaded page asks for the version', async () => served >= 2);
  await page.getByRole('link', { name: en.nav.orders }).first().click();
  await page.waitForURL('**/shop/orders');
  await eventually('the version asked on the navigation', async () => served >= 3);
  // My Orders as a guest asks for the login; put that dialog away to reach the header again.
  await page.getByTestId('login-dialog').waitFor();
  t.equal(loads, 2, 'reloaded once for the new version, not in a loop');
  t.ok(served >= 3, `the version is asked on every navigation (${served} times)`);
  await page.unroute('**/shop/version');
  await page.keyboard.press('Escape');
  await page.getByTestId('login-dialog').waitFor({ state: 'detached' });
  // With the real endpoint the versions match: navigation does not reload.
  const answered = page.waitForResponse((r) => r.url().endsWith('/shop/version') && r.ok());
  await page.getByRole('link', { name: en.nav.publication }).first().click();
  await answered;
  await page.getByTestId('book').first().waitFor();
  t.equal(loads, 2, 'no reload when the versions match');
});

t.test('My Orders: pagination 10/20/50 with the total', async (t) => {
  const { page, context } = await openShop(browser, stack.base);
  const shot = screenshots('orders-pages', t);
  const email = uniqueEmail('pages');
  const c = await signInBuyer(stack, context, { email });
  const userId = Number((await c.gql<{ me: { userId: string } }>('{ me { userId } }')).data!.me.userId);
  await stack.db
    .insertInto('orders')
    .values(
      Array.from({ length: 23 }, (_, i) => ({
        order_no: `20261122WEB${String(i).padStart(2, '0')}U${userId}`,
        user_id: userId,
        book_id: (i % 3) + 1,
        format: 'paper' as const,
        country: 'Germany',
        pay_type: (i % 2 === 0 ? 2 : 3) as 2 | 3,
        provider: i % 2 === 0 ? ('paypal' as const) : ('bank_transfer' as const),
        unit_price_cents: 5000,
        amount_cents: 5000,
        status: i % 2 === 0 ? ('paid' as const) : ('expired' as const),
        paid_at: i % 2 === 0 ? new Date() : null,
        created_at: new Date(Date.now() - (23 - i) * 60_000),
        expires_at: new Date(Date.now() + 3600_000),
      })),
    )
    .execute();
  await page.goto('/shop/orders');
  await page.getByTestId('order-row').first().waitFor();
  t.equal(await page.getByTestId('orders-total').innerText(), 'Total 23');
  t.equal(await page.getByTestId('order-row').count(), 10, '10 per page by default');
  t.equal(await page.getByTestId('order-row').first().getAttribute('data-order-no'), `20261122WEB22U${userId}`, 'newest first');
  t.ok(await page.getByRole('button', { name: 'Previous page' }).isDisabled(), 'no previous page on the first');
  t.equal(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'), 'page', 'page 1 is the current one');
  await page.getByRole('button', { name: 'Page 3' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=order-row]').length === 3);
  t.pass('page 3 holds the last 3');
  t.equal(await page.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current'), 'page', 'page 3 is now the current one');
  t.ok(await page.getByRole('button', { name: 'Next page' }).isDisabled(), 'no next page on the last');
  await shot(page, 'page-3');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=order-row]').length === 10);
  t.equal(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'), 'page', 'Previous page leads to page 2');
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=order-row]').length === 3);
  t.pass('and Next page back to page 3');
  await page.getByTestId('page-size').selectOption('20');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=order-row]').length === 20);
  t.pass('20 per page, back to page 1');
  await page.getByTestId('page-size').selectOption('50');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=order-row]').length === 23);
  t.pass('50 per page: all of them');
  const operations = await page.locator('[data-testid=order-row] td:last-child').allInnerTexts();
  t.ok(
    operations.every((o) => o.trim() === '-'),
    "paper books: no download, '-'",
  );
  await page.getByTestId('filter-status').selectOption('PAID');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=order-row]').length === 12);
  t.equal(await page.getByTestId('orders-total').innerText(), 'Total 12', 'paid filter');
  await shot(page, 'paid-50');

  // A filter whose request fails shows the error, not the rows of the filter before it: paid and
  // offline matches none of these orders, and the 12 paid ones left on screen would read as its answer.
  const restore = await failQueries(page, 'MyOrders');
  await page.getByTestId('filter-paytype').selectOption('3');
  await page.getByTestId('list-error').waitFor();
  t.equal(await page.getByTestId('list-error').innerText(), en.common.errorOccurredLower, 'the failed request says so');
  t.equal(await page.getByTestId('order-row').count(), 0, 'with no rows of another filter');
  await shot(page, 'filter-failed');
  await restore();
  await page.getByTestId('filter-paytype').selectOption('2');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=order-row]').length === 12);
  t.equal(await page.getByTestId('list-error').count(), 0, 'the next answer replaces the error');
});

t.test('entry parameters: orderToken, a token through /zhPage, the login prompt flag', async (t) => {
  const email = uniqueEmail('entry');
  const reg = await registerLegacy(stack.client(), email);
  const token = String(reg.data.access_token);

  // ?orderToken: after the visitor confirms the account (test/hardening/order-token.test.ts), stored
  // as the token cookie for a day; the visitor is logged in.
  const a = await openShop(browser, stack.base);
  await a.page.goto(`/shop/orders?orderToken=${token}`);
  await a.page.getByTestId('order-token-dialog').getByRole('button', { name: en.auth.orderToken.continue }).click();
  await t.resolves(a.page.getByTestId('orders-table').waitFor(), 'logged in by orderToken');
  t.equal(new URL(a.page.url()).search, '', 'the token leaves the address');
  const cookie = (await a.context.cookies()).find((c) => c.name === 'token');
  t.equal(cookie?.value, token);
  t.ok(cookie && cookie.expires > Date.now() / 1000 + 86_000 && cookie.expires < Date.now() / 1000 + 86_500, 'for 1 day');
  t.equal(await a.page.evaluate(() => localStorage.getItem('email')), email, 'user data stored locally');
  await a.context.close();

  // /zhPage?token=...: Chinese, carried to / with the user fields, logged in.
  const b = await openShop(browser, stack.base);
  await b.page.goto(`/shop/zhPage?token=${token}&email=${encodeURIComponent(email)}&user=Test%20Buyer`);
  await b.page.waitForURL('**/shop/index');
  await t.resolves(b.page.getByTestId('user-menu').waitFor(), 'logged in through the zh entry path');
  t.equal(await b.page.evaluate(() => localStorage.getItem('locale')), 'zh');
  t.equal(await b.page.evaluate(() => localStorage.getItem('user')), 'Test Buyer');
  await b.context.close();

  // /enPage?login without a token: the login prompt is remembered and shown.
  const c = await openShop(browser, stack.base);
  await c.page.goto('/shop/enPage?login=1');
  await t.resolves(c.page.getByTestId('login-dialog').waitFor(), 'the login opens');
  t.equal(await c.page.evaluate(() => localStorage.getItem('loginNeeded')), null, 'the flag is used up');
  await c.context.close();
});
