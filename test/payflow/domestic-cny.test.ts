// The domestic setups in CNY: the EUR price converted at the configured, dated rate and stored on
// the attempt; a notification whose amount differs from that attempt's CNY amount is refused and
// recorded (the poller then settles on the true amount); a changed rate makes the next try a new
// attempt; the Alipay form carries CNY yuan and no currency field.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { startSandboxes } from '@shop/sandboxes/combined';
import { buyerWithoutMail } from '../admin/helpers.js';
import { buy } from '../helpers/orders.js';
import { waitPaid } from '../helpers/payflow.js';
import { startStack } from '../helpers/stack.js';
import { eventually, tempDir } from '../helpers/tmp.js';

t.test('CNY at a dated rate, checked against every notification, a new attempt for a new rate', async (t) => {
  const sandboxes = await startSandboxes({ appUrl: 'http://127.0.0.1:9', timeScale: 0.001, setups: { wechat: 'domestic', alipay: 'domestic' } });
  t.teardown(() => sandboxes.close());
  const file = path.join(tempDir(t), 'payments.json');
  const rate = (r: string, date: string) => ({ from: 'EUR', to: 'CNY', rate: r, source: 'Bank of China spot selling rate', date });
  const { paypal: _p, ...domestic } = sandboxes.adapters;
  writeFileSync(file, JSON.stringify({ ...domestic, exchangeRates: [rate('7.7812', '2026-11-23')] }));
  const stack = await startStack(t, { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '50', PAYMENTS_CONFIG_FILE: file });

  const b = await buyerWithoutMail(stack, 'cny');
  const co = (await buy(b.client, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  t.match(co.order, { amount: '75.00', currency: 'EUR' }, 'the order keeps its EUR price');
  const intent = await stack.db.selectFrom('payment_intents').selectAll().where('id', '=', co.paymentIntent.id).executeTakeFirstOrThrow();
  t.match(
    intent,
    {
      amount_cents: 58359,
      currency: 'CNY',
      order_amount_cents: 7500,
      order_currency: 'EUR',
      fx_rate: '7.7812',
      fx_source: 'Bank of China spot selling rate',
      fx_date: '2026-11-23',
    },
    'the attempt stores the CNY fen asked for and the rate',
  );

  // The WeChat Pay page's answer on a Chinese page: the Chinese payee, exactly the CNY charged, the code's expiry.
  const { expires_at } = await stack.db.selectFrom('orders').select('expires_at').where('order_no', '=', co.order.orderNo).executeTakeFirstOrThrow();
  b.client.headers = { ...b.client.headers, locale: 'zh' };
  const page = await b.client.gql<{ paymentIntent: { payee: string; expiresAt: string; payerAmount: Record<string, unknown> } }>(
    `query($o: ID!) { paymentIntent(orderNo: $o) { payee expiresAt payerAmount { amount currency exact rate rateDate rateSource } } }`,
    { o: co.order.orderNo },
  );
  t.same(
    page.data?.paymentIntent,
    {
      payee: '汽车软件质量标准出版物',
      expiresAt: expires_at.toISOString(),
      payerAmount: { amount: '583.59', currency: 'CNY', exact: true, rate: '7.7812', rateDate: '2026-11-23', rateSource: 'Bank of China spot selling rate' },
    },
    'the QR page: the payee in Chinese, exactly 583.59 CNY, payable until the order expires',
  );
  b.client.headers = { ...b.client.headers, locale: 'en' };

  // A validly signed notification with another amount: refused and recorded; the poller settles on the true amount.
  await fetch(`${sandboxes.url}/wechat/_control/orders/${intent.out_trade_no}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults: { wrongAmount: true, persistent: true } }),
  });
  const refused = await eventually('the refused notification', async () =>
    stack.db
      .selectFrom('provider_events')
      .select(['outcome', 'error', 'verified'])
      .where('provider', '=', 'wechat')
      .where('outcome', '=', 'mismatch')
      .executeTakeFirst(),
  );
  t.match(refused, { verified: true, outcome: 'mismatch', error: 'amount 58360 is not 58359' }, 'refused and recorded');
  await waitPaid(stack, co.order.orderNo, 30_000);
  const paid = await stack.db
    .selectFrom('order_events')
    .select('data')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .where('orders.order_no', '=', co.order.orderNo)
    .where('order_events.type', '=', 'paid')
    .execute();
  t.equal(paid.length, 1, 'paid once, by the poller on the true amount');

  // Alipay's mainland form: CNY yuan, no currency field.
  const ali = (await buy(b.client, { paymentMethod: 'ALIPAY', bookId: '2' })).data!.checkout;
  const biz = /name="biz_content" value="([^"]+)"/.exec(ali.paymentIntent.nextAction.body!)![1]!.replace(/&quot;/g, '"');
  t.match(JSON.parse(biz), { total_amount: '1945.30', product_code: 'FAST_INSTANT_TRADE_PAY' });
  t.notOk('trans_currency' in JSON.parse(biz) || 'currency' in JSON.parse(biz), 'no currency field');

  // The operator updates the rate: the next try is a new attempt at the new amount.
  const first = (await buy(b.client, { paymentMethod: 'WECHAT_NATIVE', bookId: '3' })).data!.checkout;
  writeFileSync(file, JSON.stringify({ ...domestic, exchangeRates: [rate('7.9000', '2026-11-24')] }));
  const again = (await buy(b.client, { paymentMethod: 'WECHAT_NATIVE', bookId: '3' })).data!.checkout;
  t.not(again.paymentIntent.id, first.paymentIntent.id, 'a new attempt');
  const [a, bb] = await Promise.all(
    [first, again].map((c) =>
      stack.db
        .selectFrom('payment_intents')
        .select(['amount_cents', 'fx_rate', 'fx_date', 'status'])
        .where('id', '=', c.paymentIntent.id)
        .executeTakeFirstOrThrow(),
    ),
  );
  t.match(a, { amount_cents: 38906, fx_rate: '7.7812', status: 'closed' }, 'the old attempt keeps its amount and is closed');
  t.match(bb, { amount_cents: 39500, fx_rate: '7.9000', fx_date: '2026-11-24' }, 'the new one carries the new rate');
});
