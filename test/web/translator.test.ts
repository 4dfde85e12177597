import { createInstance } from 'i18next';
import t from 'tap';
import { createTranslator } from '../../web/src/lib/translator.ts';
import { en } from '../../web/src/locales/en/index.ts';
import { enShell } from '../../web/src/locales/en/shell.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { zhAdmin } from '../../web/src/locales/zh/admin.ts';
import { zhScreens } from '../../web/src/locales/zh/screens.ts';
import { zhShell } from '../../web/src/locales/zh/shell.ts';
import { textsByKey, type Texts } from '../helpers/texts.js';

// The browser translates with the SPA's translator (web/src/lib/translator.ts), the prerenderer
// with i18next (web/src/ssr.tsx): a hydrated page shows the server's text only if both give the
// same for every key. i18next here is set up as ssr.tsx sets it up.

function branches(tree: Texts, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [] : [prefix ? `${prefix}.${k}` : k, ...branches(v, prefix ? `${prefix}.${k}` : k)],
  );
}

async function i18next(lng: string, texts: Texts) {
  const i18n = createInstance();
  await i18n.init({
    resources: { [lng]: { translation: texts } },
    lng,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    initAsync: false,
  });
  return i18n;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim());

// Values for a text's placeholders, as the SPA passes them: strings, numbers (0 too), none.
function optionSets(text: string): Record<string, unknown>[] {
  const names = placeholders(text);
  const all = (value: (name: string) => unknown) => Object.fromEntries(names.map((n) => [n, value(n)]));
  return [
    {},
    all((n) => `<${n} $& $1>`),
    all(() => 0),
    { ...all((n) => n), count: 2 },
    all(() => null),
    all(() => undefined),
    Object.fromEntries(names.slice(1).map((n) => [n, 'x'])),
  ];
}

const LANGUAGES = [
  { lng: 'en', texts: en as unknown as Texts },
  { lng: 'zh', texts: zh as unknown as Texts },
];

t.test('the texts use only what the translator does', async (t) => {
  for (const { lng, texts } of LANGUAGES) {
    const keys = [...textsByKey(texts).keys()];
    t.same(
      keys.filter((k) => /_(zero|one|two|few|many|other)$/.test(k)),
      [],
      `${lng}: no plural forms`,
    );
    t.same(
      [...textsByKey(texts)].filter(([, v]) => v.includes('$t(') || placeholders(v).some((p) => p.includes(',') || p.startsWith('-'))).map(([k]) => k),
      [],
      `${lng}: no nesting, formats or unescaped placeholders`,
    );
    t.same(
      keys.filter((k) => k.includes(':')),
      [],
      `${lng}: no namespace in a key`,
    );
  }
});

t.test('every key gives the text i18next gives, with and without values', async (t) => {
  for (const { lng, texts } of LANGUAGES) {
    const reference = await i18next(lng, texts);
    const ours = createTranslator(lng, texts);
    const fixed = ours.getFixedT(null, 'translation');
    let compared = 0;
    for (const [key, text] of textsByKey(texts)) {
      for (const options of optionSets(text)) {
        const expected = reference.t(key, options);
        if (ours.t(key, options) !== expected || fixed(key, options) !== expected)
          t.fail(`${lng} ${key} ${JSON.stringify(options)}: ${ours.t(key, options)} !== ${expected}`);
        compared += 1;
      }
      if (!ours.exists(key)) t.fail(`${lng} ${key} exists`);
    }
    t.ok(compared > 1000, `${lng}: ${compared} texts compared`);
    for (const key of branches(texts)) {
      t.equal(ours.t(key), reference.t(key), `${lng} ${key}: a group of texts, not a text`);
      t.equal(ours.exists(key), reference.exists(key), `${lng} ${key} exists as a group`);
    }
    for (const key of ['nowhere', 'books.nowhere', 'books.title.nowhere']) {
      t.equal(ours.t(key), reference.t(key), `${lng} ${key}: a missing key`);
      t.equal(ours.t(key, { defaultValue: 'Some {{x}}', x: 1 }), reference.t(key, { defaultValue: 'Some {{x}}', x: 1 }), `${lng} ${key}: its default`);
      t.equal(ours.exists(key), reference.exists(key), `${lng} ${key} does not exist`);
    }
  }
});

t.test('texts added later (the screens beyond the first, then the console) are found like i18next finds them', async (t) => {
  const reference = await i18next('zh', zh as unknown as Texts);
  const ours = createTranslator('zh', zhShell as unknown as Texts);
  const before = ours.t('auth.login.title');
  ours.addResourceBundle('zh', 'translation', zhScreens as unknown as Texts);
  t.not(ours.t('auth.login.title'), before, 'a text of a dialog arrives with the screens');
  t.notOk('admin' in zhScreens, "the screens a buyer loads carry none of the console's texts");
  t.equal(ours.t('admin.title'), 'admin.title', 'so before the console loads them its texts are missing');
  // As lib/i18n.ts's loadAdminTexts adds them.
  ours.addResourceBundle('zh', 'translation', { admin: zhAdmin } as unknown as Texts);
  for (const [key, text] of textsByKey(zh as unknown as Texts)) {
    const options = optionSets(text)[1]!;
    if (ours.t(key, options) !== reference.t(key, options)) t.fail(`zh ${key}`);
  }
  t.pass('all zh texts as i18next gives them');
  const shellOnly = createTranslator('en', enShell as unknown as Texts);
  t.equal(shellOnly.t('books.title'), (await i18next('en', en as unknown as Texts)).t('books.title'), 'a first-screen text before the screens arrive');
});

t.test("Trans fills its nodes' placeholders as i18next's interpolator does", async (t) => {
  const reference = await i18next('en', en as unknown as Texts);
  const ours = createTranslator('en', en as unknown as Texts);
  for (const [text, data] of [
    ['Read the <terms>{{what}}</terms>', { what: 'terms' }],
    ['{{count}} left', { count: undefined, defaultValue: 'x' }],
    ['{{ a }} and {{b}}', { a: 1 }],
    ['plain', {}],
  ] as const) {
    // Trans passes no options (the fourth argument): {} names no placeholder either.
    t.equal(ours.services.interpolator.interpolate(text, data), reference.services.interpolator.interpolate(text, data, 'en', {}), text);
  }
});
