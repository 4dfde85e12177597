import t from 'tap';
import { parse } from 'graphql';
import { isPublicQuery, PublicAnswers } from '@shop/gateway/graphql/public-answers';
import { buildTestApp } from '../helpers/app.js';

t.test('GraphQL books in both languages, priced from the catalogue', async (t) => {
  const { app } = await buildTestApp(t);
  const query = `query($l: Language) { books(language: $l) { id title price priceCents currency vatText } countries { code en cn } }`;
  const en = (await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { l: 'en' } } })).json();
  t.same(
    en.data.books.map((b: { id: string; price: string; priceCents: number }) => [b.id, b.price, b.priceCents]),
    [
      ['1', '75.00', 7500],
      ['2', '250.00', 25000],
      ['3', '50.00', 5000],
    ],
  );
  t.equal(en.data.books[0].vatText, 'plus applicable VAT');
  t.equal(en.data.countries[0].code, '001');
  const zh = (await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { l: 'zh' } } })).json();
  t.equal(zh.data.books[0].title, '汽车软件质量管理体系要求');
});

t.test('repeated catalogue queries get the same answer from the cache; other queries never do', async (t) => {
  const { app } = await buildTestApp(t);
  const ask = (payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/graphql', payload, headers });
  const query = '{ books { id title price } countries { code } }';
  const first = await ask({ query });
  const again = await ask({ query });
  t.equal(again.statusCode, 200);
  t.equal(again.body, first.body);
  t.equal(again.headers['content-type'], first.headers['content-type']);
  t.ok(again.headers['content-security-policy'], 'security headers on cached answers too');
  t.not(again.headers['x-request-id'], first.headers['x-request-id']);
  // Variables are part of the key.
  const zh = await ask({ query: 'query($l: Language) { books(language: $l) { title } }', variables: { l: 'zh' } });
  const en = await ask({ query: 'query($l: Language) { books(language: $l) { title } }', variables: { l: 'en' } });
  t.not(zh.body, en.body);
  t.equal((await ask({ query: 'query($l: Language) { books(language: $l) { title } }', variables: { l: 'zh' } })).body, zh.body);
  // A query touching a buyer's data is executed every time.
  const me = '{ books { id } me { email } }';
  t.same((await ask({ query: me })).json().data.me, null);
  t.same((await ask({ query: me })).json().data.me, null);
  // Errors are not kept.
  const bad = await ask({ query: '{ book(id: "1") { nope } }' });
  t.equal((await ask({ query: '{ book(id: "1") { nope } }' })).body, bad.body);
  t.ok(bad.json().errors);
});

t.test('which documents count as public catalogue queries; answers expire with the catalogue snapshot', async (t) => {
  t.ok(isPublicQuery(parse('{ books { id } countries { code } version }')));
  t.ok(isPublicQuery(parse('query Q($id: ID!) { book(id: $id) { title } }')));
  t.notOk(isPublicQuery(parse('{ books { id } me { email } }')));
  t.notOk(isPublicQuery(parse('{ orders { total } }')));
  t.notOk(isPublicQuery(parse('mutation { logout }')));
  t.notOk(isPublicQuery(parse('{ ...F } fragment F on Query { books { id } }')));
  t.notOk(isPublicQuery(parse('{ books @skip(if: false) { id } }')));
  let until = Date.now() + 60_000;
  const answers = new PublicAnswers(() => until);
  const key = answers.key({ query: '{ books { id } }' })!;
  t.ok(key);
  t.equal(answers.key({ query: '{ me { email } }' }), null);
  t.equal(answers.key({ query: '{ books { id } }', extensions: {} }), null);
  answers.set(key, '{"data":{}}', 'application/json');
  t.equal(answers.get(key)?.payload, '{"data":{}}');
  until = 0;
  answers.set('other', '{"data":{}}', 'application/json');
  t.equal(answers.get('other'), undefined, 'nothing is kept without a catalogue snapshot');
});

t.test('the kept catalogue answers stay within their byte bound, oldest first; a long query text is never kept', async (t) => {
  const answers = new PublicAnswers(() => Date.now() + 60_000, 10_000);
  const payload = 'x'.repeat(1_000);
  const keys = ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => answers.key({ query: `{ books { id } }`, variables: { k } })!);
  for (const k of keys) answers.set(k, payload, 'application/json');
  t.ok(answers.heldBytes <= 10_000, `held ${answers.heldBytes} bytes`);
  t.equal(answers.get(keys[0]!), undefined, 'the oldest answer went');
  t.equal(answers.get(keys[5]!)?.payload, payload, 'the newest is kept');
  answers.set(keys[5]!, payload, 'application/json');
  t.ok(answers.heldBytes <= 10_000, 'setting a kept key again is not counted twice');
  answers.set('big', 'y'.repeat(6_000), 'application/json');
  t.equal(answers.get('big'), undefined, 'an answer larger than the whole bound is not kept');
  const padded = `# ${'z'.repeat(10_000)}\n{ books { id } }`;
  t.equal(answers.key({ query: padded }), null, 'a catalogue query padded with a comment goes through Mercurius');
});

t.test('the book page details per language; the bought-order field is empty for a guest', async (t) => {
  const { app } = await buildTestApp(t);
  const query = `query($l: Language) { book(id: "1", language: $l) { title introduction description cover coverEn coverZh edition pages isbn publishedOn paidEbookOrder { orderNo } } }`;
  const ask = async (l: string) => (await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { l } } })).json().data.book;
  const en = await ask('en');
  t.match(en, {
    cover: 'book-1.svg',
    coverEn: 'book-1.svg',
    coverZh: 'book-1-zh.svg',
    edition: '1st edition',
    pages: 126,
    isbn: '978-3-00-000001-0',
    publishedOn: '2024-03-15',
    paidEbookOrder: null,
  });
  t.ok(en.description.length > en.introduction.length, 'a longer description');
  const zh = await ask('zh');
  t.equal(zh.cover, 'book-1-zh.svg', 'Chinese buyers get the Chinese cover');
  t.equal(zh.edition, '第1版');
  t.match(zh.description, /[\u4e00-\u9fff]/, 'the description in Chinese');
  t.equal(zh.publishedOn, '2024-03-15');
});
