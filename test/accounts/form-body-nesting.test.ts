import t from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';
import type { Client } from '../helpers/http.js';

const base = {
  bookId: '1',
  bookName: 'x',
  bookType: '0',
  unitPrice: '75',
  enrolment: '1',
  invoiceFlag: '0',
  currency: 'EUR',
  currencyKey: 'EUR',
  price: '75',
  payType: '3',
  bookFormat: '0',
};

async function rawForm(c: Client, path: string, body: string, locale = 'en') {
  const res = await c.request('POST', path, { body, headers: { 'content-type': 'application/x-www-form-urlencoded', locale } });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: Record<string, unknown> | null }) };
}

t.test('registratorComplex reads purchaseInfo and invoice sent as nested form keys', async (t) => {
  const stack = await startInProcess(t);
  const c = stack.client();
  await registerLegacy(c, uniqueEmail('nested'));

  // Bracket notation, with a full invoice.
  const bracket = new URLSearchParams({
    ...base,
    'purchaseInfo[country]': 'Germany',
    'purchaseInfo[streetNumber]': 'Hauptstr. 1',
    'purchaseInfo[zip]': '10115',
    'purchaseInfo[town]': 'Berlin',
    invoiceFlag: '1',
    'invoice[invoiceType]': 'vat_general',
    'invoice[invoicePayable]': 'Example GmbH',
    'invoice[pickupMethod]': 'electronic',
    'invoice[contactMail]': 'ap@example.com',
  });
  const a = await rawForm(c, '/api/login/registratorComplex', bracket.toString());
  t.equal(a.code, 200, `bracket notation accepted: ${a.message}`);
  const orderNo = String(a.data!.orderNo);
  const order = await stack.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  t.equal(order.country, 'Germany', 'the country came from purchaseInfo[country]');
  const info = await c.form<Record<string, unknown>>('/api/order/purchaseInfo', { orderId: orderNo });
  t.match(info.data, { streetNumber: 'Hauptstr. 1', zip: '10115', town: 'Berlin' }, 'the nested purchase info was stored');
  const invoice = await stack.db.selectFrom('invoices').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  t.match(invoice, { invoice_payable: 'Example GmbH' }, 'the nested invoice was stored');

  // Dot notation, another book (the first order stays open for book 1).
  const dot = new URLSearchParams({
    ...base,
    bookId: '2',
    'purchaseInfo.country': 'France',
    'purchaseInfo.streetNumber': 'Rue 2',
    'purchaseInfo.zip': '75001',
    'purchaseInfo.town': 'Paris',
  });
  const b = await rawForm(c, '/api/login/registratorComplex', dot.toString());
  t.equal(b.code, 200, `dot notation accepted: ${b.message}`);
  const second = await stack.db.selectFrom('orders').select('country').where('order_no', '=', String(b.data!.orderNo)).executeTakeFirstOrThrow();
  t.equal(second.country, 'France');

  // Still refused when the country is really missing, in the product's wording.
  const none = await rawForm(c, '/api/login/registratorComplex', new URLSearchParams({ ...base, bookId: '3', 'purchaseInfo[zip]': '1' }).toString());
  t.equal(none.message, 'please select country');
});

t.test('hostile nesting and floods of fields are a clear 400 on every form route', async (t) => {
  const stack = await startInProcess(t);
  const c = stack.client();
  await registerLegacy(c, uniqueEmail('hostile'));
  const deep = `${base.bookId ? 'bookId=1&' : ''}purchaseInfo${'[a]'.repeat(40)}=x`;
  for (const [what, body] of [
    ['deep brackets', deep],
    ['deep dots', `purchaseInfo${'.a'.repeat(40)}=x`],
    ['too many fields', Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join('&')],
    ['a huge array', Array.from({ length: 500 }, () => 'a[]=1').join('&')],
  ] as const) {
    for (const path of ['/api/login/registratorComplex', '/api/login/loginOn']) {
      const r = await rawForm(c, path, body);
      t.equal(r.status, 400, `${what} on ${path}: 400`);
      t.match(r, { code: 400, message: 'Invalid request: the form nests too deeply or has too many fields', data: null });
    }
  }
  const zh = await rawForm(c, '/api/login/registratorComplex', deep, 'zh');
  t.equal(zh.message, '请求无效：表单嵌套过深或字段过多', 'in Chinese under a zh locale');
  const proto = await rawForm(c, '/api/login/registratorComplex', `${new URLSearchParams(base)}&__proto__[country]=Germany&constructor[prototype][x]=1`);
  t.equal(proto.message, 'please select country', 'prototype keys are dropped, not merged');
  t.equal(({} as Record<string, unknown>).country, undefined, 'no prototype was polluted');
  const health = await stack.client().request('GET', '/health/live');
  t.equal(health.status, 200, 'the gateway is still up');
});
