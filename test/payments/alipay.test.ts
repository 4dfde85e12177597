// Alipay adapter against the local sandbox over real HTTP on 127.0.0.1: the page-pay form, the
// buyer's browser at the cashier, query through the trade's life, return, close, authentication.
import { createVerify } from 'node:crypto';
import t from 'tap';
import { AlipayAdapter, generateAlipayCredentials } from '../../payments/src/alipay/index.js';
import { clickCashierButton, startAlipaySandboxServer, submitHtmlForm as submit } from '@shop/sandboxes/alipay/index';
import { ProviderError } from '../../payments/src/provider.js';
import { startAlipayBench } from '../helpers/alipay-bench.js';
import { eventually } from '../helpers/tmp.js';

const { sb, creds, ctl, adapter, receiver, newAttempt, deliveries, forTrade } = await startAlipayBench();

t.test('page pay form is well-formed and signed with the app key over every parameter but sign', async (t) => {
  const { form, html } = await newAttempt(7500);
  t.equal(form.method, 'post');
  t.match(html, /<script>[^<]*submit\(\)[^<]*<\/script>/, 'auto-submits');
  const url = new URL(form.action);
  t.equal(`${url.origin}${url.pathname}`, sb.gatewayUrl, 'posts to gateway.do');
  const q = Object.fromEntries(url.searchParams);
  t.match(q, { app_id: creds.appId, method: 'alipay.trade.page.pay', format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', version: '1.0' });
  t.match(q.timestamp, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  t.ok(q.notify_url && q.return_url && q.sign, 'notify_url, return_url and sign in the query');
  t.same(Object.keys(form.fields), ['biz_content'], 'only biz_content in the body');
  const biz = JSON.parse(form.fields.biz_content!);
  t.match(biz, { total_amount: '75.00', product_code: 'FAST_INSTANT_TRADE_PAY', subject: 'ASPICE 4.0 PAM (中文版)' });
  t.notOk('trans_currency' in biz, 'CNY order: amount in CNY, no trans_currency');
  // Independent check with plain node:crypto: sorted k=v without URL-encoding, sign excluded.
  const all: Record<string, string> = { ...q, ...form.fields };
  const content = Object.keys(all)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${all[k]}`)
    .join('&');
  t.ok(createVerify('RSA-SHA256').update(content, 'utf8').verify(creds.appPublicKey, q.sign!, 'base64'), 'RSA2 signature verifies');

  // The mainland product has no currency field: anything but CNY is refused before a form exists.
  await t.rejects(adapter.createAttempt({ ...baseInput(), currency: 'EUR' }), { code: 'INVALID_CURRENCY', retryable: false });
  const phone = await adapter.createAttempt({ ...baseInput(), outTradeNo: 'X2', device: 'phone' });
  if (phone.nextAction.type !== 'form') throw new Error('form expected');
  t.match(phone.nextAction.body, /method=alipay\.trade\.wap\.pay/, 'phones get alipay.trade.wap.pay');
  t.match(phone.nextAction.body, /QUICK_WAP_WAY/, 'with the wap product code');
  await t.rejects(adapter.createAttempt({ ...baseInput(), method: 'native' }), { code: 'UNSUPPORTED_METHOD', retryable: false });
});

function baseInput() {
  return {
    outTradeNo: 'X1',
    orderNo: 'O1',
    description: 'd',
    amountCents: 100,
    currency: 'CNY',
    method: 'page' as const,
    notifyUrl: `${receiver.notifyUrl}`,
    returnUrl: `${receiver.returnUrl}`,
    expiresAt: new Date(Date.now() + 60_000),
  };
}

t.test('query: not existing before the cashier opens, waiting after, succeeded after pay; notify and return', async (t) => {
  const { outTradeNo, orderNo, form } = await newAttempt(7500);
  t.match(await adapter.query(outTradeNo), { state: 'pending', outTradeNo, detail: 'ACQ.TRADE_NOT_EXIST' }, 'before the cashier opens');

  const cashier = await submit(form);
  t.equal(cashier.status, 200);
  t.match(cashier.html, /75\.00/, 'cashier shows the amount');
  const waiting = await adapter.query(outTradeNo);
  t.match(waiting, { state: 'pending', detail: 'WAIT_BUYER_PAY', amountCents: 7500, currency: 'CNY' });
  t.match(waiting.providerRef, /^\d{28}$/, 'trade_no assigned at cashier open');

  // The buyer clicks Pay on the cashier page; the browser is sent to the signed return_url.
  const paid = await clickCashierButton(cashier.html, 'pay');
  t.equal(paid.status, 302);
  const back = new URL(paid.location!);
  t.equal(`${back.origin}${back.pathname}`, receiver.returnUrl);
  t.equal(back.searchParams.get('order'), orderNo, 'merchant query kept');
  t.equal(back.searchParams.get('method'), 'alipay.trade.page.pay.return');
  t.match(adapter.verifyReturn(back.search), { authentic: true, outTradeNo, amountCents: 7500, tradeNo: waiting.providerRef });
  back.searchParams.set('total_amount', '0.01');
  t.equal(adapter.verifyReturn(back.searchParams).authentic, false, 'tampered return is not authentic');

  t.match(await adapter.query(outTradeNo, waiting.providerRef), { state: 'succeeded', amountCents: 7500, detail: 'TRADE_SUCCESS' });
  const got = await eventually('notify', async () => forTrade(outTradeNo).find((r) => r.answered === 'success'));
  t.match(got.notification, {
    state: 'succeeded',
    outTradeNo,
    amountCents: 7500,
    currency: 'CNY',
    providerRef: waiting.providerRef,
    merchantId: creds.sellerId,
    appId: creds.appId,
    eventType: 'trade_status_sync',
    detail: 'TRADE_SUCCESS',
  });
  t.match(got.notification!.eventId, /^[0-9a-f]{40}$/);
  const log = await eventually('ack logged', async () => ((await deliveries(outTradeNo)).some((d) => d.acknowledged) ? deliveries(outTradeNo) : false));
  t.equal(log.length, 1, 'one delivery when acknowledged at once');
  t.match(log[0], { kind: 'delivery', attempt: 1, httpStatus: 200, responseBody: 'success', acknowledged: true });

  const again = await submit(form);
  t.match(again.html, /ACQ\.TRADE_HAS_SUCCESS/, 'a paid trade cannot be paid again');
});

t.test("cashier opening: the control 'open', and the 'scan' mode where only a scan creates the trade", async (t) => {
  const a = await newAttempt(1500);
  t.equal((await ctl.open(a.outTradeNo)).status, 404, 'open needs the form to have reached the gateway');
  await submit(a.form);
  t.match((await ctl.open(a.outTradeNo)).body, { outTradeNo: a.outTradeNo, status: 'WAIT_BUYER_PAY', totalAmount: '15.00' });

  const scan = await startAlipaySandboxServer({ credentials: creds, tradeCreatedOn: 'scan', prefix: '/scan' });
  t.teardown(() => scan.close());
  const scanAdapter = new AlipayAdapter({ ...creds, gatewayUrl: scan.gatewayUrl });
  const b = await newAttempt(1600);
  const cashier = await submit({ ...b.form, action: b.form.action.replace(sb.gatewayUrl, scan.gatewayUrl) });
  t.match(cashier.html, /not created yet/);
  t.match(await scanAdapter.query(b.outTradeNo), { state: 'pending', detail: 'ACQ.TRADE_NOT_EXIST' }, 'cashier shown, no trade yet');
  t.equal((await clickCashierButton(cashier.html, 'abandon')).status, 200);
  t.match(await scanAdapter.query(b.outTradeNo), { state: 'pending', detail: 'WAIT_BUYER_PAY' }, 'scanned and abandoned: the trade waits');
});

t.test('close: before open, while waiting, twice, after pay; expiry', async (t) => {
  const never = await newAttempt(500);
  t.same(await adapter.close(never.outTradeNo), { state: 'closed' }, 'TRADE_NOT_EXIST counts as closed');

  const w = await newAttempt(600);
  await submit(w.form);
  t.same(await adapter.close(w.outTradeNo), { state: 'closed' });
  t.match(await adapter.query(w.outTradeNo), { state: 'closed', detail: 'TRADE_CLOSED' });
  t.same(await adapter.close(w.outTradeNo), { state: 'closed' }, 'closing again is fine');
  t.match((await submit(w.form)).html, /ACQ\.TRADE_HAS_CLOSE/, 'closed trade cannot be paid');
  const closedNotify = await eventually('closed notify', async () => forTrade(w.outTradeNo).find((r) => r.notification));
  t.match(closedNotify.notification, { state: 'closed', detail: 'TRADE_CLOSED' });

  const p = await newAttempt(700);
  await submit(p.form);
  await ctl.pay(p.outTradeNo);
  t.same(await adapter.close(p.outTradeNo), { state: 'paid' }, 'a paid trade answers paid, not closed');

  const e = await newAttempt(800);
  t.equal((await ctl.expire(e.outTradeNo)).status, 200);
  t.match((await submit(e.form)).html, /ACQ\.TRADE_HAS_CLOSE/, 'expired form opens no cashier');
  t.match(await adapter.query(e.outTradeNo), { state: 'pending', detail: 'ACQ.TRADE_NOT_EXIST' });

  const c = await newAttempt(900);
  const cashier = await submit(c.form);
  t.equal((await clickCashierButton(cashier.html, 'cancel')).status, 200);
  t.match(await adapter.query(c.outTradeNo), { state: 'closed' }, 'buyer cancel on the cashier closes it');
});

t.test('authentication failures on both sides', async (t) => {
  const { form } = await newAttempt(1234);
  const biz = JSON.parse(form.fields.biz_content!);
  biz.total_amount = '0.01';
  const forged = await submit({ action: form.action, fields: { biz_content: JSON.stringify(biz) } });
  t.match(forged.html, /isv\.invalid-signature/, 'sandbox rejects a biz_content changed after signing');

  const other = generateAlipayCredentials();
  const wrongAppKey = new AlipayAdapter({ ...creds, appPrivateKey: other.appPrivateKey, gatewayUrl: sb.gatewayUrl });
  await t.rejects(wrongAppKey.query('whatever'), { code: 'isv.invalid-signature', retryable: false }, 'request signed with the wrong key');
  const wrongAlipayKey = new AlipayAdapter({ ...creds, alipayPublicKey: other.alipayPublicKey, gatewayUrl: sb.gatewayUrl });
  await t.rejects(wrongAlipayKey.query('whatever'), { code: 'INVALID_RESPONSE_SIGNATURE' }, 'response not signed by Alipay');
  const unreachable = new AlipayAdapter({ ...creds, gatewayUrl: 'http://127.0.0.1:9/gateway.do' });
  await t.rejects(unreachable.query('x'), ProviderError);
  await t.rejects(unreachable.query('x'), { code: 'NETWORK', retryable: true }, 'network errors are retryable');
  t.same(adapter.answer(true), { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
  t.equal(adapter.answer(false).body, 'fail');
});
