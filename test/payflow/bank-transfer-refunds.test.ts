// Bank transfer a buyer can pay, and its refund: the notice and the checkout mail carry the account
// from the payments configuration; an operator completes the payment, then refunds it with the
// reference of the transfer back (five clicks at once make one refund); the e-book is then refused
// and the buyer may buy it again.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { buyer, gqlOk, MARK_COMPLETED, operator, waitPaid } from '../admin/helpers.js';
import { checkoutInput } from '../helpers/orders.js';
import { mailsTo } from '../helpers/mail.js';
import { startInProcess } from '../helpers/stack.js';
import { eventually, tempDir } from '../helpers/tmp.js';

const bankTransfer = {
  payee: 'Quality Standard Publications GmbH',
  payeeAddress: 'Musterweg 2, 10115 Berlin, Germany',
  bank: 'Test Bank Berlin',
  bankAddress: 'Bankplatz 1, 60311 Frankfurt am Main, Germany',
  iban: 'DE97999999990000012345',
  bic: 'SBOXDEB1',
  charges: 'SHA' as const,
};

const CHECKOUT = `mutation($i: CheckoutInput!) { checkout(input: $i) { order { orderNo amount currency expiresAt } paymentIntent { nextAction { type reference bankAccount { payee payeeAddress bank bankAddress iban bic charges } } } } }`;
const REFUND = `mutation($o: ID!, $r: String) { refundOrder(orderNo: $o, reference: $r) { changed refund { refundNo kind status amount currency reference } order { orderNo refundedAt canRefund } } }`;
const ATTEMPTS = `query($o: ID!) { adminOrder(orderNo: $o) { refundedAt canRefund attempts { outTradeNo provider role canRefund refunds { refundNo status reference } } } }`;

t.test('bank transfer: account in the notice and the mail, completed, refunded once, download refused', async (t) => {
  const file = path.join(tempDir(t), 'payments.json');
  writeFileSync(file, JSON.stringify({ bankTransfer }));
  const stack = await startInProcess(t, { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '50', PAYMENTS_CONFIG_FILE: file });
  const b = await buyer(stack);
  const op = await operator(stack);

  const co = await gqlOk<{
    checkout: {
      order: { orderNo: string; amount: string; currency: string; expiresAt: string };
      paymentIntent: { nextAction: { type: string; reference: string; bankAccount: Record<string, string> } };
    };
  }>(b.client, CHECKOUT, { i: checkoutInput() });
  const { orderNo } = co.checkout.order;
  t.same(
    co.checkout.paymentIntent.nextAction,
    { type: 'OFFLINE', reference: orderNo, bankAccount: { ...bankTransfer, iban: 'DE97 9999 9999 0000 0123 45' } },
    'the notice names payee and bank with their addresses, IBAN, BIC and the charges instruction',
  );

  const mail = await eventually('the bank transfer mail', async () => (await mailsTo(b.email)).find((m) => m.subject.includes(orderNo)));
  for (const part of [
    bankTransfer.payee,
    `Beneficiary's address: ${bankTransfer.payeeAddress}`,
    bankTransfer.bank,
    `Bank's address: ${bankTransfer.bankAddress}`,
    'DE97 9999 9999 0000 0123 45',
    bankTransfer.bic,
    `75.00 EUR`,
    `Reference to quote: ${orderNo}`,
    `Pay by: ${co.checkout.order.expiresAt.slice(0, 10)}`,
    'Bank charges: SHA: charges shared',
  ])
    t.ok(mail.text.includes(part), `the mail says ${part}`);

  await gqlOk(op.client, MARK_COMPLETED, { o: orderNo, r: 'INCOMING-1' });
  await waitPaid(stack, orderNo);
  const order = await gqlOk<{ order: { downloadable: boolean; downloadUrl: string } }>(
    b.client,
    `query($o: ID!) { order(orderNo: $o) { downloadable downloadUrl } }`,
    { o: orderNo },
  );
  t.equal(order.order.downloadable, true);
  t.equal((await b.client.request('GET', order.order.downloadUrl)).status, 200, 'the paid e-book downloads');

  const noRef = await op.client.gql(REFUND, { o: orderNo });
  t.match(
    noRef.errors?.[0],
    { message: 'Please enter the reference of the transfer back to the buyer', extensions: { code: 'BAD_USER_INPUT' } },
    'a bank refund needs the reference',
  );
  t.match((await b.client.gql(REFUND, { o: orderNo, r: 'X' })).errors?.[0], { extensions: { code: 'FORBIDDEN' } }, 'a buyer cannot refund');

  const clicks = await Promise.all(
    Array.from({ length: 5 }, () =>
      gqlOk<{ refundOrder: { changed: boolean; refund: Record<string, string>; order: Record<string, unknown> } }>(op.client, REFUND, {
        o: orderNo,
        r: 'REFUND-TRANSFER-7',
      }),
    ),
  );
  t.equal(clicks.filter((c) => c.refundOrder.changed).length, 1, 'five clicks, one refund');
  t.ok(
    clicks.every((c) => c.refundOrder.refund.refundNo === clicks[0]!.refundOrder.refund.refundNo),
    'all answers name the same refund',
  );
  t.match(clicks[0]!.refundOrder.refund, { kind: 'ORDER', status: 'SUCCEEDED', amount: '75.00', currency: 'EUR', reference: 'REFUND-TRANSFER-7' });
  const rows = await stack.db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select(['refunds.status', 'refunds.reference'])
    .where('orders.order_no', '=', orderNo)
    .execute();
  t.same(rows, [{ status: 'succeeded', reference: 'REFUND-TRANSFER-7' }]);
  const events = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['order_events.type', 'order_events.actor_type'])
    .where('orders.order_no', '=', orderNo)
    .where('order_events.type', 'in', ['refund_requested', 'refunded'])
    .orderBy('order_events.id')
    .execute();
  t.same(
    events,
    [
      { type: 'refund_requested', actor_type: 'operator' },
      { type: 'refunded', actor_type: 'operator' },
    ],
    'audited once, by the operator',
  );

  const admin = await gqlOk<{
    adminOrder: {
      refundedAt: string | null;
      canRefund: boolean;
      attempts: Array<{ role: string; canRefund: boolean; refunds: Array<{ status: string; reference: string }> }>;
    };
  }>(op.client, ATTEMPTS, { o: orderNo });
  t.ok(admin.adminOrder.refundedAt, 'the order shows the refund');
  t.equal(admin.adminOrder.canRefund, false);
  t.match(
    admin.adminOrder.attempts,
    [{ role: 'ORDER', canRefund: false, refunds: [{ status: 'SUCCEEDED', reference: 'REFUND-TRANSFER-7' }] }],
    'and so does its attempt',
  );

  const after = await gqlOk<{ order: { downloadable: boolean; refundedAt: string | null } }>(
    b.client,
    `query($o: ID!) { order(orderNo: $o) { downloadable refundedAt } }`,
    { o: orderNo },
  );
  t.match(after.order, { downloadable: false, refundedAt: String });
  const refused = await b.client.request('GET', order.order.downloadUrl);
  t.not(refused.status, 200, 'the refunded e-book is refused');
  const legacy = await b.client.request('POST', '/api/books/download', {
    body: JSON.stringify({ buyerEmail: b.email, bookId: 1 }),
    headers: { 'content-type': 'application/json' },
  });
  t.match(await legacy.json(), { message: 'Download failed, please contact customer service!' }, 'on the legacy path too');

  const again = await b.client.gql(CHECKOUT, { i: checkoutInput() });
  t.notOk(again.errors, 'the refunded e-book can be bought again');
});

t.test('a production start refuses bank transfer without bank details, and an http PUBLIC_URL', async (t) => {
  const { paymentSetupProblems } = await import('../../payments/src/setup/validate.js');
  const problems = paymentSetupProblems(
    { paypal: { baseUrl: 'https://api-m.paypal.com', clientId: 'c', clientSecret: 's', webhookId: 'w' } },
    { production: true, publicUrl: 'http://shop.example' },
  );
  t.match(problems.join('\n'), /PUBLIC_URL must be https/);
  t.match(problems.join('\n'), /bankTransfer\.payee/);
  t.match(problems.join('\n'), /bankTransfer\.iban/);
  t.same(paymentSetupProblems({ bankTransfer }, { production: true, publicUrl: 'https://shop.example' }), [], 'a complete account passes');
  const { payeeAddress: _p, bankAddress: _b, ...noAddresses } = bankTransfer;
  t.match(
    paymentSetupProblems({ bankTransfer: noAddresses }, { production: true, publicUrl: 'https://shop.example' }),
    [/bankTransfer\.payeeAddress/, /bankTransfer\.bankAddress/],
    'a wire from outside SEPA needs both addresses',
  );
  const badCharges = { bankTransfer: { ...bankTransfer, charges: 'BEN' as 'OUR' } };
  t.match(
    paymentSetupProblems(badCharges, { production: false, publicUrl: 'http://localhost' }),
    [/charges must be "OUR" or "SHA"/],
    'charges other than OUR or SHA: refused at every start',
  );
  t.match(
    paymentSetupProblems({ bankTransfer: { ...bankTransfer, iban: 'DE97999999990000012346' } }, { production: true, publicUrl: 'https://shop.example' }),
    [/valid IBAN/],
    'the IBAN check digits are checked',
  );
  t.same(
    paymentSetupProblems({ bankTransfer: { enabled: false } }, { production: true, publicUrl: 'https://shop.example' }),
    [],
    'no bank transfer, no bank details needed',
  );

  // The benchmark's production-mode stack against the local sandboxes: http on loopback only.
  const local = { paypal: { baseUrl: 'http://127.0.0.1:4010/paypal', clientId: 'c', clientSecret: 's', webhookId: 'w', allowHttpCertUrl: true }, bankTransfer };
  t.match(
    paymentSetupProblems(local, { production: true, publicUrl: 'http://127.0.0.1:3000' }),
    [/paypal\.baseUrl must be https/, /PUBLIC_URL must be https/],
    'refused without the switch',
  );
  t.same(paymentSetupProblems(local, { production: true, publicUrl: 'http://127.0.0.1:3000', loopbackHttp: true }), [], 'accepted on loopback with it');
  t.match(
    paymentSetupProblems(
      { ...local, paypal: { ...local.paypal, baseUrl: 'http://sandbox.example/paypal' } },
      { production: true, publicUrl: 'http://shop.example', loopbackHttp: true },
    ),
    [/paypal\.baseUrl must be https/, /PUBLIC_URL must be https/],
    'but never for another host',
  );
});
