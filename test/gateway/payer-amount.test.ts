// What the WeChat Pay page tells a payer about the CNY WeChat charges: exactly the attempt's
// amount in the domestic setup; overseas (WeChat Pay Global converts at its own rate) an estimate
// in whole yuan at a dated reference rate: the configured one, else the rate WeChat applied to the
// shop's latest WeChat payment (if recent), else none.
import t from 'tap';
import { startSandboxes } from '@shop/sandboxes/combined';
import { providersFromConfig } from '@shop/payments/registry';
import { payerAmountOf } from '../../gateway/src/services/payments/payer-amount.js';
import type { IntentView } from '../../gateway/src/services/orders/views.js';
import { checkoutFor, coreDeps } from '../helpers/core-deps.js';

const sandboxes = await startSandboxes({ appUrl: 'http://127.0.0.1:9', timeScale: 0.001, setups: { wechat: 'overseas' } });
t.teardown(() => sandboxes.close());
const reference = { from: 'EUR', to: 'CNY', rate: '7.7812', source: 'ECB euro reference rate', date: '2026-11-27' };

const view = (v: Partial<IntentView>): IntentView => ({
  id: '1',
  orderNo: 'N1',
  provider: 'wechat',
  method: 'WECHAT_NATIVE',
  status: 'pending',
  amountCents: 7500,
  currency: 'EUR',
  nextAction: null,
  createdAt: new Date().toISOString(),
  ...v,
});

t.test('domestic: exactly the CNY the attempt asks for, with the rate it was converted at', async (t) => {
  const deps = await coreDeps(t, {});
  const fx = { rate: '7.7812', source: 'Bank of China spot selling rate', date: '2026-11-23' };
  t.same(await payerAmountOf(deps, view({ currency: 'CNY', amountCents: 58359, fx })), {
    amount: '583.59',
    currency: 'CNY',
    exact: true,
    rate: '7.7812',
    rateDate: '2026-11-23',
    rateSource: 'Bank of China spot selling rate',
  });
  t.equal(await payerAmountOf(deps, view({ provider: 'alipay' })), null, 'other providers: nothing said');
});

t.test('overseas: about so many yuan at the configured reference rate, never more precise than whole yuan', async (t) => {
  const providers = providersFromConfig({ wechat: sandboxes.adapters.wechat, exchangeRates: [reference] });
  const deps = await coreDeps(t, providers);
  t.same(await payerAmountOf(deps, view({})), {
    amount: '584',
    currency: 'CNY',
    exact: false,
    rate: '7.7812',
    rateDate: '2026-11-27',
    rateSource: 'ECB euro reference rate',
  });
});

t.test('overseas without a configured rate: the rate WeChat applied to a recent payment, else none', async (t) => {
  const providers = providersFromConfig({ wechat: sandboxes.adapters.wechat });
  const deps = await coreDeps(t, providers);
  t.same(
    await payerAmountOf(deps, view({})),
    { amount: null, currency: 'CNY', exact: false, rate: null, rateDate: null, rateSource: null },
    'no reference known: no figure, only the note that WeChat converts',
  );

  const { intent } = await checkoutFor(deps, { provider: 'wechat', method: 'native' });
  const old = new Date(Date.now() - 30 * 86_400_000);
  await deps.db
    .updateTable('payment_intents')
    .set({ status: 'succeeded', succeeded_at: old, payer_amount: 57000, payer_currency: 'CNY' })
    .where('id', '=', intent.id)
    .execute();
  t.equal((await payerAmountOf(deps, view({})))?.amount, null, 'a month-old applied rate is not used');

  const paidAt = new Date();
  await deps.db.updateTable('payment_intents').set({ succeeded_at: paidAt, payer_amount: 58800 }).where('id', '=', intent.id).execute();
  t.same(await payerAmountOf(deps, view({ amountCents: 25000 })), {
    amount: '1960',
    currency: 'CNY',
    exact: false,
    rate: '7.8400',
    rateDate: paidAt.toISOString().slice(0, 10),
    rateSource: 'WECHAT_APPLIED',
  });
});
