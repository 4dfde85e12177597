import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { captchaAnswer, launchBrowser, openShop, screenshots, widthOf } from '../helpers/browser.js';
import { registerLegacy } from '../helpers/accounts.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';

for (const lang of ['en', 'zh'] as const) {
  const T = lang === 'en' ? en : zh;
  t.test(`a 375 px phone gets the mobile layout (${lang})`, async (t) => {
    const stack = await startStack(t);
    const email = uniqueEmail('mobile');
    await registerLegacy(stack.client(), email);
    const browser = await launchBrowser(t);
    const { page, errors } = await openShop(browser, stack.base, { viewport: { width: 375, height: 812 } });
    const shot = screenshots(`mobile-${lang}`, t);
    await page.goto(`/shop/${lang}Page`);
    await page.getByTestId('book').first().waitFor();
    t.notOk(await page.getByTestId('header-bar').isVisible(), 'the header bar is hidden below 633 px');
    t.ok(await page.getByTestId('mobile-bar').isVisible(), 'the mobile bar is shown instead');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    t.ok(overflow <= 0, `no horizontal scrolling (${overflow})`);
    const box = await page.getByTestId('book').first().boundingBox();
    t.ok(box && box.width > 300, 'books stacked in one column');
    await shot(page, 'book-list');

    await page.getByTestId('mobile-menu').click();
    await shot(page, 'menu');
    await page.getByTestId('mobile-login').click();
    const login = page.getByTestId('login-dialog');
    await login.waitFor();
    t.ok((await widthOf(page, '[data-testid=login-dialog]')) <= 375, 'the dialog fits the screen');
    await login.locator('input[name=email]').fill(email);
    await login.locator('input[name=password]').fill('Secret123');
    await login.locator('input[name=captcha]').fill(await captchaAnswer(page));
    await shot(page, 'login');
    await login.getByRole('button', { name: T.auth.login.submit, exact: true }).click();
    await login.waitFor({ state: 'detached' });

    // The book list, logged in, at the phones' widths and on a desktop: the header's name, language
    // switch and menu side by side, nothing running out of the screen (checkScreen's layout check).
    for (const width of [360, 375, 414, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId(width < 633 ? 'mobile-bar' : 'header-bar').waitFor();
      await shot(page, `book-list-${width}`);
    }
    await page.setViewportSize({ width: 375, height: 812 });

    // My Orders from the mobile menu; the table scrolls inside its box.
    await page.getByTestId('mobile-menu').click();
    await page.getByTestId('mobile-bar').getByText(T.nav.orders, { exact: true }).click();
    await page.waitForURL('**/shop/orders');
    // Below 633 px My Orders is a list of cards, not the eleven-column table.
    await page.getByTestId('orders-empty').filter({ hasText: T.orders.empty }).waitFor();
    t.equal(await page.getByTestId('orders-table').count(), 0, 'no table on a phone');
    t.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, 'the orders page fits too');
    await shot(page, 'orders');

    // Log Out on mobile needs no confirmation.
    await page.getByTestId('mobile-menu').click();
    await page.getByTestId('mobile-logout').click();
    t.equal(await page.getByTestId('logout-dialog').count(), 0, 'no confirmation dialog');
    // A guest on My Orders is asked to log in.
    await t.resolves(page.getByTestId('login-dialog').waitFor(), 'the login opens on My Orders');
    await page.keyboard.press('Escape');
    await page.getByTestId('login-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('mobile-menu').click();
    await t.resolves(page.getByTestId('mobile-login').waitFor(), 'logged out');
    await shot(page, 'logged-out');

    // At 633 px and wider the desktop header is back.
    await page.setViewportSize({ width: 633, height: 800 });
    t.ok(await page.getByTestId('header-bar').isVisible(), 'header bar at 633 px');
    t.notOk(await page.getByTestId('mobile-bar').isVisible(), 'no mobile bar at 633 px');
    await page.setViewportSize({ width: 632, height: 800 });
    t.notOk(await page.getByTestId('header-bar').isVisible(), 'hidden at 632 px');
    t.same(
      errors.filter((e) => !/Failed to load resource/.test(e)),
      [],
      'no page errors',
    );
  });
}
