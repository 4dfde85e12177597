import t from 'tap';
import { buy } from '../helpers/orders.js';
import { startInProcess } from '../helpers/stack.js';
import { MARK_COMPLETED, env, gqlOk } from '../admin/helpers.js';
import { buyer, operator, waitPaid } from '../admin/helpers.js';
import { mailsTo } from '../helpers/mail.js';
import { eventually } from '../helpers/tmp.js';

const INVOICE_FIELDS = `invoiceType invoicePayable services taxpayerInden registeredOffice financePhone accountOpeningBank bankAccount pickupMethod
  recipientName contactPhone contactArea contactMail province city area detailedAddress`;
const ORDER = `query($o: ID!) { order(orderNo: $o) { orderNo invoiceRequired invoice { ${INVOICE_FIELDS} } } }`;
const ORDERS = `{ orders { items { orderNo invoiceRequired invoice { invoicePayable } } } }`;
const ADMIN = `query($o: ID!) { adminOrder(orderNo: $o) { orderNo invoiceRequired invoice { ${INVOICE_FIELDS} } } }`;

const invoice = {
  invoiceType: 'VAT_SPECIAL',
  invoicePayable: 'ACME Automotive Co., Ltd.',
  services: 'Publications',
  taxpayerInden: '91310000MA1K000000',
  registeredOffice: 'Shanghai, Pudong, Road 1',
  financePhone: '021-12345678',
  accountOpeningBank: 'Bank of Example, Shanghai Branch',
  bankAccount: '6222 0000 0000 0000',
  pickupMethod: 'EXPRESS',
  recipientName: 'Li Lei',
  contactPhone: '13800000000',
  contactArea: '+86',
  contactMail: 'finance@example.com',
  province: 'Shanghai',
  city: 'Shanghai',
  area: 'Pudong',
  detailedAddress: 'Road 1, Building 2',
};

// Spec section 3: the invoice fields travel only with the switch on, and the order labels show
// the invoice status (required / not required) and the invoice info.
t.test('the invoice given at checkout is stored and shown to its buyer and to operators only', async (t) => {
  const stack = await startInProcess(t, env);
  const a = await buyer(stack, 'inv-a');
  const b = await buyer(stack, 'inv-b');
  const op = await operator(stack);

  const withInvoice = await buy(a.client, { bookId: '1', invoice });
  t.notOk(withInvoice.errors, 'checkout with an invoice');
  const orderNo = withInvoice.data!.checkout.order.orderNo;
  const own = await gqlOk<{ order: { invoiceRequired: boolean; invoice: Record<string, string> } }>(a.client, ORDER, { o: orderNo });
  t.equal(own.order.invoiceRequired, true, 'invoice required');
  t.same(own.order.invoice, invoice, 'every field comes back as sent');

  const without = await buy(a.client, { bookId: '2' });
  const plain = await gqlOk<{ order: { invoiceRequired: boolean; invoice: unknown } }>(a.client, ORDER, { o: without.data!.checkout.order.orderNo });
  t.same(plain.order, { orderNo: without.data!.checkout.order.orderNo, invoiceRequired: false, invoice: null }, 'no switch, no invoice');

  const list = await gqlOk<{ orders: { items: { orderNo: string; invoiceRequired: boolean; invoice: { invoicePayable: string } | null }[] } }>(
    a.client,
    ORDERS,
  );
  t.same(
    list.orders.items.map((o) => [o.orderNo, o.invoiceRequired, o.invoice?.invoicePayable ?? null]).sort(),
    [
      [orderNo, true, invoice.invoicePayable],
      [without.data!.checkout.order.orderNo, false, null],
    ].sort(),
    'the orders list carries it per order',
  );

  // Another buyer never sees it; an operator does.
  t.same((await gqlOk(b.client, ORDER, { o: orderNo })).order, null, "another buyer's order is not found");
  const admin = await gqlOk<{ adminOrder: { invoiceRequired: boolean; invoice: Record<string, string> } }>(op.client, ADMIN, { o: orderNo });
  t.same(admin.adminOrder.invoice, invoice, 'the operator console sees the invoice');
  t.equal((await b.client.gql(ADMIN, { o: orderNo })).errors?.[0]?.extensions?.code, 'FORBIDDEN', 'a buyer cannot use the console query');

  // The open order is reused by the next checkout of the same book, its open attempt too (the
  // same method): with the switch off now, the order no longer asks for an invoice and the old
  // details are not shown.
  const again = await buy(a.client, { bookId: '1' });
  t.equal(again.data!.checkout.order.orderNo, orderNo, 'same open order');
  t.same(
    (await gqlOk(a.client, ORDER, { o: orderNo })).order,
    { orderNo, invoiceRequired: false, invoice: null },
    'switched off: not required, no invoice info',
  );
  const back = await buy(a.client, {
    bookId: '1',
    invoice: { invoiceType: 'VAT_GENERAL', invoicePayable: 'Li Lei', pickupMethod: 'ELECTRONIC', contactMail: 'li@example.com' },
  });
  t.equal(back.data!.checkout.order.orderNo, orderNo);
  t.match(
    (await gqlOk(a.client, ORDER, { o: orderNo })).order,
    {
      invoiceRequired: true,
      invoice: { invoiceType: 'VAT_GENERAL', invoicePayable: 'Li Lei', pickupMethod: 'ELECTRONIC', contactMail: 'li@example.com', bankAccount: null },
    },
    'switched on again: the new details replace the old',
  );
  // An order first bought without an invoice gets the one asked for at the next checkout.
  const later = await buy(a.client, { bookId: '2', invoice: { invoiceType: 'VAT_GENERAL', invoicePayable: 'Later Ltd', pickupMethod: 'ELECTRONIC' } });
  t.equal(later.data!.checkout.order.orderNo, without.data!.checkout.order.orderNo, 'the order without an invoice, reused');
  t.match(
    (await gqlOk(a.client, ORDER, { o: without.data!.checkout.order.orderNo })).order,
    { invoiceRequired: true, invoice: { invoiceType: 'VAT_GENERAL', invoicePayable: 'Later Ltd', pickupMethod: 'ELECTRONIC' } },
    'switched on at a reuse: the invoice is stored with it',
  );

  // The legacy face: invoiceFlag 1 sends the invoice object, 0 drops it.
  const legacy = await a.client.form<{ orderNo: string }>('/api/login/registratorComplex', {
    bookId: '3',
    bookType: '0',
    payType: '3',
    currency: 'EUR',
    bookFormat: '0',
    invoiceFlag: '1',
    purchaseInfo: JSON.stringify({ country: 'Germany', streetNumber: 'Hauptstr. 1', zip: '10115', town: 'Berlin' }),
    invoice: JSON.stringify({ invoiceType: 'VAT_GENERAL', invoicePayable: 'Legacy GmbH', pickupMethod: 'ELECTRONIC', contactMail: 'legacy@example.com' }),
  });
  t.equal(legacy.code, 200, `legacy checkout with invoiceFlag 1 (${legacy.message})`);
  t.match((await gqlOk(a.client, ORDER, { o: legacy.data.orderNo })).order, {
    invoiceRequired: true,
    invoice: { invoicePayable: 'Legacy GmbH', contactMail: 'legacy@example.com' },
  });

  // Bounds: 255 characters each.
  const long = await buy(b.client, { bookId: '1', invoice: { invoiceType: 'VAT_GENERAL', bankAccount: 'x'.repeat(256) } });
  t.match(long.errors?.[0], { message: 'Length cannot exceed 255', extensions: { field: 'bankAccount' } });
  t.ok(await buy(b.client, { bookId: '1', invoice: { invoiceType: 'VAT_GENERAL', bankAccount: 'x'.repeat(255) } }).then((r) => !r.errors), '255 is accepted');

  // A paper invoice by courier, for a buyer who bought in Chinese: paid, the operator records the
  // courier and the tracking number, the buyer is mailed both (through the workers, real SMTP) and
  // sees them in My Orders.
  const c = await buyer(stack, 'inv-c');
  c.client.headers.locale = 'zh';
  const paper = (await buy(c.client, { bookId: '2', language: 'zh', invoice })).data!.checkout.order.orderNo;
  await gqlOk(op.client, MARK_COMPLETED, { o: paper, r: 'REF-INV' });
  await waitPaid(stack, paper);
  const shipped = await gqlOk<{ recordInvoiceShipment: { changed: boolean; order: { invoiceStatus: string } } }>(
    op.client,
    `mutation($o: ID!) { recordInvoiceShipment(orderNo: $o, courier: "顺丰速运", trackingNo: "SF1234567890") { changed order { invoiceStatus } } }`,
    { o: paper },
  );
  t.same(shipped.recordInvoiceShipment, { changed: true, order: { invoiceStatus: 'ISSUED' } });
  const mail = await eventually(
    'the invoice mail',
    async () => (await mailsTo(c.email)).find((m) => m.subject === `订单 ${paper} 的发票已开具`) ?? false,
    30_000,
  );
  t.match(mail.text, /纸质发票已开具，并已通过快递寄出/, 'in Chinese, the paper invoice is on its way');
  t.match(mail.text, /快递公司：顺丰速运/);
  t.match(mail.text, /快递单号：SF1234567890/);
  t.match(mail.text, /发票抬头：ACME Automotive Co\., Ltd\./);
  t.same((mail as unknown as { attachments?: unknown[] }).attachments ?? [], [], 'no file attached to a paper invoice');
  const mine = await gqlOk(c.client, `query($o: ID!) { order(orderNo: $o) { invoiceStatus issuedInvoice { delivery courier trackingNo downloadUrl } } }`, {
    o: paper,
  });
  t.same(mine.order, { invoiceStatus: 'ISSUED', issuedInvoice: { delivery: 'EXPRESS', courier: '顺丰速运', trackingNo: 'SF1234567890', downloadUrl: null } });
  t.equal((await c.client.get(`/api/orders/${paper}/invoice`)).status, 404, 'a paper invoice has no file to download');
});
