import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { servesPages } from '../helpers/warm-up.js';

// Asks for the storefront's pages.
servesPages();

t.test('the SPA is served under the base path in history mode', async (t) => {
  // Ready means the renderer is loaded and a guest's book list rendered in each language: the
  // first request after start-up gets the page prerendered, not the empty shell.
  const { app, config } = await buildTestApp(t);
  const root = await app.inject('/');
  t.equal(root.statusCode, 302);
  t.equal(root.headers.location, '/shop/index', '/ redirects to the index page');

  const index = await app.inject('/shop/index');
  t.equal(index.statusCode, 200);
  t.match(index.headers['content-type'], /text\/html/);
  t.match(index.body, /<div id="root"><.*data-testid="book-list"/s, 'the book list comes rendered in');
  t.match(index.body, /<script type="application\/json" id="shop-state">/, 'with the data it was rendered from');
  const deep = await app.inject('/shop/views/pay/WxPayResult?orderNo=1');
  t.equal(deep.statusCode, 200, 'a deep link also answers the SPA');
  t.match(deep.body, /<div id="root"><\/div>/, 'a page of the buyer starts from the empty shell');
  t.notMatch(deep.body, /id="shop-state"/);

  const asset = index.body.match(/src="(\/shop\/assets\/[^"]+\.js)"/)?.[1];
  t.ok(asset, 'index references a hashed script');
  const js = await app.inject(asset!);
  t.equal(js.statusCode, 200);
  t.match(js.headers['cache-control'], /immutable/);
  t.equal((await app.inject('/shop/assets/missing-file.js')).statusCode, 404, 'a missing asset is a 404, not the index');

  const version = await app.inject('/shop/version');
  const built = JSON.parse(readFileSync(path.join(config.webDistDir, 'version.json'), 'utf8')) as { version: string };
  t.same(version.json(), { version: built.version }, 'the version endpoint returns the build version of the SPA');
  t.equal(version.headers['cache-control'], 'no-store');
  t.match(index.headers['x-request-id'], /.{8,}/, 'every answer carries a request id');
});

t.test('without the warm-up the book list is rendered with the first page asked for', async (t) => {
  const { app } = await buildTestApp(t, { PRERENDER_WARM_UP: 'false' });
  // Each request waits up to PRERENDER_WAIT_MS for the renderer: one whose load outlasts that wait
  // gets the empty shell, and the loading goes on for the next request.
  let body = '';
  for (let asked = 0; asked < 10 && !body.includes('data-testid="book-list"'); asked += 1) body = (await app.inject('/shop/index')).body;
  t.match(body, /<div id="root"><.*data-testid="book-list"/s, 'the book list comes rendered in');
});

t.test('the base path is configurable', async (t) => {
  const { app } = await buildTestApp(t, { BASE_PATH: '/store' });
  t.equal((await app.inject('/')).headers.location, '/store/index');
  t.equal((await app.inject('/store/orders')).statusCode, 200);
});

t.test("the page carries this deployment's service contacts and home pages", async (t) => {
  const { app } = await buildTestApp(t, {
    SERVICE_EMAIL: 'help@shop.test',
    SERVICE_EMAIL_2: 'orders@shop.test',
    SERVICE_HOTLINE: '+49 30 1234 5678',
    HOME_URL_EN: 'https://standard.test/en/',
    HOME_URL_ZH: 'https://standard.test/zh/?q=</script><script>alert(1)</script>',
    EXTERNAL_LOGIN_URL: 'https://platform.test/sso/login',
    SELLER_NAME_EN: 'Standard Press GmbH',
    SELLER_NAME_ZH: '标准出版有限公司',
    SELLER_ADDRESS_EN: 'Musterweg 2, 10115 Berlin, Germany',
    SELLER_ADDRESS_ZH: '德国柏林 10115，Musterweg 2号',
    SELLER_REGISTRATION: 'Amtsgericht Berlin HRB 4711',
    SHOP_TIME_ZONE: 'Europe/Berlin',
  });
  for (const url of ['/shop/index', '/shop/orders', '/shop/index.html']) {
    const page = await app.inject(url);
    t.equal(page.statusCode, 200, url);
    const block = page.body.match(/<script type="application\/json" id="shop-settings">(.*?)<\/script>/)?.[1];
    t.ok(block, `${url}: a settings block in the page`);
    t.same(
      JSON.parse(block!),
      {
        serviceEmail: 'help@shop.test',
        serviceEmail2: 'orders@shop.test',
        serviceHotline: '+49 30 1234 5678',
        homeUrl: { en: 'https://standard.test/en/', zh: 'https://standard.test/zh/?q=</script><script>alert(1)</script>' },
        externalLoginUrl: 'https://platform.test/sso/login',
        brand: {
          name: { en: 'ASQ Standard Publications', zh: '汽车软件质量标准出版物' },
          color: '#1d4ed8',
          markUrl: '/shop/brand/mark',
          seller: {
            name: { en: 'Standard Press GmbH', zh: '标准出版有限公司' },
            address: { en: 'Musterweg 2, 10115 Berlin, Germany', zh: '德国柏林 10115，Musterweg 2号' },
            registration: 'Amtsgericht Berlin HRB 4711',
          },
        },
        timeZone: 'Europe/Berlin',
      },
      `${url}: the configured values`,
    );
    t.notMatch(page.body, /<script>alert/, `${url}: a value cannot close the block`);
  }
});

t.test('without an external login page the settings say so (the in-app dialog is used)', async (t) => {
  const { app } = await buildTestApp(t);
  const block = (await app.inject('/shop/index')).body.match(/id="shop-settings">(.*?)<\/script>/)?.[1];
  t.equal((JSON.parse(block!) as { externalLoginUrl: unknown }).externalLoginUrl, null);
});

t.test('the public pages come rendered in the language of the request, with the settings of this deployment', async (t) => {
  const { app } = await buildTestApp(t, { SERVICE_EMAIL: 'help@shop.test', SERVICE_HOTLINE: '+49 30 1234 5678' });
  const titles = (
    await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ zh: books(language: zh) { title } en: books(language: en) { title } }' },
    })
  ).json() as {
    data: { zh: { title: string }[]; en: { title: string }[] };
  };
  const en = await app.inject('/shop/index');
  t.match(en.body, /<html lang="en"/, 'no stored choice: English');
  for (const b of titles.data.en) t.ok(en.body.includes(b.title.replace(/&/g, '&amp;')), `en title ${b.title}`);
  t.match(en.body, /help@shop\.test/, 'the footer shows the configured mailbox');
  t.match(en.body, /\+49 30 1234 5678/, 'and hotline');
  t.match(en.headers.vary, /cookie/i, 'the answer depends on the cookies');

  const zh = await app.inject({ url: '/shop/index', cookies: { locale: 'zh' } });
  t.match(zh.body, /<html lang="zh-CN"/, 'the stored choice (its cookie copy): Chinese');
  for (const b of titles.data.zh) t.ok(zh.body.includes(b.title), `zh title ${b.title}`);
  t.match((await app.inject('/shop/zhPage')).body, /<html lang="zh-CN"/, '/zhPage is Chinese');
  t.match((await app.inject({ url: '/shop/index?language=en', cookies: { locale: 'zh' } })).body, /<html lang="en"/, '?language= wins over the stored choice');
  t.match(
    (await app.inject({ url: '/shop/orders', cookies: { locale: 'zh' } })).body,
    /<html lang="zh-CN"/,
    'the shell of the other pages says the language too',
  );

  const detail = await app.inject('/shop/bookDetail/2');
  t.match(detail.body, /data-testid="book-detail"/, 'a book page comes rendered in');
  t.ok(detail.body.includes(titles.data.en[1]!.title.replace(/&/g, '&amp;')), 'with its title');
  const unknown = await app.inject('/shop/bookDetail/999999');
  t.equal(unknown.statusCode, 200);
  t.match(unknown.body, /<div id="root"><\/div>/, 'an id outside the catalogue is not rendered on the server');

  const guest = (await app.inject('/shop/index')).body;
  t.match(guest, /data-testid="login-button"/, 'a guest sees Log In at once');
  const withSession = (await app.inject({ url: '/shop/index', cookies: { token: 'x'.repeat(43) } })).body;
  t.notMatch(withSession, /data-testid="login-button"/, 'with a session cookie, who is logged in is left to the browser');
});

t.test('the pages go out compressed for a client that accepts it; the legacy API as before', async (t) => {
  const { app } = await buildTestApp(t);
  const plain = await app.inject('/shop/index');
  t.notOk(plain.headers['content-encoding'], 'a client that asks for no encoding gets the page as it is');
  for (const [accept, encoding, decode] of [
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const) {
    for (const url of ['/shop/index', '/shop/bookDetail/2', '/shop/orders', '/shop/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
      t.equal(res.headers['content-encoding'], encoding, `${url} in ${encoding} for "${accept}"`);
      t.match(res.headers.vary, /accept-encoding/i, `${url}: caches keep the encodings apart`);
      const html = decode(res.rawPayload).toString('utf8');
      t.match(html, /^<!doctype html>/i, `${url}: the ${encoding} body is the page`);
      t.ok(res.rawPayload.length < html.length / 3, `${url}: ${res.rawPayload.length} bytes for ${html.length}`);
    }
  }
  t.equal(
    (await app.inject({ url: '/shop/index', headers: { 'accept-encoding': 'br' } })).rawPayload.length < plain.rawPayload.length,
    true,
    'the prerendered page shrinks',
  );
  // The country list: a legacy answer well above the size anything would be compressed from.
  const legacy = await app.inject({
    method: 'POST',
    url: '/api/login/selectCountry',
    headers: { 'accept-encoding': 'gzip, br', 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  t.ok(legacy.rawPayload.length > 4096, `the country list is ${legacy.rawPayload.length} bytes`);
  t.notOk(legacy.headers['content-encoding'], 'a legacy answer is sent as before, byte for byte');
  t.match(legacy.json(), { code: 200 }, 'and reads as JSON');
});

t.test("a page's style sheets are in its <head>, none in the markup React takes over", async (t) => {
  const { app } = await buildTestApp(t);
  for (const url of ['/shop/index', '/shop/bookDetail/2']) {
    const html = (await app.inject(url)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const root = html.slice(html.indexOf('<div id="root">'));
    t.notMatch(root, /<style/, `${url}: no style element in the markup`);
    t.notMatch(html, /data-emotion/, `${url}: none that Emotion in the browser would move`);
    const rules = head.match(/<style data-shop-rules="([^"]+)">/)?.[1]?.split(' ') ?? [];
    t.ok(rules.length > 10, `${url}: the components' rules are one sheet listing their ${rules.length} hashes`);
    for (const hash of rules.slice(0, 5)) t.match(root, new RegExp(`class="[^"]*css-${hash}`), `${url}: css-${hash} is used by the markup`);
    t.match(head, /<style>@layer reset\{/, `${url}: the global CSS is there too`);
    t.match(html, /<\/style><\/head>/, `${url}: the rules are the last elements of <head>`);
  }
});
