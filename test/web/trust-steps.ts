// What a buyer about to pay sees: My Orders within the frame at 1280 px and as cards on a
// phone, payment result pages opened without a session, the purchase information of an order paid
// online, the China preset, Chinese names, the brand from configuration (title, mark, favicon),
// toasts clear of the header, the filter's empty text, the legal pages, and axe on every screen.
// In English and in Chinese, each with its own buyer and an order paid at the WeChat sandbox.
import type { Browser, Page } from 'playwright-core';
import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import type { Messages } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { openShop, screenshots, signInBuyer, toastPlacement } from '../helpers/browser.js';
import { buy } from '../helpers/orders.js';
import { drivers, waitPaid } from '../helpers/payflow.js';
import { checkScreen } from '../helpers/screen-checks.js';
import { uniqueEmail, type TestStack } from '../helpers/stack.js';
import { logInWithCaptcha, PASSWORD } from './buy-steps.js';
import { startWalks, walkEnv } from './walks.js';

const BRAND = { BRAND_NAME_EN: 'Test Standard Press', BRAND_NAME_ZH: '测试标准出版社', BRAND_MARK: 'TS', BRAND_COLOR: '#0f766e' };
let stack: TestStack;
let browser: Browser;

/**
 * The stack (with the brand configured) and browser of trust.test.ts, shared by its screen groups:
 * each has its own buyer and order, and they run two at a time.
 */
export async function startTrust(): Promise<void> {
  await startWalks(undefined, BRAND);
  ({ stack, browser } = walkEnv());
}
const noise = (e: string) => /Failed to load resource/.test(e);

const LANGS = {
  en: { T: en, first: 'Anna', last: 'Schmidt', shown: 'Anna Schmidt', browserLocale: 'en-GB', brand: BRAND.BRAND_NAME_EN, china: 'China' },
  zh: { T: zh, first: '小明', last: '王', shown: '王小明', browserLocale: 'zh-CN', brand: BRAND.BRAND_NAME_ZH, china: '中国' },
} as const;

/** A buyer with one e-book (book 1) paid at the WeChat sandbox; answers the order number. */
async function paidBuyer(lang: 'en' | 'zh', context: import('playwright-core').BrowserContext) {
  const L = LANGS[lang];
  const email = uniqueEmail(`trust-${lang}`);
  const c = await signInBuyer(stack, context, { email, language: lang, firstName: L.first, lastName: L.last });
  // Paid online: only the country is given, as the purchase dialog does.
  const r = await buy(c, { paymentMethod: 'WECHAT_NATIVE', country: 'Germany', purchaseInfo: null, language: lang });
  if (!r.data) throw new Error(`checkout failed: ${JSON.stringify(r.errors)}`);
  const wechat = drivers.find((d) => d.method === 'WECHAT_NATIVE')!;
  await wechat.pay(stack, r.data.checkout);
  await waitPaid(stack, r.data.checkout.order.orderNo);
  return { email, orderNo: r.data.checkout.order.orderNo };
}

/**
 * Where the element lies horizontally, and the visible frame around it: the viewport, narrowed by
 * every ancestor that clips its overflow (the table's scroll area).
 */
async function inFrame(page: Page, selector: string): Promise<{ left: number; right: number; width: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      let right = window.innerWidth;
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') right = Math.min(right, p.getBoundingClientRect().right);
      }
      return { left: r.left, right: r.right, width: right };
    });
}

export function ordersAndContent(lang: 'en' | 'zh'): void {
  const L = LANGS[lang];
  const T: Messages = L.T;
  t.test(`My Orders, purchase information, names, brand and legal pages (${lang})`, async (t) => {
    const { context, page, errors } = await openShop(browser, stack.base, { locale: L.browserLocale });
    const shot = screenshots(`trust-${lang}`);
    const { orderNo } = await paidBuyer(lang, context);

    // Brand: the configured name in the tab title and the header, the drawn mark as favicon.
    await page.goto(`/shop/${lang}Page`);
    await page.getByTestId('book').first().waitFor();
    await page.waitForFunction((name) => document.title === name, L.brand);
    t.equal(await page.title(), L.brand, 'the tab title is the brand name in the UI language');
    t.equal(await page.getByTestId('header-bar').getByTestId('brand-name').innerText(), L.brand, 'the header shows the configured name');
    t.ok(
      await page
        .getByTestId('header-bar')
        .getByTestId('brand-mark')
        .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      'the mark is drawn',
    );
    const iconHref = await page.locator('link[rel=icon]').getAttribute('href');
    t.equal(iconHref, '/shop/brand/mark', 'a favicon is named');
    const icon = await page.request.get(iconHref!);
    t.equal(icon.status(), 200);
    const svg = await icon.text();
    t.match(svg, /#0f766e/, 'drawn in the brand colour');
    t.match(svg, />TS</, 'with the configured letters');
    t.equal((await page.request.get('/favicon.ico')).status(), 200, '/favicon.ico answers the mark too');
    t.equal(
      await page
        .getByTestId('user-menu')
        .innerText()
        .then((s) => s.trim()),
      L.shown,
      `the name written as ${L.shown}`,
    );
    await shot(page, 'index');
    await checkScreen(t, page, `book list (${lang})`);

    // The footer starts where the content starts and links the legal pages.
    const mainLeft = await page
      .locator('main > *')
      .first()
      .evaluate((el) => el.getBoundingClientRect().left);
    const footerLeft = await page.getByTestId('footer-service').evaluate((el) => el.getBoundingClientRect().left);
    t.equal(Math.round(footerLeft), Math.round(mainLeft), 'footer aligned with the content');

    // My Orders at 1280×900: the password column and the Download link stay in the frame.
    await page.getByTestId('header-bar').getByRole('link', { name: T.nav.orders }).click();
    const row = page.getByTestId('order-row').filter({ hasText: orderNo });
    await row.getByTestId('download').waitFor();
    const dl = await inFrame(page, `[data-order-no="${orderNo}"] [data-testid=download]`);
    t.ok(
      dl.left >= 0 && dl.right <= dl.width,
      `the Download link is in the visible frame (${Math.round(dl.left)}–${Math.round(dl.right)}, frame ends at ${Math.round(dl.width)})`,
    );
    const scroll = await page.getByTestId('orders-table').evaluate((el) => ({ scroll: el.parentElement!.scrollWidth, client: el.parentElement!.clientWidth }));
    t.ok(scroll.scroll <= scroll.client, `no sideways scrolling in the table (${scroll.scroll} ≤ ${scroll.client})`);
    const header = page.getByTestId('orders-table').locator('th').filter({ hasText: T.orders.password });
    t.equal((await header.innerText()).trim(), T.orders.password, 'the password header reads in full');
    t.ok(await header.evaluate((el) => el.scrollWidth <= el.clientWidth), 'and is not cut');
    t.match(await row.getByTestId('order-password').innerText(), /@example\.com/, 'the password (the email) is shown');
    t.ok(await row.getByTestId('order-password').evaluate((el) => el.scrollWidth <= el.clientWidth), 'the email wraps inside its cell, over no other column');
    await shot(page, 'orders-1280');
    await checkScreen(t, page, `My Orders (${lang})`);

    // The purchase information of an order paid online: the country the buyer chose.
    await row.getByRole('button', { name: orderNo }).click();
    const info = page.getByTestId('purchase-info-view');
    // The dialog opens with a spinner; its text is there once the invoice status shows.
    await info.getByTestId('invoice-status').waitFor();
    const infoText = await info.innerText();
    t.notMatch(infoText, T.purchaseInfo.notFound, 'not "no purchase information"');
    t.match(infoText, lang === 'zh' ? /德国|Germany/ : /Germany/, 'the country of the order');
    const close = info.getByTestId('purchase-info-close');
    t.not(await close.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(0, 0, 0)', 'Close is not a black button');
    await shot(page, 'purchase-info');
    await checkScreen(t, page, `purchase information (${lang})`);
    await close.click();
    await info.waitFor({ state: 'detached' });

    // A filter with no match says so, instead of "no orders yet".
    await page.getByTestId('filter-status').selectOption('PENDING_PAYMENT');
    await page.getByTestId('orders-empty').filter({ hasText: T.orders.noMatch }).waitFor();
    t.notMatch(await page.getByTestId('orders-empty').innerText(), T.orders.empty, 'not "no orders yet"');
    await shot(page, 'orders-filter-empty');
    await page.getByTestId('filter-status').selectOption('');
    await row.waitFor();

    // Below 633 px: one card per order, the Download link inside the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    const card = page.getByTestId('order-card').filter({ hasText: orderNo });
    await card.waitFor();
    t.equal(await page.getByTestId('orders-table').count(), 0, 'no table on a phone');
    const cardDl = await inFrame(page, `[data-testid=order-card][data-order-no="${orderNo}"] [data-testid=download]`);
    t.ok(cardDl.left >= 0 && cardDl.right <= cardDl.width, 'the card keeps Download on screen');
    t.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, 'no sideways scrolling');
    await shot(page, 'orders-cards');
    await checkScreen(t, page, `My Orders cards (${lang})`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The purchase dialog: China preset, the payment marks, and the agreement's legal links.
    await page.getByTestId('header-bar').getByRole('link', { name: T.nav.publication }).click();
    await page.getByTestId('book').nth(2).getByTestId('buy-now').click();
    const dlg = page.getByTestId('purchase-dialog');
    await dlg.waitFor();
    await page.waitForFunction(() => !!(document.querySelector('[data-testid=purchase-dialog] [role=combobox]') as HTMLInputElement | null)?.value);
    t.equal(await dlg.getByRole('combobox').inputValue(), L.china, 'the country starts at 001, China');
    for (const m of ['WECHAT_NATIVE', 'ALIPAY', 'PAYPAL', 'BANK_TRANSFER']) t.ok(await dlg.getByTestId(`mark-${m}`).isVisible(), `a mark for ${m}`);
    t.equal(await dlg.getByTestId('legal-link-terms').getAttribute('href'), '/shop/legal/terms', 'agree links the terms of sale');
    t.equal(await dlg.getByTestId('legal-link-withdrawal').getAttribute('href'), '/shop/legal/withdrawal', 'and the withdrawal rules');
    const dlgText = await dlg.innerText();
    if (lang === 'zh') t.notMatch(dlgText, /[\u4e00-\u9fff][:(),]|[:(),][\u4e00-\u9fff]/, 'no ASCII punctuation next to Chinese text');
    // One radio style: the checked payment radio and the native format radios share the blue.
    const checkedBg = await dlg.locator('[data-testid=pay-WECHAT_NATIVE] [data-part=item-control]').evaluate((e) => getComputedStyle(e).backgroundColor);
    t.equal(checkedBg, 'rgb(37, 99, 235)', 'the checked payment radio is blue (blue.600) like the format radios');
    await shot(page, 'purchase-dialog');
    await checkScreen(t, page, `purchase dialog (${lang})`);
    await dlg.getByRole('button', { name: T.common.cancel }).click();
    await dlg.waitFor({ state: 'detached' });

    // The legal pages from the markdown files, in the UI language, from the footer.
    for (const p of ['imprint', 'terms', 'withdrawal', 'privacy'] as const) {
      await page.getByTestId('footer-legal').getByRole('link', { name: T.legal[p] }).click();
      const article = page.locator(`[data-testid=legal-page][data-page=${p}]`);
      await article.waitFor();
      const h1 = await article.getByRole('heading', { level: 1 }).innerText();
      t.ok(h1.length > 1, `${p}: heading "${h1}"`);
      t.equal(/[\u4e00-\u9fff]/.test(h1), lang === 'zh', `${p}: in the UI language`);
      t.ok(await article.getByTestId('legal-note').isVisible(), `${p}: marked as a template to adapt`);
      await shot(page, `legal-${p}`);
      await checkScreen(t, page, `legal page ${p} (${lang})`);
    }
    t.same(
      errors.filter((e) => !noise(e)),
      [],
      'no page errors',
    );
    await context.close();
  });
}

export function resultWithoutSession(lang: 'en' | 'zh'): void {
  const L = LANGS[lang];
  const T: Messages = L.T;
  t.test(`a result page opened without a session asks for the login, then shows the paid order (${lang})`, async (t) => {
    // The buyer paid in one browser; the result page opens in another with nothing stored.
    const buyer = await openShop(browser, stack.base);
    const { email, orderNo } = await paidBuyer(lang, buyer.context);
    await buyer.context.close();

    const { page, errors } = await openShop(browser, stack.base, { locale: L.browserLocale });
    const shot = screenshots(`trust-result-${lang}`);
    await page.goto(`/shop/views/pay/WxPayResult?orderNo=${orderNo}`);
    await page.getByTestId('pay-result-login').waitFor();
    t.equal(await page.getByTestId('pay-result-login').innerText(), T.pay.loginToSee, 'asks for the login, in the browser language');
    t.equal(await page.getByTestId('pay-failed-dialog').count(), 0, 'never "payment failed" for a paid order');
    t.notMatch(await page.locator('body').innerText(), T.pay.failed);
    await shot(page, 'login-asked');
    await checkScreen(t, page, `result page without a session (${lang})`);

    // The registration form asks the family name first in Chinese.
    await page.getByTestId('pay-result-login-button').click();
    await page.getByTestId('login-dialog').getByText(T.auth.login.register).click();
    const reg = page.getByTestId('register-dialog');
    await reg.waitFor();
    const order = await reg.locator('input[name=firstName], input[name=lastName]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
    t.same(order, lang === 'zh' ? ['lastName', 'firstName'] : ['firstName', 'lastName'], lang === 'zh' ? '姓 before 名' : 'first name, then last name');
    await shot(page, 'register-names');
    await checkScreen(t, page, `registration dialog (${lang})`);
    await reg.getByText(T.auth.register.toLogin).click();

    await logInWithCaptcha(page, T, email, PASSWORD, (p) => checkScreen(t, p, `login dialog (${lang})`));
    // The login's toast sits below the header, not over it, or, with the success dialog already
    // open (the header then behind its backdrop), over the header and clear of the dialog.
    await page.getByTestId('toast').first().waitFor();
    const placed = await toastPlacement(page);
    if (placed.dialogOpen) t.notOk(placed.overDialog, `the toast (top ${placed.top}) is clear of the open dialog`);
    else
      t.same(
        { overHeader: placed.overHeader, overTitle: placed.overTitle },
        { overHeader: false, overTitle: false },
        `the toast (top ${placed.top}) is below the header, clear of the title`,
      );

    // Logged in, the page checks again: the order is paid, with its number, book and amount.
    const ok = page.getByTestId('pay-success-dialog');
    await ok.waitFor();
    t.equal(await ok.getByTestId('paid-order-no').innerText(), orderNo, 'the order number');
    t.ok((await ok.getByTestId('paid-book').innerText()).length > 2, 'the book');
    t.equal(await ok.getByTestId('paid-amount').innerText(), '75.00 EUR', 'the amount');
    t.equal(await ok.getByTestId('result-confirm').innerText(), T.pay.confirmDownload, 'with the download button');
    t.equal(await page.getByTestId('processing').count(), 0, '"being processed" is gone behind the dialog');
    await shot(page, 'paid-dialog');
    await checkScreen(t, page, `success dialog (${lang})`);

    // Confirm downloads the PDF and leads to the book page, which shows the purchase and the facts.
    const [download] = await Promise.all([page.waitForEvent('download'), ok.getByTestId('result-confirm').click()]);
    t.match(download.suggestedFilename(), /\.pdf$/, 'the PDF is downloaded');
    await page.waitForURL('**/shop/bookDetail/1');
    const panel = page.getByTestId('purchased-panel');
    await panel.waitFor();
    t.equal(await panel.getByTestId('purchased-order-no').innerText(), orderNo, 'the book page shows the order number');
    t.equal(await panel.getByTestId('purchased-amount').innerText(), '75.00 EUR', 'and the amount');
    t.equal(await panel.getByTestId('purchased-password').innerText(), email, 'and the PDF password');
    const [again] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('purchased-download').click()]);
    t.match(again.suggestedFilename(), /\.pdf$/, 'and downloads it again');
    const facts = await page.getByTestId('book-facts').innerText();
    t.match(facts, /978-3-00-000001-0/, 'the ISBN');
    t.match(facts, /2024-03-15/, 'the publication date');
    t.match(facts, lang === 'zh' ? /第1版/ : /1st edition/, 'the edition in the UI language');
    t.match(facts, lang === 'zh' ? /126 页/ : /126 pages/, 'the pages');
    t.ok((await page.getByTestId('book-description').innerText()).length > 100, 'the longer description');
    const cover = await page.getByTestId('book-detail').locator('img').first().getAttribute('src');
    t.equal(cover, lang === 'zh' ? '/shop/covers/book-1-zh.svg' : '/shop/covers/book-1.svg', 'the cover in the UI language');
    await shot(page, 'book-detail-bought');
    await checkScreen(t, page, `book page after the purchase (${lang})`);
    t.same(
      errors.filter((e) => !noise(e)),
      [],
      'no page errors',
    );
  });
}
