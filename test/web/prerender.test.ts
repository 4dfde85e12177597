import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { loginLegacy, registerLegacy } from '../helpers/accounts.js';
import { launchBrowser, openShop, paintedNodes, screenshots, untilInteractive, watchPaintedNodes } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';

// The public pages arrive with their content in the HTML (gateway/src/plugins/spa-prerender.ts),
// painted before any script runs, then hydrated by the SPA without being rendered again.

interface CatalogueRow {
  id: number;
  title_en: string;
  title_zh: string;
  price_cents: number;
  introduction_en: string;
  introduction_zh: string;
  cover: string;
  cover_zh: string | null;
}

const price = (cents: number) => (cents / 100).toFixed(2);

t.test('the book list and a book page are painted with JavaScript disabled, in en and zh', async (t) => {
  // A started gateway has its renderer loaded and a guest's book list rendered (no waiting here).
  const stack = await startStack(t);
  const books = (await stack.db
    .selectFrom('books')
    .select(['id', 'title_en', 'title_zh', 'price_cents', 'introduction_en', 'introduction_zh', 'cover', 'cover_zh'])
    .where('active', '=', true)
    .orderBy('id')
    .execute()) as CatalogueRow[];
  t.ok(books.length >= 3, 'the catalogue has its books');
  const browser = await launchBrowser(t);
  const shot = screenshots('prerender');
  for (const lang of ['en', 'zh'] as const) {
    const context = await browser.newContext({ baseURL: stack.base, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    // The language the SPA stored (it keeps a copy in this cookie for the server).
    await context.addCookies([{ name: 'locale', value: lang, url: stack.base }]);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });

    await page.goto('/shop/index');
    t.equal(await page.locator('html').getAttribute('lang'), lang === 'zh' ? 'zh-CN' : 'en', `${lang}: the page says its language`);
    const cards = page.getByTestId('book');
    t.equal(await cards.count(), books.length, `${lang}: every book is in the painted page`);
    for (const [i, b] of books.entries()) {
      const card = cards.nth(i);
      t.equal((await card.locator('h2').innerText()).trim(), lang === 'zh' ? b.title_zh : b.title_en, `${lang}: title of book ${b.id}`);
      t.match(await card.getByTestId('price').innerText(), `${price(b.price_cents)} EUR`, `${lang}: price of book ${b.id}`);
      t.ok(await card.getByTestId('buy-now').isVisible(), `${lang}: book ${b.id} shows its Buy now`);
      t.ok(await card.getByTestId('buy-now').isDisabled(), `${lang}: book ${b.id}: Buy now is disabled until the app runs (a tap would be lost)`);
    }
    for (const control of ['login-button', 'language-switch']) {
      t.ok(
        await page.getByTestId('header-bar').getByTestId(control).isDisabled(),
        `${lang}: the header's ${control} is disabled until the app runs (a tap would be lost)`,
      );
    }
    t.match(await page.getByTestId('footer').innerText(), /@/, `${lang}: the footer's service contacts are there`);
    await shot(page, `${lang}-index-no-js`);

    const b = books[1]!;
    await page.goto(`/shop/bookDetail/${b.id}`);
    const detail = page.getByTestId('book-detail');
    t.equal((await detail.locator('h1').innerText()).trim(), lang === 'zh' ? b.title_zh : b.title_en, `${lang}: the book page's title`);
    t.match(await detail.getByTestId('price').innerText(), `${price(b.price_cents)} EUR`, `${lang}: the book page's price`);
    await shot(page, `${lang}-book-no-js`);
    t.same(scripts, [], `${lang}: no script ran (JavaScript is off)`);
    await context.close();
  }

  // The language entry paths give their language without a stored choice.
  const context = await browser.newContext({ baseURL: stack.base, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop/zhPage');
  t.equal((await page.getByTestId('book').first().locator('h2').innerText()).trim(), books[0]!.title_zh, '/zhPage is the book list in zh');
  await page.goto('/shop/index?language=zh');
  t.equal((await page.getByTestId('book').first().locator('h2').innerText()).trim(), books[0]!.title_zh, '?language=zh gives zh');
  await page.goto('/shop/index');
  t.equal((await page.getByTestId('book').first().locator('h2').innerText()).trim(), books[0]!.title_en, 'no choice: en (the default)');
  await context.close();

  // A book page shared in WeChat: its link card is built from the HTML alone (no script runs),
  // from the Open Graph tags, and its picture is fetched from og:image.
  for (const lang of ['zh', 'en'] as const) {
    const b = books[0]!;
    const res = await fetch(`${stack.base}/shop/bookDetail/${b.id}?language=${lang}`);
    const head = headOf(await res.text());
    const brand = head.settings.brand.name[lang];
    const title = lang === 'zh' ? b.title_zh : b.title_en;
    const card = { title: head.meta['og:title'], description: head.meta['og:description'], image: head.meta['og:image'] };
    t.equal(head.title, `${title} · ${brand}`, `${lang}: the page's <title> is the book's and the brand's name`);
    t.equal(card.title, head.title, `${lang}: the card's title`);
    t.equal(card.description, lang === 'zh' ? b.introduction_zh : b.introduction_en, `${lang}: the card's text is the book's introduction`);
    t.equal(head.meta.description, card.description, `${lang}: so is the meta description`);
    t.equal(head.meta['og:locale'], lang === 'zh' ? 'zh_CN' : 'en_US', `${lang}: og:locale`);
    t.equal(head.meta['og:url'], `${stack.base}/shop/bookDetail/${b.id}?language=${lang}`, `${lang}: og:url opens the page in the language it was shared in`);
    t.equal(
      card.image,
      `${stack.base}/shop/covers/${lang === 'zh' ? (b.cover_zh ?? b.cover) : b.cover}`,
      `${lang}: og:image is the cover in the page's language, an absolute URL`,
    );
    const picture = await fetch(card.image!);
    t.equal(picture.status, 200, `${lang}: the card's picture loads`);
    t.match(picture.headers.get('content-type'), /^image\//, `${lang}: and is an image`);
    t.match(Buffer.from(await picture.arrayBuffer()).toString('utf8', 0, 200), /<svg|<\?xml/, `${lang}: a picture the card can show`);

    // The book list: the brand, a description of the shop, and its mark.
    const list = headOf(await (await fetch(`${stack.base}/shop/${lang}Page`)).text());
    t.equal(list.title, brand, `${lang}: the book list's title is the brand`);
    t.ok((list.meta['og:description'] ?? '').includes(brand), `${lang}: its card describes the shop`);
    t.equal(list.meta['og:image'], `${stack.base}/shop/brand/mark`, `${lang}: with the brand's mark`);
    // A page sent as the empty shell has its head too.
    const legal = headOf(await (await fetch(`${stack.base}/shop/legal/terms?language=${lang}`)).text());
    t.equal(legal.title, `${lang === 'zh' ? zh.legal.terms : en.legal.terms} · ${brand}`, `${lang}: a legal page's title`);
    t.equal(legal.meta['og:locale'], lang === 'zh' ? 'zh_CN' : 'en_US', `${lang}: and its og:locale`);
  }
});

/**
 * The head of a page as a link preview reads it from the HTML: <title>, the meta tags by name or
 * property (attributes in any order and quoting, entities decoded), the storefront settings.
 */
function headOf(html: string): { title: string; meta: Record<string, string>; settings: { brand: { name: { en: string; zh: string } } } } {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (v: string) => v.replace(/&(amp|quot|lt|gt|#39);/g, (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" })[e]!);
  const title = decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '');
  const meta: Record<string, string> = {};
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/g)) {
    const attrs = Object.fromEntries([...tag.matchAll(/([\w:-]+)=(?:"([^"]*)"|'([^']*)')/g)].map(([, k, d, q]) => [k!, decode(d ?? q ?? '')]));
    const key = attrs.property ?? attrs.name;
    if (key) meta[key] = attrs.content ?? '';
  }
  const settings = JSON.parse(/<script type="application\/json" id="shop-settings">([^<]*)<\/script>/.exec(head)?.[1] ?? '{}');
  return { title, meta, settings };
}

const PAINTED = '[data-testid=book], [data-testid=book-detail], footer';

t.test('the SPA takes over the painted page: no hydration error, same nodes, no layout shift', async (t) => {
  const stack = await startStack(t);
  const browser = await launchBrowser(t);
  const shot = screenshots('prerender');
  for (const lang of ['en', 'zh'] as const) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, context, errors } = await openShop(browser, stack.base, { viewport });
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' && /hydrat|did not match/i.test(m.text())) warnings.push(m.text());
      });
      await watchPaintedNodes(context, PAINTED);
      await page.goto(`/shop/${lang}Page`);
      await page.waitForURL('**/shop/index');
      for (const path of ['/shop/index', '/shop/bookDetail/1']) {
        if (path !== '/shop/index') await page.goto(path);
        // Hydrated: React has attached its handlers, the format choice reacts.
        const paper = page.locator('input[value=PAPER]').first();
        await paper.check();
        t.ok(await paper.isChecked(), `${lang} ${viewport.width}px ${path}: the page reacts (hydrated)`);
        // The app enables its controls in a transition after hydration, a moment after the radio reacts.
        await untilInteractive(page, 'buy-now');
        t.ok(await page.getByTestId('buy-now').first().isEnabled(), `${lang} ${viewport.width}px ${path}: Buy now is enabled once hydrated`);
        for (const control of await page.getByTestId('language-switch').all()) {
          t.ok(await control.isEnabled(), `${lang} ${viewport.width}px ${path}: so is the language switch`);
        }
        await page.waitForLoadState('networkidle');
        const paint = await paintedNodes(page);
        t.ok(paint.painted >= 2, `${lang} ${viewport.width}px ${path}: content was painted before the scripts ran (${paint.painted} nodes)`);
        t.equal(paint.kept, paint.painted, `${lang} ${viewport.width}px ${path}: the painted nodes were kept, not rendered again`);
        t.ok(paint.shifts <= 0.05, `${lang} ${viewport.width}px ${path}: layout shift ${paint.shifts.toFixed(3)} <= 0.05`);
        t.equal(paint.sheetsMoved, 0, `${lang} ${viewport.width}px ${path}: the page's style sheets stay where they are (a moved one restyles the page)`);
        await shot(page, `${lang}-${viewport.width}-${path.split('/').pop()}-hydrated`);
      }
      // The favicon is not part of this suite (headless Chromium asks for it; a 404 until it exists).
      const favicon = 'console: Failed to load resource: the server responded with a status of 404 (Not Found)';
      t.same(
        errors.filter((e) => e !== favicon),
        [],
        `${lang} ${viewport.width}px: no error in the console`,
      );
      t.same(warnings, [], `${lang} ${viewport.width}px: no hydration warning`);
      await context.close();
    }
  }
});

// A logged-in buyer gets the page rendered for a guest with "who is logged in" left open; the SPA
// loads Apollo at once, writes the page's answers into its cache and asks again for the buyer
// (web/src/lib/data/query-store.ts): the takeover must still keep the painted nodes, without a
// hydration warning, and the header then names the buyer.
t.test("a logged-in buyer's book list and book page are taken over the same way", async (t) => {
  const stack = await startStack(t);
  const email = uniqueEmail('prerender');
  await registerLegacy(stack.client(), email, { firstName: 'Ada', lastName: 'Buyer' });
  const token = (await loginLegacy(stack.client(), email)).data.access_token as string;
  const browser = await launchBrowser(t);
  const { page, context, errors } = await openShop(browser, stack.base);
  await context.addCookies([{ name: 'token', value: token, url: stack.base, httpOnly: true, sameSite: 'Lax' }]);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && /hydrat|did not match/i.test(m.text())) warnings.push(m.text());
  });
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (/\/shop\/assets\/apollo-[\w-]+\.js$/.test(new URL(r.url()).pathname)) scripts.push(r.url());
  });
  await watchPaintedNodes(context, PAINTED);
  for (const path of ['/shop/index', '/shop/bookDetail/1']) {
    const res = await page.goto(path);
    t.match(await res?.text(), /id="shop-state"/, `${path}: the page came prerendered`);
    await page.getByTestId('user-menu').waitFor();
    t.match(await page.getByTestId('user-menu').innerText(), /Ada|Buyer/, `${path}: the header names the buyer`);
    await page.waitForLoadState('networkidle');
    const paint = await paintedNodes(page);
    t.ok(paint.painted >= 2, `${path}: content was painted before the scripts ran (${paint.painted} nodes)`);
    t.equal(paint.kept, paint.painted, `${path}: the painted nodes were kept, not rendered again`);
    t.ok(paint.shifts <= 0.05, `${path}: layout shift ${paint.shifts.toFixed(3)} <= 0.05`);
  }
  t.ok(scripts.length > 0, 'Apollo was loaded at once for the buyer');
  const favicon = 'console: Failed to load resource: the server responded with a status of 404 (Not Found)';
  t.same(
    errors.filter((e) => e !== favicon),
    [],
    'no error in the console',
  );
  t.same(warnings, [], 'no hydration warning');
  await context.close();
});
