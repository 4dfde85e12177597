// Operators issue the invoices buyers asked for, on the real gateway (inject) and database: every
// refusal in the product's wording changes nothing; an issue moves the invoice status once, with its
// trail, audit rows and mail job; the buyer (and no other) downloads the file; the console filters
// by invoice status.
import { strToU8, zipSync } from 'fflate';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { INVOICE_FILE_MAX_BYTES } from '@shop/db';
import { invoiceContentType } from '@shop/core/internal';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { buildTestApp } from '../helpers/app.js';
import { checkoutInput } from '../helpers/orders.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const OFD = Buffer.from(
  zipSync({ 'OFD.xml': strToU8('<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>'), 'Doc_0/Document.xml': strToU8('<ofd:Document/>') }),
);
const ZIP_NOT_OFD = Buffer.from(zipSync({ 'word/document.xml': strToU8('<w:document/>') }));

const ADMIN_ORDER = `orderNo status invoiceRequired invoiceStatus canIssueInvoice issuedInvoice { delivery issuedAt fileName contentType byteSize downloadUrl courier trackingNo }`;
const SHIP = `mutation($o: ID!, $c: String!, $n: String!) { recordInvoiceShipment(orderNo: $o, courier: $c, trackingNo: $n) { changed order { ${ADMIN_ORDER} } } }`;
const COMPLETE = `mutation($o: ID!) { markBankTransferCompleted(orderNo: $o, reference: "REF-1") { changed } }`;
const CHECKOUT = `mutation($i: CheckoutInput!) { checkout(input: $i) { order { orderNo } } }`;
const MY_ORDER = `query($o: ID!) { order(orderNo: $o) { orderNo invoiceStatus issuedInvoice { delivery fileName byteSize downloadUrl courier trackingNo } } }`;

interface Who {
  id: number;
  token: string;
}

async function user(app: FastifyInstance, role: 'buyer' | 'operator', tag: string): Promise<Who> {
  const email = `inv-${tag}-${process.pid}-${Date.now()}@example.com`;
  const u = await app.db
    .insertInto('users')
    .values({ first_name: 'Inv', last_name: tag, password_hash: 'x', email, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: u.id, token: (await createSession(app.deps, u.id)).token };
}

function client(app: FastifyInstance) {
  const gql = async (who: Who | null, query: string, variables: Record<string, unknown> = {}, locale = 'en') => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', locale, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
      payload: JSON.stringify({ query, variables }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the answer freely
    return res.json() as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  };
  const upload = async (
    who: Who | null,
    orderNo: string,
    body: Buffer,
    opts: { type?: string; name?: string; locale?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${encodeURIComponent(orderNo)}/invoice`,
      headers: {
        'content-type': opts.type ?? 'application/pdf',
        'x-file-name': encodeURIComponent(opts.name ?? 'fapiao.pdf'),
        locale: opts.locale ?? 'en',
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        ...opts.headers,
      },
      payload: body,
    });
    const answer = res.headers['content-type']?.toString().startsWith('application/json') ? (res.json() as { code: number; message: string }) : null;
    return { status: res.statusCode, code: answer?.code, message: answer?.message };
  };
  const download = (who: Who | null, orderNo: string) =>
    app.inject({ url: `/api/orders/${encodeURIComponent(orderNo)}/invoice`, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  return { gql, upload, download };
}

/** Everything an issue writes, for one order: a refusal must leave it exactly as it was. */
async function footprint(app: FastifyInstance, orderNo: string) {
  const o = await app.db
    .selectFrom('orders')
    .select(['id', 'invoice_status', 'invoice_issued_at', 'updated_at'])
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  const count = async (q: Promise<{ n: string | number | bigint }>) => Number((await q).n);
  return {
    status: o.invoice_status,
    issuedAt: o.invoice_issued_at,
    updatedAt: o.updated_at.toISOString(),
    documents: await count(
      app.db
        .selectFrom('invoice_documents')
        .select((e) => e.fn.countAll().as('n'))
        .where('order_id', '=', o.id)
        .executeTakeFirstOrThrow(),
    ),
    orderEvents: await count(
      app.db
        .selectFrom('order_events')
        .select((e) => e.fn.countAll().as('n'))
        .where('order_id', '=', o.id)
        .where('type', '=', 'invoice_issued')
        .executeTakeFirstOrThrow(),
    ),
    auditRows: await count(
      app.db
        .selectFrom('audit_events')
        .select((e) => e.fn.countAll().as('n'))
        .where('subject_type', '=', 'invoice')
        .where('subject_id', '=', orderNo)
        .executeTakeFirstOrThrow(),
    ),
    mails: await count(
      app.db
        .selectFrom('outbox')
        .select((e) => e.fn.countAll().as('n'))
        .where('job_id', '=', `invoice-${orderNo}`)
        .executeTakeFirstOrThrow(),
    ),
  };
}

t.test('the invoice file is recognised by its first bytes, never by its name', async (t) => {
  t.equal(invoiceContentType(PDF), 'application/pdf');
  t.equal(invoiceContentType(OFD), 'application/ofd', 'a ZIP holding OFD.xml is an OFD');
  t.equal(invoiceContentType(ZIP_NOT_OFD), null, 'another ZIP (a Word file) is not');
  t.equal(invoiceContentType(Buffer.from('PK\u0003\u0004 not really a zip')), null, 'a broken ZIP is not');
  t.equal(invoiceContentType(Buffer.from('<html>%PDF-1.7')), null, 'the magic must come first');
  t.equal(invoiceContentType(new Uint8Array()), null);
});

t.test('operators issue invoices; every refusal changes nothing; the buyer alone downloads the file', async (t) => {
  const { app } = await buildTestApp(t);
  const { gql, upload, download } = client(app);
  const [a, b, op] = [await user(app, 'buyer', 'a'), await user(app, 'buyer', 'b'), await user(app, 'operator', 'op')];

  const buy = async (who: Who, bookId: string, invoice: Record<string, unknown> | null) => {
    const r = await gql(who, CHECKOUT, { i: checkoutInput({ bookId, ...(invoice ? { invoice } : {}) }) });
    t.notOk(r.errors, `checkout of book ${bookId}`);
    return r.data.checkout.order.orderNo as string;
  };
  const pay = async (orderNo: string) => t.notOk((await gql(op, COMPLETE, { o: orderNo })).errors, `${orderNo} paid`);
  const electronic = await buy(a, '1', {
    invoiceType: 'VAT_SPECIAL',
    invoicePayable: 'ACME Co., Ltd.',
    pickupMethod: 'ELECTRONIC',
    contactMail: 'f@example.com',
  });
  const express = await buy(a, '2', { invoiceType: 'VAT_GENERAL', invoicePayable: 'Li Lei', pickupMethod: 'EXPRESS', recipientName: 'Li Lei' });
  const none = await buy(a, '3', null);
  const unpaid = await buy(b, '1', { invoiceType: 'VAT_GENERAL', pickupMethod: 'ELECTRONIC' });
  for (const o of [electronic, express, none]) await pay(o);

  // The console's filter, before anything is issued.
  const listed = async (invoiceStatus?: string) =>
    (
      (
        await gql(op, `query($f: AdminOrderFilter) { adminOrders(filter: $f, pageSize: 100) { total items { orderNo invoiceStatus } } }`, {
          f: invoiceStatus ? { invoiceStatus } : {},
        })
      ).data.adminOrders.items as { orderNo: string; invoiceStatus: string }[]
    )
      .map((o) => `${o.orderNo}:${o.invoiceStatus}`)
      .sort();
  t.same(await listed('REQUIRED'), [`${electronic}:REQUIRED`, `${express}:REQUIRED`, `${unpaid}:REQUIRED`].sort(), 'REQUIRED: asked, not issued');
  t.same(await listed('NONE'), [`${none}:NONE`], 'NONE: not asked');
  t.same(await listed('ISSUED'), [], 'ISSUED: none yet');

  // Refusals, each in both languages where the order is at fault, and nothing written by any.
  const before = {
    electronic: await footprint(app, electronic),
    express: await footprint(app, express),
    none: await footprint(app, none),
    unpaid: await footprint(app, unpaid),
  };
  const refusedUploads: [string, Parameters<typeof upload>, number, string][] = [
    ['no invoice asked for', [op, none, PDF], 409, 'This order did not ask for an invoice'],
    ['no invoice asked for (zh)', [op, none, PDF, { locale: 'zh' }], 409, '该订单未申请开具发票'],
    ['not paid', [op, unpaid, PDF], 409, 'The order has not been paid yet, its invoice cannot be issued'],
    ['not paid (zh)', [op, unpaid, PDF, { locale: 'zh' }], 409, '订单尚未支付，不能开具发票'],
    [
      'a courier invoice given a file',
      [op, express, PDF],
      409,
      'The buyer asked for a paper invoice by courier: please enter the courier and the tracking number',
    ],
    ['not a PDF, whatever its name and type', [op, electronic, Buffer.from('hello, not a pdf')], 415, 'The invoice must be a PDF or OFD file'],
    ['not a PDF (zh)', [op, electronic, Buffer.from('hello'), { locale: 'zh' }], 415, '发票文件必须是PDF或OFD格式'],
    ['a ZIP that is no OFD', [op, electronic, ZIP_NOT_OFD, { type: 'application/ofd', name: 'x.ofd' }], 415, 'The invoice must be a PDF or OFD file'],
    ['a media type not taken', [op, electronic, PDF, { type: 'image/png', name: 'x.png' }], 415, 'The invoice must be a PDF or OFD file'],
    ['a form type', [op, electronic, PDF, { type: 'text/plain' }], 415, 'The invoice must be a PDF or OFD file'],
    ['empty', [op, electronic, Buffer.alloc(0)], 400, 'The file is empty'],
    ['over 10 MiB', [op, electronic, Buffer.concat([PDF, Buffer.alloc(INVOICE_FILE_MAX_BYTES)])], 413, 'The file is too large'],
    ['an unknown order', [op, 'NOSUCHORDER123', PDF], 404, 'The order does not exist'],
    ['a guest', [null, electronic, PDF], 401, 'Please log in first'],
    ['a buyer', [a, electronic, PDF], 403, 'No Permission'],
    ['a cross-site request', [op, electronic, PDF, { headers: { origin: 'https://evil.example' } }], 403, ''],
  ];
  for (const [what, args, status, message] of refusedUploads) {
    const r = await upload(...args);
    t.equal(r.status, status, `${what}: HTTP ${status}`);
    if (message) t.equal(r.message, message, `${what}: "${message}"`);
  }
  const ship = (o: string, c: string, n: string, locale = 'en') => gql(op, SHIP, { o, c, n }, locale);
  // One after the other: each waits for the order's row lock, as two operators clicking would.
  const refusedShipments: [string, () => ReturnType<typeof ship>, string, string][] = [
    [
      'an electronic invoice given a courier',
      () => ship(electronic, 'SF Express', 'SF1'),
      'WRONG_ORDER_STATE',
      'The buyer asked for an electronic invoice: please upload its PDF or OFD file',
    ],
    ['no invoice asked for', () => ship(none, 'SF Express', 'SF1'), 'WRONG_ORDER_STATE', 'This order did not ask for an invoice'],
    ['an empty courier', () => ship(express, '  ', 'SF1'), 'BAD_USER_INPUT', 'Please enter the courier'],
    ['an empty courier (zh)', () => ship(express, '', 'SF1', 'zh'), 'BAD_USER_INPUT', '请输入快递公司'],
    ['an empty tracking number', () => ship(express, 'SF Express', ' '), 'BAD_USER_INPUT', 'Please enter the tracking number'],
    ['an empty tracking number (zh)', () => ship(express, 'SF Express', '', 'zh'), 'BAD_USER_INPUT', '请输入快递单号'],
    ['a courier over 64 characters', () => ship(express, 'x'.repeat(65), 'SF1'), 'BAD_USER_INPUT', 'Length cannot exceed 64'],
  ];
  for (const [what, answer, code, message] of refusedShipments) t.match((await answer()).errors?.[0], { message, extensions: { code } }, what);
  t.match((await gql(a, SHIP, { o: express, c: 'SF Express', n: 'SF1' })).errors?.[0], { extensions: { code: 'FORBIDDEN' } }, 'a buyer cannot record one');
  t.same(
    {
      electronic: await footprint(app, electronic),
      express: await footprint(app, express),
      none: await footprint(app, none),
      unpaid: await footprint(app, unpaid),
    },
    before,
    'no refusal wrote anything',
  );

  // The electronic invoice: issued once.
  const ok = await upload(op, electronic, PDF);
  t.match(ok, { status: 200, code: 200, message: 'success' }, 'the PDF is taken');
  const again = await upload(op, electronic, PDF);
  t.match(again, { status: 409, message: 'The invoice of this order has already been issued' }, 'a second upload is refused');
  const issued = await footprint(app, electronic);
  t.match(issued, { status: 'issued', documents: 1, orderEvents: 1, auditRows: 1, mails: 1 }, 'status, document, trail, audit row, mail job: once each');
  const admin = (await gql(op, `query($o: ID!) { adminOrder(orderNo: $o) { ${ADMIN_ORDER} } }`, { o: electronic })).data.adminOrder;
  t.match(admin, {
    invoiceStatus: 'ISSUED',
    canIssueInvoice: false,
    issuedInvoice: {
      delivery: 'ELECTRONIC',
      fileName: `invoice-${electronic}.pdf`,
      contentType: 'application/pdf',
      byteSize: PDF.length,
      downloadUrl: `/api/orders/${electronic}/invoice`,
      courier: null,
    },
  });
  const trail = (await gql(op, `query($o: ID!) { orderEvents(orderNo: $o) { type actorType actorId before after data } }`, { o: electronic })).data
    .orderEvents as { type: string; actorType: string; actorId: string; before: string; after: string; data: string }[];
  const event = trail.find((e) => e.type === 'invoice_issued')!;
  t.match(event, { actorType: 'OPERATOR', actorId: String(op.id) }, "the order's trail names the operator");
  t.same([JSON.parse(event.before), JSON.parse(event.after)], [{ invoiceStatus: 'required' }, { invoiceStatus: 'issued' }]);
  t.match(JSON.parse(event.data), { delivery: 'electronic', byteSize: PDF.length, sha256: /^[0-9a-f]{64}$/ });

  // The buyer downloads it, byte for byte; another buyer, a guest and a wrong order learn nothing.
  const mine = await download(a, electronic);
  t.equal(mine.statusCode, 200);
  t.equal(mine.headers['content-type'], 'application/pdf');
  t.match(mine.headers['content-disposition'], /attachment; filename="invoice.pdf"; filename\*=UTF-8''invoice-/);
  t.ok(mine.rawPayload.equals(PDF), 'the bytes uploaded');
  const theirs = await download(b, electronic);
  const unknown = await download(b, 'NOSUCHORDER123');
  t.equal(theirs.statusCode, 404, "another buyer's invoice is not found");
  t.same(theirs.json(), unknown.json(), 'the same answer as an order that does not exist');
  t.same(theirs.json(), { code: 404, message: 'Download failed, please contact customer service!', data: null });
  t.equal((await download(null, electronic)).statusCode, 401, 'a guest is asked to log in');
  t.equal((await download(a, express)).statusCode, 404, 'a paper invoice has no file');
  t.equal((await download(a, none)).statusCode, 404, 'no invoice, no file');
  t.equal((await download(op, electronic)).statusCode, 200, 'an operator may check the file');
  const audit = await app.db
    .selectFrom('audit_events')
    .select(['type', 'actor_type', 'actor_id', 'data'])
    .where('subject_type', '=', 'invoice')
    .where('subject_id', '=', electronic)
    .orderBy('id')
    .execute();
  t.match(
    audit.map((r) => [r.type, r.actor_type, r.actor_id]),
    [
      ['invoice_stored', 'operator', String(op.id)],
      ['invoice_downloaded', 'buyer', String(a.id)],
      ['invoice_downloaded', 'operator', String(op.id)],
    ],
    'stored once, each successful download audited, the refused ones not',
  );

  // My Orders shows it to its buyer only.
  t.match((await gql(a, MY_ORDER, { o: electronic })).data.order, {
    invoiceStatus: 'ISSUED',
    issuedInvoice: { delivery: 'ELECTRONIC', downloadUrl: `/api/orders/${electronic}/invoice`, courier: null },
  });
  t.equal((await gql(b, MY_ORDER, { o: electronic })).data.order, null, "another buyer's order is not found");

  // The paper invoice by courier.
  const shipped = await ship(express, ' SF Express ', ' SF1234567890 ');
  t.notOk(shipped.errors);
  t.match(shipped.data.recordInvoiceShipment, {
    changed: true,
    order: { invoiceStatus: 'ISSUED', issuedInvoice: { delivery: 'EXPRESS', courier: 'SF Express', trackingNo: 'SF1234567890', downloadUrl: null } },
  });
  t.match((await ship(express, 'SF Express', 'SF2')).errors?.[0], { message: 'The invoice of this order has already been issued' }, 'once');
  t.match(await footprint(app, express), { status: 'issued', documents: 1, orderEvents: 1, auditRows: 0, mails: 1 }, 'no file, so no file audit row');
  t.match((await gql(a, MY_ORDER, { o: express })).data.order.issuedInvoice, { delivery: 'EXPRESS', courier: 'SF Express', trackingNo: 'SF1234567890' });

  // An OFD file is an electronic invoice too.
  const ofdOrder = await buy(b, '2', { invoiceType: 'VAT_GENERAL', pickupMethod: 'ELECTRONIC' });
  await pay(ofdOrder);
  t.match(
    await upload(op, ofdOrder, OFD, { type: 'application/octet-stream', name: '发票.ofd' }),
    { status: 200 },
    'an OFD, sent as octet-stream with its extension',
  );
  const ofd = await download(b, ofdOrder);
  t.equal(ofd.headers['content-type'], 'application/ofd');
  t.ok(ofd.rawPayload.equals(OFD));

  // The filter after the issues.
  t.same(await listed('ISSUED'), [`${electronic}:ISSUED`, `${express}:ISSUED`, `${ofdOrder}:ISSUED`].sort());
  t.same(await listed('REQUIRED'), [`${unpaid}:REQUIRED`]);
});
