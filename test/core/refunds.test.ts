// A refund through core at the WeChat Pay sandbox, in-process: the provider takes it (PROCESSING),
// the back-off keeps that word while it waits, and the refund that then succeeds carries no error.
import t from 'tap';
import { advanceRefund, requestRefund, settleAttempt } from '@shop/core';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials } from '@shop/payments/wechat/index';
import { startWechatSandbox } from '@shop/sandboxes/wechat/index';
import { checkoutFor, coreDeps, newBuyer } from '../helpers/core-deps.js';

async function post(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
}

for (const setup of ['overseas', 'domestic'] as const) {
  t.test(`WeChat Pay (${setup}): a refund that waited and then succeeded has no lastError; a waiting one keeps the provider's word`, async (t) => {
    const credentials = await generateWechatCredentials();
    const overseas = setup === 'overseas';
    // The sandbox never ends a refund on its own here: the test says when.
    const sandbox = await startWechatSandbox({
      credentials,
      prefix: '/wechat',
      timeScale: 0.0001,
      refundProcessingMs: 1e12,
      ...(overseas ? { setup: 'overseas' as const, merchantCategoryCodes: ['5942'] } : {}),
    });
    t.teardown(() => sandbox.close());
    const adapter = new WechatPayAdapter({
      ...adapterConfigFromCredentials(credentials, sandbox.baseUrl),
      ...(overseas ? { setup: 'overseas' as const, merchantCategoryCode: '5942' } : {}),
    });
    const deps = await coreDeps(t, { wechat: adapter });
    const charge = overseas ? { amountMinor: 7500, currency: 'EUR' } : { amountMinor: 58359, currency: 'CNY' };
    const bought = await checkoutFor(deps, { provider: 'wechat', method: 'native', charge });
    await post(`${sandbox.baseUrl}/_control/orders/${bought.intent.out_trade_no}/pay`, { faults: { drop: true } });
    await settleAttempt(deps, { intentId: bought.intent.id, source: 'notification' });
    const operator = await newBuyer(deps, 'operator');

    const { refund } = await requestRefund(deps, { orderNo: bought.order.order_no, kind: 'order', operatorId: operator.id });
    const row = () =>
      deps.db.selectFrom('refunds').select(['status', 'last_error', 'completed_at']).where('refund_no', '=', refund.refund_no).executeTakeFirstOrThrow();
    t.equal(await advanceRefund(deps, { refundNo: refund.refund_no }), 'pending', 'WeChat accepted the refund');
    t.match(await row(), { status: 'pending', last_error: 'PROCESSING', completed_at: null }, 'while it waits, the provider says PROCESSING');

    // WeChat ends it; its callback is lost, so the poll hears of it.
    await post(`${sandbox.baseUrl}/_control/refunds/${refund.refund_no}/succeed`, { faults: { drop: true } });
    t.equal(await advanceRefund(deps, { refundNo: refund.refund_no }), 'refunded');
    const done = await row();
    t.equal(done.status, 'succeeded');
    t.equal(done.last_error, null, 'a refund that succeeded carries no error');
    t.ok(done.completed_at, 'completed');
    t.equal(await advanceRefund(deps, { refundNo: refund.refund_no }), 'already', 'a later step changes nothing');
    t.equal((await row()).last_error, null);
  });
}
