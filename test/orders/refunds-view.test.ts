import { parseHtmlForm, submitHtmlForm } from '@shop/sandboxes/alipay/index';
import t from 'tap';
import { buyer, gqlOk, operator } from '../admin/helpers.js';
import { drivers, waitPaid } from '../helpers/payflow.js';
import { startStack } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

// What a buyer is told about their payments and refunds, over GraphQL at the overseas setups: a
// checkout that withdrew an Alipay cross-border trade (which cannot be cancelled) names it and
// until when it stays payable (the legacy answer keeps its documented fields); a buyer's orders list
// their refunds under way or done (the automatic refund of a second payment, an operator's refund
// of the order), each order its own, and never another buyer's.

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '50' };
const CHECKOUT = `mutation($i: CheckoutInput!) {
  checkout(input: $i) { order { orderNo } paymentIntent { id nextAction { type body codeUrl } } previousPaymentOpenUntil previousPaymentProvider }
}`;
const REFUNDS = 'refunds { amount currency kind status completedAt }';
const ORDERS = `query { orders(pageSize: 10) { total items { orderNo status refundedAt downloadable ${REFUNDS} } } }`;
const ORDER = `query($o: ID!) { order(orderNo: $o) { orderNo ${REFUNDS} } }`;
const REFUND_ORDER = `mutation($o: ID!) { refundOrder(orderNo: $o) { changed refund { refundNo } } }`;
const wechat = drivers.find((d) => d.provider === 'wechat')!;

interface Answer {
  checkout: {
    order: { orderNo: string };
    paymentIntent: { id: string; nextAction: { type: string; body: string | null; codeUrl: string | null } };
    previousPaymentOpenUntil: string | null;
    previousPaymentProvider: string | null;
  };
}
type Refund = { amount: string; currency: string; kind: string; status: string; completedAt: string | null };
type Listed = { orderNo: string; status: string; refundedAt: string | null; downloadable: boolean; refunds: Refund[] };

const input = (paymentMethod: string, bookId = '1') => ({ bookId, format: 'EBOOK', country: 'Germany', paymentMethod });

t.test('a switch away from an open Alipay cross-border trade, a second payment refunded, an operator refund: what each buyer sees', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  t.equal(stack.sandboxes!.adapters.alipay.setup, 'overseas', 'Alipay cross-border (MAPI)');
  const a = await buyer(stack, 'refunds-a');
  const b = await buyer(stack, 'refunds-b');

  const first = await gqlOk<Answer>(a.client, CHECKOUT, { i: input('ALIPAY') });
  t.same([first.checkout.previousPaymentOpenUntil, first.checkout.previousPaymentProvider], [null, null], 'a first checkout has no earlier payment');
  // The buyer's browser opens the cashier: the trade now exists at Alipay.
  const opened = await submitHtmlForm(parseHtmlForm(first.checkout.paymentIntent.nextAction.body!));
  t.equal(opened.status, 200, 'the Alipay cashier opened');
  const old = await stack.db.selectFrom('payment_intents').select(['out_trade_no']).where('id', '=', first.checkout.paymentIntent.id).executeTakeFirstOrThrow();

  const before = Date.now();
  const second = await gqlOk<Answer>(a.client, CHECKOUT, { i: input('WECHAT_NATIVE') });
  t.equal(second.checkout.order.orderNo, first.checkout.order.orderNo, 'the same order');
  t.equal(second.checkout.paymentIntent.nextAction.type, 'QR');
  t.equal(second.checkout.previousPaymentProvider, 'ALIPAY', 'the answer names the Alipay payment');
  const kept = await stack.db
    .selectFrom('payment_intents')
    .select(['status', 'payable_until'])
    .where('id', '=', first.checkout.paymentIntent.id)
    .executeTakeFirstOrThrow();
  t.equal(kept.status, 'closed', 'withdrawn in the ledger');
  t.equal(second.checkout.previousPaymentOpenUntil, kept.payable_until!.toISOString(), 'and until when it stays payable, as the ledger keeps it');
  const hours = (Date.parse(second.checkout.previousPaymentOpenUntil!) - before) / 3_600_000;
  t.ok(hours > 11.9 && hours <= 12.01, `Alipay's default timeout_rule, 12 h (${hours.toFixed(2)} h)`);

  // Asked again for the same QR: nothing is withdrawn now, but the Alipay page is still payable.
  const again = await gqlOk<Answer>(a.client, CHECKOUT, { i: input('WECHAT_NATIVE') });
  t.equal(again.checkout.paymentIntent.id, second.checkout.paymentIntent.id, 'the same WeChat attempt again');
  t.same(
    [again.checkout.previousPaymentOpenUntil, again.checkout.previousPaymentProvider],
    [second.checkout.previousPaymentOpenUntil, 'ALIPAY'],
    'and the answer still names the Alipay page',
  );

  // The legacy face withdraws the same way and keeps its documented answer, field for field.
  const legacyFirst = await gqlOk<Answer>(a.client, CHECKOUT, { i: input('ALIPAY', '2') });
  t.equal((await submitHtmlForm(parseHtmlForm(legacyFirst.checkout.paymentIntent.nextAction.body!))).status, 200);
  const legacy = await a.client.form('/api/login/registratorComplex', {
    bookId: '2',
    bookType: '0',
    payType: '2',
    plat: 'wx',
    currency: 'EUR',
    purchaseInfo: JSON.stringify({ country: 'Germany' }),
    bookFormat: '0',
  });
  t.equal(legacy.code, 200, 'the legacy switch to WeChat Pay is answered');
  t.same(
    Object.keys(legacy.data as object).sort(),
    ['body', 'codeUrl', 'currency', 'href', 'offline', 'orderNo', 'paySign', 'price'],
    'with its documented fields only',
  );

  // The buyer pays by WeChat Pay, then the old Alipay trade: refunded automatically.
  await wechat.pay(stack, second.checkout as never);
  await waitPaid(stack, second.checkout.order.orderNo);
  const late = await fetch(`${stack.sandboxes!.url}/alipay/_control/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outTradeNo: old.out_trade_no }),
  });
  t.equal(late.status, 200, 'the withdrawn Alipay trade is paid anyway');
  const orderNo = second.checkout.order.orderNo;
  const listed = await eventually(
    'the second payment refunded, in My Orders',
    async () => {
      const items = (await gqlOk<{ orders: { items: Listed[] } }>(a.client, ORDERS)).orders.items;
      const o = items.find((x) => x.orderNo === orderNo);
      return o?.refunds.some((r) => r.status === 'SUCCEEDED') ? items : false;
    },
    30_000,
  );
  const paid = listed.find((x) => x.orderNo === orderNo)!;
  t.match(paid, { status: 'PAID', refundedAt: null, downloadable: true }, 'the order stays paid and downloadable');
  t.equal(paid.refunds.length, 1, 'one refund');
  t.match(paid.refunds[0], { amount: '75.00', currency: 'EUR', kind: 'DUPLICATE_PAYMENT', status: 'SUCCEEDED', completedAt: /^\d{4}-\d{2}-\d{2}T/ });
  const other = listed.find((x) => x.orderNo !== orderNo)!;
  t.same(other.refunds, [], 'the other order of the page has none');
  t.same((await gqlOk<{ order: { refunds: Refund[] } }>(a.client, ORDER, { o: orderNo })).order.refunds, paid.refunds, 'the order alone answers the same');

  // An operator refunds the order itself: both refunds, oldest first.
  const op = await operator(stack);
  t.ok((await gqlOk<{ refundOrder: { changed: boolean } }>(op.client, REFUND_ORDER, { o: orderNo })).refundOrder.changed);
  const both = await eventually(
    'the order refunded',
    async () => {
      const o = (await gqlOk<{ orders: { items: Listed[] } }>(a.client, ORDERS)).orders.items.find((x) => x.orderNo === orderNo)!;
      return o.refundedAt && o.refunds.every((r) => r.status === 'SUCCEEDED') ? o : false;
    },
    30_000,
  );
  t.same(
    both.refunds.map((r) => r.kind),
    ['DUPLICATE_PAYMENT', 'ORDER'],
    'the second payment, then the order',
  );
  t.equal(both.downloadable, false, 'the refunded e-book no longer downloads');

  // Another buyer sees neither the order nor its refunds.
  t.equal((await gqlOk<{ order: unknown }>(b.client, ORDER, { o: orderNo })).order, null, 'another buyer cannot open the order');
  const theirs = await gqlOk<{ orders: { total: number; items: Listed[] } }>(b.client, ORDERS);
  t.same(theirs.orders, { total: 0, items: [] }, 'nor finds it among their orders');
  const guest = await stack.client().gql(ORDER, { o: orderNo });
  t.match(guest.errors?.[0], { extensions: { code: 'UNAUTHENTICATED' } }, 'a guest is asked to log in');
});
