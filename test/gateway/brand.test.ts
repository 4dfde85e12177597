// The brand and the legal pages are configuration: the mark, the favicon, the settings in the page
// and the legal markdown come from the gateway's settings and files, never from the build.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ConfigError, loadGatewayConfig } from '@shop/config';
import { buildTestApp } from '../helpers/app.js';
import { tempDir } from '../helpers/tmp.js';
import { servesPages } from '../helpers/warm-up.js';

// Asks for the storefront's pages.
servesPages();

t.test('the drawn mark, the favicon and the settings in the page', async (t) => {
  const { app } = await buildTestApp(t, { BRAND_NAME_EN: 'Test Press', BRAND_NAME_ZH: '测试出版社', BRAND_MARK: '<&>', BRAND_COLOR: '#0f766e' });
  const mark = await app.inject('/shop/brand/mark');
  t.equal(mark.statusCode, 200);
  t.match(mark.headers['content-type'], /image\/svg\+xml/);
  t.match(mark.body, /fill="#0f766e"/, 'in the brand colour');
  t.match(mark.body, />&#60;&#38;&#62;</, 'the letters escaped');
  const icon = await app.inject('/favicon.ico');
  t.equal(icon.statusCode, 302);
  t.equal(icon.headers.location, '/shop/brand/mark');

  const page = (await app.inject('/shop/index')).body;
  t.match(page, /<link rel="icon" href="\/shop\/brand\/mark">/, 'the page names its favicon');
  const settings = JSON.parse(page.match(/id="shop-settings">(.*?)<\/script>/)![1]!) as { brand: unknown };
  t.match(settings.brand, { name: { en: 'Test Press', zh: '测试出版社' }, color: '#0f766e', markUrl: '/shop/brand/mark', seller: { registration: String } });
});

t.test("the operator's logo file replaces the drawn mark", async (t) => {
  const file = path.join(tempDir(t), 'logo.svg');
  writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
  const { app } = await buildTestApp(t, { BRAND_LOGO_FILE: file });
  const mark = await app.inject('/shop/brand/mark');
  t.equal(mark.body, '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
});

t.test('a bad colour or mark stops the start with a clear message', async (t) => {
  const env = { ...process.env, DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:1' };
  const problem = (over: Record<string, string>) => {
    try {
      loadGatewayConfig({ ...env, ...over });
      return 'started';
    } catch (e) {
      return e instanceof ConfigError ? e.problems.join('; ') : String(e);
    }
  };
  t.match(problem({ BRAND_COLOR: 'red' }), /BRAND_COLOR must be a colour like #1d4ed8, got "red"/);
  t.match(problem({ BRAND_MARK: 'TOOLONG' }), /BRAND_MARK must be one to four characters/);
  t.equal(problem({ BRAND_COLOR: '#0f766e', BRAND_MARK: '汽' }), 'started', 'a colour and one Chinese character are fine');
});

t.test('legal pages: the markdown of each page and language, nothing else', async (t) => {
  const dir = tempDir(t);
  const { mkdirSync } = await import('node:fs');
  mkdirSync(path.join(dir, 'zh'));
  writeFileSync(path.join(dir, 'zh', 'terms.md'), '# 销售条款\n');
  writeFileSync(path.join(dir, 'secret.md'), 'not a page');
  const { app } = await buildTestApp(t, { LEGAL_DIR: dir });
  const terms = await app.inject('/shop/legal/zh/terms');
  t.equal(terms.statusCode, 200);
  t.match(terms.headers['content-type'], /text\/markdown; charset=utf-8/);
  t.equal(terms.body, '# 销售条款\n');
  t.equal((await app.inject('/shop/legal/en/terms')).statusCode, 404, 'a missing file is a 404');
  t.equal((await app.inject('/shop/legal/zh/secret')).statusCode, 404, 'only the four page names');
  t.equal((await app.inject('/shop/legal/zh/..%2Fsecret')).statusCode, 404, 'no way out of the folder');
  t.equal((await app.inject('/shop/legal/de/terms')).statusCode, 404, 'only zh and en');
});

t.test('the shipped templates exist for every page in both languages', async (t) => {
  const { app } = await buildTestApp(t, { LEGAL_DIR: path.resolve(import.meta.dirname, '../../content/legal') });
  for (const lang of ['en', 'zh'])
    for (const page of ['imprint', 'terms', 'withdrawal', 'privacy']) {
      const r = await app.inject(`/shop/legal/${lang}/${page}`);
      t.equal(r.statusCode, 200, `${lang}/${page}`);
      t.match(r.body, /^# .+\n\n> /, `${lang}/${page}: a title, then the template note`);
    }
});
