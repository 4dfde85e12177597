import t from 'tap';
import { buildTestApp } from '../helpers/app.js';

t.test('GraphQL books in both languages, priced from the catalogue', async (t) => {
  const { app } = await buildTestApp(t);
  const query = `query($l: Language) { books(language: $l) { id title price priceCents currency vatText } countries { code en cn } }`;
  const en = (await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { l: 'en' } } })).json();
  t.same(
    en.data.books.map((b: { id: string; price: string; priceCents: number }) => [b.id, b.price, b.priceCents]),
    [['1', '75.00', 7500], ['2', '250.00', 25000], ['3', '50.00', 5000]],
  );
  t.equal(en.data.books[0].vatText, 'plus applicable VAT');
  t.equal(en.data.countries[0].code, '001');
  const zh = (await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { l: 'zh' } } })).json();
  t.equal(zh.data.books[0].title, '汽车软件质量管理体系要求');
});
