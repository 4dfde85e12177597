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
