import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '@shop/core';
import { BankTransferProvider } from '@shop/payments';
import { createSession } from '@shop/gateway/services/accounts/sessions';
import { BANK_STATEMENT_UPLOAD_PATH } from '@shop/gateway/routes/admin-uploads';
import { STATEMENT_MAX_BYTES } from '@shop/gateway/services/admin/bank-statement';
import { buildTestApp } from '../helpers/app.js';
import { bankFixture, bankStatementOrders, fixtureOrderStatus } from '../helpers/bank-statement.js';
import { newBuyer } from '../helpers/core-deps.js';

// The console's bank-statement upload through the real gateway (in-process): an operator's
// camt.053 or CSV file completes exactly the transfers it matches, once, and lists the partly
// matched and unknown credits; every refusal (who asks, a cross-site request, the type, the size,
// an empty or unreadable file) answers in the product's wording and changes nothing.

type Answer = {
  code: number;
  message: string;
  data: {
    format: string;
    credits: number;
    completed: string[];
    partial: { orderNo: string; amount: string; currency: string; orderAmount: string; orderCurrency: string }[];
    unmatched: { entryRef: string; amount: string; currency: string; reference: string }[];
    known: number;
  } | null;
};

async function setUp(t: { teardown(fn: () => unknown): void }) {
  const { app, db } = await buildTestApp(t);
  // The fixtures' orders, through core as the checkout makes them (a bank-transfer adapter of its own).
  const deps = { ...app.deps, providers: { ...app.deps.providers, bank_transfer: new BankTransferProvider() } } as CoreDeps;
  await bankStatementOrders(deps);
  const session = async (role: 'operator' | 'buyer') => `token=${(await createSession(app.deps, (await newBuyer({ db }, role)).id)).token}`;
  return { app, db, operator: await session('operator'), buyer: await session('buyer') };
}

function upload(app: FastifyInstance, cookie: string | null, body: Buffer | string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'PUT',
    url: BANK_STATEMENT_UPLOAD_PATH,
    payload: body,
    headers: { 'content-type': 'application/xml', 'x-file-name': 'statement.xml', ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** What a refusal must leave as it was. */
async function snapshot(db: FastifyInstance['db']) {
  const [orders, items, bills, audit, events] = await Promise.all([
    db.selectFrom('orders').select(['order_no', 'status']).orderBy('id').execute(),
    db.selectFrom('reconciliation_items').select(['id']).execute(),
    db.selectFrom('provider_bills').select(['id']).execute(),
    db.selectFrom('audit_events').select(['id']).execute(),
    db.selectFrom('order_events').select(['id']).execute(),
  ]);
  return { orders, items, bills, audit, events };
}

t.test('camt.053: the matched transfers are completed once, the rest listed', async (t) => {
  const { app, db, operator } = await setUp(t);
  const res = await upload(app, operator, bankFixture('camt053-credits.xml'));
  t.equal(res.statusCode, 200, res.body);
  const answer = res.json<Answer>();
  t.equal(answer.message, 'success');
  const data = answer.data!;
  t.equal(data.format, 'camt053');
  t.same([...data.completed].sort(), ['20261120MX4R8TNB6C', '20261121QW3E5R7T9Y', '20261122K7M2Q9XD4B'], 'exactly the matched transfers completed');
  t.match(
    [...data.partial].sort((a, b) => a.orderNo.localeCompare(b.orderNo)),
    [
      { orderNo: '20261123H3V8N5PW0R', amount: '50.00', currency: 'EUR', orderAmount: '75.00', orderCurrency: 'EUR' },
      { orderNo: '20261124Z9T4M7KC2E', amount: '120.00', orderAmount: '75.00' },
    ],
    'partly matched: the order found, the money different',
  );
  t.ok(
    data.unmatched.some((u) => u.amount === '19.99' && u.currency === 'EUR'),
    'the credit naming no order is listed',
  );
  t.equal(data.known, 0);
  t.same(await fixtureOrderStatus({ db }), {
    '20261120MX4R8TNB6C': 'paid',
    '20261121QW3E5R7T9Y': 'paid',
    '20261122K7M2Q9XD4B': 'paid',
    '20261123H3V8N5PW0R': 'pending_payment',
    '20261124Z9T4M7KC2E': 'pending_payment',
  });
  const paid = await db.selectFrom('order_events').select('order_id').where('type', '=', 'paid').execute();
  t.equal(paid.length, 3, 'one paid event per completed order');

  const again = await upload(app, operator, bankFixture('camt053-credits.xml'));
  t.equal(again.statusCode, 200);
  t.match(again.json<Answer>().data, { completed: [], partial: [], unmatched: [], known: data.credits }, 'the same file again completes nothing new');
  t.equal((await db.selectFrom('order_events').select('order_id').where('type', '=', 'paid').execute()).length, 3, 'no second paid event');
  t.equal((await db.selectFrom('provider_bills').select('id').where('provider', '=', 'bank_transfer').execute()).length, 1, 'the file kept once');
});

t.test("a CSV export in the bank's own encoding, sent as a plain file", async (t) => {
  const { app, db, operator } = await setUp(t);
  // German online banking exports Windows-1252: the umlauts must survive.
  const latin1 = Buffer.from(bankFixture('statement-sparkasse.csv').toString('utf8'), 'latin1');
  const res = await upload(app, operator, latin1, { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('Umsätze 25.11.csv') });
  t.equal(res.statusCode, 200, res.body);
  const data = res.json<Answer>().data!;
  t.equal(data.format, 'csv');
  t.same(data.completed, ['20261122K7M2Q9XD4B']);
  t.same(data.partial.map((p) => p.orderNo).sort(), ['20261123H3V8N5PW0R', '20261124Z9T4M7KC2E', '20261124Z9T4M7KC2E']);
  t.same(
    data.unmatched.map((u) => u.amount),
    ['19.99'],
  );
  const item = await db
    .selectFrom('reconciliation_items')
    .innerJoin('orders', 'orders.id', 'reconciliation_items.order_id')
    .select(['reconciliation_items.bill_row', 'reconciliation_items.state'])
    .where('orders.order_no', '=', '20261122K7M2Q9XD4B')
    .executeTakeFirstOrThrow();
  t.match(item, { state: 'settled', bill_row: { debtorName: 'Jürgen Müller GmbH' } });
  t.same((await fixtureOrderStatus({ db }))['20261122K7M2Q9XD4B'], 'paid');
});

t.test('every refusal answers in the product wording and changes nothing', async (t) => {
  const { app, db, operator, buyer } = await setUp(t);
  const before = await snapshot(db);
  const xml = bankFixture('camt053-credits.xml');
  const refusals: { name: string; status: number; message: string; res: () => ReturnType<typeof upload> }[] = [
    { name: 'a guest', status: 401, message: 'Please log in first', res: () => upload(app, null, xml) },
    { name: 'a buyer', status: 403, message: 'No Permission', res: () => upload(app, buyer, xml) },
    {
      name: 'a cross-site request',
      status: 403,
      message: 'No Permission',
      res: () => upload(app, operator, xml, { origin: 'https://evil.example' }),
    },
    {
      name: 'a form post (what a cross-site form can send)',
      status: 415,
      message: 'Please upload the bank statement as camt.053 XML or as the CSV export of online banking',
      res: () => upload(app, operator, xml, { 'content-type': 'text/plain' }),
    },
    {
      name: 'no file name header',
      status: 415,
      message: 'Please upload the bank statement as camt.053 XML or as the CSV export of online banking',
      res: () => app.inject({ method: 'PUT', url: BANK_STATEMENT_UPLOAD_PATH, payload: xml, headers: { 'content-type': 'application/xml', cookie: operator } }),
    },
    {
      name: 'a PDF',
      status: 415,
      message: 'Please upload the bank statement as camt.053 XML or as the CSV export of online banking',
      res: () => upload(app, operator, '%PDF-1.7', { 'content-type': 'application/pdf', 'x-file-name': 'statement.pdf' }),
    },
    {
      name: 'a plain file not named .xml or .csv',
      status: 415,
      message: 'Please upload the bank statement as camt.053 XML or as the CSV export of online banking',
      res: () => upload(app, operator, xml, { 'content-type': 'application/octet-stream', 'x-file-name': 'statement.pdf' }),
    },
    {
      name: 'a file over the limit',
      status: 413,
      message: 'The file is too large',
      res: () => upload(app, operator, Buffer.alloc(STATEMENT_MAX_BYTES + 1, 'a')),
    },
    { name: 'an empty file', status: 400, message: 'The file is empty', res: () => upload(app, operator, Buffer.alloc(0)) },
    {
      name: 'XML that is not well-formed',
      status: 400,
      message: 'The bank statement cannot be read: please upload the camt.053 XML or CSV file exactly as the bank provides it',
      res: () => upload(app, operator, xml.subarray(0, 2000)),
    },
    {
      name: 'XML that is no camt.053 statement',
      status: 400,
      message: 'The bank statement cannot be read: please upload the camt.053 XML or CSV file exactly as the bank provides it',
      res: () => upload(app, operator, '<?xml version="1.0"?><Invoice><Id>1</Id></Invoice>'),
    },
    {
      name: 'a CSV without the bank columns',
      status: 400,
      message: 'The bank statement cannot be read: please upload the camt.053 XML or CSV file exactly as the bank provides it',
      res: () => upload(app, operator, 'name,price\nbook,75\n', { 'content-type': 'text/csv', 'x-file-name': 'export.csv' }),
    },
    {
      name: 'a statement without credits',
      status: 400,
      message: 'The bank statement holds no incoming transfers: nothing was changed',
      res: () =>
        upload(app, operator, '"Buchungstag";"Verwendungszweck";"Betrag";"Waehrung"\n"25.11.2026";"Kontofuehrung";"-12,50";"EUR"\n', {
          'content-type': 'text/csv',
          'x-file-name': 'export.csv',
        }),
    },
  ];
  for (const r of refusals) {
    const res = await r.res();
    t.equal(res.statusCode, r.status, `${r.name}: HTTP ${r.status}`);
    t.same(res.json(), { code: r.status, message: r.message, data: null }, `${r.name}: the product's wording`);
  }
  const zh = await upload(app, operator, Buffer.alloc(0), { locale: 'zh' });
  t.same(zh.json(), { code: 400, message: '文件为空', data: null }, 'in Chinese for a Chinese console');
  t.same(await snapshot(db), before, 'nothing was written');
});
