import t from 'tap';
import { waitForMails } from '../helpers/mail.js';
import { startInProcess } from '../helpers/stack.js';
import { MARK_COMPLETED, RECORD_PAPER, buyer, buyerWithoutMail, env, eventCounts, gqlOk, operator, paperInput, settledDown, waitPaid } from './helpers.js';
import { rowCount } from '../helpers/db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the order's fields are matched by t.match
type Recorded = { recordPaperOrder: { changed: boolean; order: Record<string, any> } };

t.test('customer service records paper orders at the catalogue price, paid or to be paid', async (t) => {
  // The workers send the receipts (and the registration code) read below.
  const stack = await startInProcess(t, env);
  const b = await buyer(stack);
  const op = await operator(stack);

  // Unpaid: a bank-transfer order with its reference, waiting for the money.
  const unpaid = (await gqlOk<Recorded>(op.client, RECORD_PAPER, { i: paperInput(b.email.toUpperCase(), { quantity: 2, remarks: ' phoned on Monday ' }) }))
    .recordPaperOrder;
  t.equal(unpaid.changed, true);
  t.match(unpaid.order, {
    status: 'PENDING_PAYMENT',
    format: 'PAPER',
    payType: 3,
    provider: 'BANK_TRANSFER',
    paymentMethod: 'BANK_TRANSFER',
    quantity: 2,
    unitPriceCents: 25000,
    amountCents: 50000,
    amount: '500.00',
    currency: 'EUR',
    buyerEmail: b.email,
    buyerId: String(b.userId),
    bookId: '2',
    language: 'en',
    country: 'Germany',
    remarks: 'phoned on Monday',
    paidAt: null,
    canCompleteBankTransfer: true,
    canMarkShipped: false,
    purchaseInfo: { streetNumber: 'Hauptstr. 1', zip: '10115', town: 'Berlin', country: 'Germany' },
  });
  t.equal(unpaid.order.bankReference, unpaid.order.orderNo, 'the buyer quotes the order number on the transfer');
  const expires = await stack.db.selectFrom('orders').select('expires_at').where('order_no', '=', unpaid.order.orderNo).executeTakeFirstOrThrow();
  t.ok(expires.expires_at.getTime() > Date.now() + 29 * 86_400_000, 'it waits 30 days for the transfer, not the web checkout minutes');
  const seen = await b.client.gql<{ orders: { total: number; items: { orderNo: string; status: string; format: string }[] } }>(
    '{ orders { total items { orderNo status format } } }',
  );
  t.same(seen.data?.orders.items, [{ orderNo: unpaid.order.orderNo, status: 'PENDING_PAYMENT', format: 'PAPER' }], 'the buyer sees it among their orders');

  // A second open order for the same book is refused; the first is completed like any transfer.
  const dup = await op.client.gql(RECORD_PAPER, { i: paperInput(b.email) });
  t.match(dup.errors?.[0], { message: 'This buyer already has an unpaid paper order for this book', extensions: { code: 'WRONG_ORDER_STATE' } });
  await gqlOk(op.client, MARK_COMPLETED, { o: unpaid.order.orderNo, r: 'SWIFT-1' });
  await waitPaid(stack, unpaid.order.orderNo);

  // Paid at once: settled through the ledger by the operator, receipt mailed.
  const paid = (
    await gqlOk<Recorded>(op.client, RECORD_PAPER, { i: paperInput(b.email, { bookId: '3', language: 'zh', markPaid: true, paymentReference: 'CASH-7' }) })
  ).recordPaperOrder;
  t.match(paid.order, { status: 'PAID', amountCents: 5000, language: 'zh', providerRef: 'CASH-7', canMarkShipped: true, canCompleteBankTransfer: false });
  t.ok(paid.order.paidAt);
  t.same(await eventCounts(stack, paid.order.orderNo), { created: 1, paid: 1 });
  const mails = await waitForMails(b.email, 3);
  // Receipts speak the order's language: the paid-at-once order was recorded in zh.
  const receipts = mails.map((m) => m.subject).filter((s) => /^Order \S+ paid$|^订单 \S+ 支付成功$/.test(s));
  t.same(receipts.sort(), [`订单 ${paid.order.orderNo} 支付成功`, `Order ${unpaid.order.orderNo} paid`].sort(), 'one receipt per paid order, in its language');
});

t.test('an Idempotency-Key makes a repeated recording safe', async (t) => {
  // The workers drain the mail queue before the orders are counted.
  const stack = await startInProcess(t, env);
  const b = await buyer(stack);
  const op = await operator(stack);
  const input = paperInput(b.email, { bookId: '1', markPaid: true });
  op.client.headers['idempotency-key'] = 'call-2026-11-22-001';
  const first = (await gqlOk<Recorded>(op.client, RECORD_PAPER, { i: input })).recordPaperOrder;
  const second = (await gqlOk<Recorded>(op.client, RECORD_PAPER, { i: input })).recordPaperOrder;
  t.equal(second.order.orderNo, first.order.orderNo, 'the same order comes back');
  const other = await op.client.gql(RECORD_PAPER, { i: { ...input, quantity: 3 } });
  t.equal(other.errors?.[0]?.extensions?.code, 'IDEMPOTENCY_KEY_REUSED', 'the key with another request is refused');
  delete op.client.headers['idempotency-key'];
  await settledDown(stack, ['mail']);
  const count = await stack.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', b.userId)
    .executeTakeFirstOrThrow();
  t.equal(count.n, '1', 'one order recorded');
});

t.test('bad recordings are refused with the reason', async (t) => {
  const stack = await startInProcess(t, env, { workers: false });
  const b = await buyerWithoutMail(stack);
  const op = await operator(stack);
  const refusal = async (overrides: Record<string, unknown>, email = b.email) => {
    const r = await op.client.gql(RECORD_PAPER, { i: paperInput(email, overrides) });
    return { message: r.errors?.[0]?.message, code: r.errors?.[0]?.extensions?.code, field: r.errors?.[0]?.extensions?.field };
  };
  t.same(await refusal({}, 'nobody@example.com'), { message: 'No buyer account uses this email', code: 'NOT_FOUND', field: 'buyerEmail' });
  t.same(await refusal({}, 'not-an-email'), { message: 'Please input the correct email address', code: 'BAD_USER_INPUT', field: 'buyerEmail' });
  t.same(await refusal({ bookId: '99' }), { message: 'The book does not exist', code: 'NOT_FOUND', field: 'bookId' });
  t.same(await refusal({ quantity: 0 }), { message: 'Quantity must be between 1 and 99', code: 'BAD_USER_INPUT', field: 'quantity' });
  t.same(await refusal({ quantity: 100 }), { message: 'Quantity must be between 1 and 99', code: 'BAD_USER_INPUT', field: 'quantity' });
  t.same(await refusal({ country: ' ' }), { message: 'please select country', code: 'BAD_USER_INPUT', field: 'country' });
  t.same(await refusal({ purchaseInfo: { streetNumber: 'Hauptstr. 1', zip: ' ', town: 'Berlin', country: 'Germany' } }), {
    message: 'Please Enter ',
    code: 'BAD_USER_INPUT',
    field: 'zip',
  });
  t.same(await refusal({ markPaid: true, paymentReference: 'x'.repeat(65) }), {
    message: 'Length cannot exceed 64',
    code: 'BAD_USER_INPUT',
    field: 'paymentReference',
  });
  t.equal(await rowCount(stack.db, 'orders'), 0, 'nothing recorded');
});
