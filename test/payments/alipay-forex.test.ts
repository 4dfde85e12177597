// Alipay cross-border website payment (MAPI) end to end over HTTP: the overseas adapter against the
// forex sandbox. Signatures are checked independently with node:crypto exactly per the documented
// pre-sign rule (every parameter but sign and sign_type, empties dropped, sorted, raw k=v joined
// with &, SHA256withRSA), since no official SDK speaks MAPI.
import { createSign, createVerify } from 'node:crypto';
import Fastify from 'fastify';
import t from 'tap';
import { AlipayForexAdapter } from '../../payments/src/alipay/forex/index.js';
import { NotificationRejected, type VerifiedNotification } from '../../payments/src/provider.js';
import { parseHtmlForm, submitHtmlForm } from '../../sandboxes/src/alipay/index.js';
import { startForexSandbox } from '../helpers/alipay-forex-bench.js';
import { eventually } from '../helpers/tmp.js';

const preSign = (p: Record<string, string>) =>
  Object.keys(p)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && p[k] !== '')
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');

const { creds, partner, sandbox, base, ctl } = await startForexSandbox('/alipay');
const adapter = new AlipayForexAdapter({ partner, privateKey: creds.appPrivateKey, alipayPublicKey: creds.alipayPublicKey, gatewayUrl: sandbox.gatewayUrl });

// The shop's notify endpoint as the gateway builds it: verify, then answer what Alipay expects.
const received: Array<{ ok?: VerifiedNotification; rejected?: string; raw: Record<string, string> }> = [];
const receiver = Fastify();
receiver.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body));
receiver.post('/notify', async (req, reply) => {
  const raw = Object.fromEntries(new URLSearchParams(req.body as string));
  try {
    const ok = await adapter.verifyNotification({ headers: req.headers as Record<string, string>, rawBody: req.body as string });
    received.push({ ok, raw });
    const a = adapter.answer(true);
    return reply.code(a.status).type(a.contentType).send(a.body);
  } catch (err) {
    if (!(err instanceof NotificationRejected)) throw err;
    received.push({ rejected: err.reason, raw });
    const a = adapter.answer(false);
    return reply.code(a.status).type(a.contentType).send(a.body);
  }
});
const notifyUrl = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/notify`;
t.teardown(() => receiver.close());

let seq = 0;
const attempt = (over: Record<string, unknown> = {}) => ({
  outTradeNo: `SO${Date.now()}${++seq}`,
  orderNo: `SO${seq}`,
  description: 'Automotive SPICE 4.0 PAM',
  amountCents: 7500,
  currency: 'EUR',
  method: 'page' as const,
  notifyUrl,
  returnUrl: 'http://127.0.0.1:1/shop/views/pay/AliPayResult',
  expiresAt: new Date(Date.now() + 3_600_000),
  ...over,
});

/** The adapter with a cashier timeout (timeout_rule) other than Alipay's default. */
const adapterWithTimeout = (timeoutRule: string) =>
  new AlipayForexAdapter({ partner, privateKey: creds.appPrivateKey, alipayPublicKey: creds.alipayPublicKey, gatewayUrl: sandbox.gatewayUrl, timeoutRule });

/** The buyer's browser posts the adapter's form to the gateway: the cashier page answers. */
async function openCashier(input = attempt(), via: AlipayForexAdapter = adapter) {
  const created = await via.createAttempt(input);
  if (created.nextAction.type !== 'form') throw new Error('form expected');
  const form = parseHtmlForm(created.nextAction.body);
  return { input, form, html: (await submitHtmlForm(form)).html };
}

const DOCUMENTED = new Set([
  'service',
  'partner',
  '_input_charset',
  'sign_type',
  'sign',
  'notify_url',
  'return_url',
  'subject',
  'body',
  'out_trade_no',
  'currency',
  'total_fee',
  'product_code',
  'trade_information',
]);

t.test('create_forex_trade: only documented fields, EUR, signed per the pre-sign rule; the cashier shows EUR and CNY', async (t) => {
  const { input, form, html } = await openCashier();
  t.equal(form.action, sandbox.gatewayUrl);
  t.match(form.fields, {
    service: 'create_forex_trade',
    partner,
    _input_charset: 'UTF-8',
    currency: 'EUR',
    total_fee: '75.00',
    product_code: 'NEW_OVERSEAS_SELLER',
    out_trade_no: input.outTradeNo,
    sign_type: 'RSA2',
  });
  t.same(
    Object.keys(form.fields).filter((k) => !DOCUMENTED.has(k)),
    [],
    'no field the product does not define',
  );
  t.notOk('rmb_fee' in form.fields, 'never total_fee and rmb_fee together');
  t.ok(
    createVerify('RSA-SHA256').update(preSign(form.fields), 'utf8').verify(creds.appPublicKey, form.fields.sign!, 'base64'),
    'the merchant signature verifies',
  );
  t.match(html, /75\.00 EUR/);
  t.match(html, /¥583\.59/, 'the buyer sees the CNY price');

  const phone = await openCashier(attempt({ device: 'phone' }));
  t.match(phone.form.fields, { service: 'create_forex_trade_wap', product_code: 'NEW_WAP_OVERSEAS_SELLER' }, 'phones get the WAP service');
  t.match(phone.html, /WAP/);
});

t.test('the sandbox is never more permissive: other currencies, undefined fields and forged signatures are refused', async (t) => {
  const usd = new AlipayForexAdapter({
    partner,
    privateKey: creds.appPrivateKey,
    alipayPublicKey: creds.alipayPublicKey,
    gatewayUrl: sandbox.gatewayUrl,
    currency: 'USD',
  });
  const created = await usd.createAttempt(attempt({ currency: 'USD' }));
  const form = parseHtmlForm((created.nextAction as { body: string }).body);
  const post = async (fields: Record<string, string>) => (await submitHtmlForm({ action: form.action, fields })).html;
  t.match(await post(form.fields), /ILLEGAL_CURRENCY/, 'the contract settles EUR only');
  const { form: good } = await openCashier();
  const extra: Record<string, string> = { ...good.fields, trans_currency: 'EUR' };
  extra.sign = createSign('RSA-SHA256').update(preSign(extra), 'utf8').sign(creds.appPrivateKey, 'base64');
  t.match(await post(extra), /ILLEGAL_ARGUMENT/, 'an undefined field is refused even when signed');
  t.match(await post({ ...good.fields, total_fee: '0.01' }), /ILLEGAL_SIGN/, 'a changed amount breaks the signature');
  t.equal(adapter.answer(true).body, 'success');
});

t.test('paid at the cashier: the notification passes signature and notify_verify, carries the payer CNY; query agrees', async (t) => {
  const { input } = await openCashier();
  t.match(await adapter.query(input.outTradeNo), { state: 'pending', detail: 'WAIT_BUYER_PAY' });
  t.match(await adapter.query('SO-NEVER-OPENED'), { state: 'pending', detail: 'TRADE_NOT_EXIST' }, 'not at the cashier yet: still payable');
  const trade = sandbox.trades.get(input.outTradeNo)!;
  const paid = await fetch(`${base}/cashier/${trade.token}/pay`, { method: 'POST', redirect: 'manual' });
  t.equal(paid.status, 302);
  const back = new URL(paid.headers.get('location')!);
  t.match(
    Object.fromEntries(back.searchParams),
    {
      is_success: 'T',
      out_trade_no: input.outTradeNo,
      trade_status: 'TRADE_FINISHED',
      currency: 'EUR',
      forex_total_fee: '75.00',
      total_fee: '583.59',
      sign_type: 'RSA2',
    },
    'the buyer is sent back with signed return parameters',
  );
  t.ok(
    createVerify('RSA-SHA256')
      .update(preSign(Object.fromEntries(back.searchParams)), 'utf8')
      .verify(creds.alipayPublicKey, back.searchParams.get('sign')!, 'base64'),
    'the return parameters verify',
  );
  const n = await eventually('the notification', async () => received.find((r) => r.raw.out_trade_no === input.outTradeNo));
  t.match(n.ok, {
    state: 'succeeded',
    outTradeNo: input.outTradeNo,
    amountCents: 7500,
    currency: 'EUR',
    providerRef: trade.tradeNo,
    payer: { amountMinor: 58359, currency: 'CNY' },
  });
  t.same(
    Object.keys(n.raw).sort(),
    [
      'body',
      'buyer_email',
      'buyer_id',
      'currency',
      'forex_total_fee',
      'gmt_payment',
      'notify_id',
      'notify_time',
      'notify_type',
      'out_trade_no',
      'sign',
      'sign_type',
      'subject',
      'total_fee',
      'trade_no',
      'trade_status',
    ],
    'exactly the documented fields',
  );
  t.ok(createVerify('RSA-SHA256').update(preSign(n.raw), 'utf8').verify(creds.alipayPublicKey, n.raw.sign!, 'base64'), 'independently verified');
  await eventually('no redelivery after success', async () => sandbox.notifier.deliveries.filter((d) => d.outTradeNo === input.outTradeNo).length === 1);
  t.match(await adapter.query(input.outTradeNo), { state: 'succeeded', amountCents: 7500, currency: 'EUR', payer: { amountMinor: 58359, currency: 'CNY' } });
});

t.test('forged and unverifiable notifications are refused and resent; a wrong amount reaches the shop to be refused there', async (t) => {
  for (const [faults, reason] of [
    [{ badSignature: true }, 'signature'],
    [{ unverifiable: true }, 'notify_verify'],
  ] as const) {
    const { input } = await openCashier();
    await ctl.pay(input.outTradeNo, faults);
    const r = await eventually(reason, async () => received.find((x) => x.raw.out_trade_no === input.outTradeNo && x.rejected));
    t.equal(r.rejected, reason);
    await eventually('resent and then accepted', async () => received.find((x) => x.raw.out_trade_no === input.outTradeNo && x.ok));
  }
  const { input } = await openCashier();
  await ctl.pay(input.outTradeNo, { wrongAmount: true });
  const wrong = await eventually('wrong amount', async () => received.find((x) => x.raw.out_trade_no === input.outTradeNo));
  t.equal(wrong.ok?.amountCents, 7501, 'authentic, but not the attempt amount: the shop compares');
});

t.test('forex_refund: refunded once per out_return_no, never beyond the payment', async (t) => {
  const { input } = await openCashier();
  await ctl.pay(input.outTradeNo);
  const r = { refundNo: `RF${input.outTradeNo}`, outTradeNo: input.outTradeNo, amountMinor: 7500, totalMinor: 7500, currency: 'EUR' };
  t.match(await adapter.refund(r), { state: 'succeeded', refundNo: r.refundNo });
  t.match(await adapter.refund(r), { state: 'succeeded' }, 'the same number again answers the same refund');
  t.match(
    await adapter.refund({ ...r, refundNo: `${r.refundNo}-2` }),
    { state: 'failed', detail: 'RETURN_AMOUNT_EXCEED' },
    'no second refund of the same money',
  );
  const trades = (await ctl.trades()).body;
  t.equal(trades.find((x) => x.outTradeNo === input.outTradeNo)!.refunds.length, 1);
  const unpaid = await openCashier();
  t.match(await adapter.refund({ ...r, refundNo: 'RF-UNPAID', outTradeNo: unpaid.input.outTradeNo }), { state: 'failed', detail: 'TRADE_STATUS_ERROR' });
});

t.test('no close call exists: close() asks and answers honestly (open until the timeout, paid, never a pretend close)', async (t) => {
  const { input } = await openCashier();
  const before = Date.now();
  const open = await adapter.close(input.outTradeNo);
  t.equal(open.state, 'open', 'an unpaid trade stays payable');
  const until = open.state === 'open' ? open.payableUntil.getTime() : 0;
  t.ok(until >= before + 12 * 3_600_000 && until <= Date.now() + 12 * 3_600_000, "payable for Alipay's default 12 h from now");
  t.match(await adapter.query(input.outTradeNo), { state: 'pending', detail: 'WAIT_BUYER_PAY' }, 'and still is: nothing was closed');
  await ctl.pay(input.outTradeNo);
  t.same(await adapter.close(input.outTradeNo), { state: 'paid' }, 'paid after the "close": the money counts');

  const other = await openCashier();
  const answer = await adapterWithTimeout('30m').close(other.input.outTradeNo);
  t.ok(answer.state === 'open' && answer.payableUntil.getTime() <= Date.now() + 30 * 60_000, 'a configured timeout_rule bounds the window');
  t.throws(
    () => new AlipayForexAdapter({ partner, privateKey: creds.appPrivateKey, alipayPublicKey: creds.alipayPublicKey, timeoutRule: '2 hours' }),
    /timeout_rule "2 hours"/,
    'a timeout_rule Alipay would refuse is refused at start',
  );
});

t.test('timeout_rule as Alipay applies it: an unpaid trade closes when its window runs out, and only enabled values are taken', async (t) => {
  const { input } = await openCashier();
  await ctl.advanceClock(12 * 3_600_000 - 60_000);
  t.match(await adapter.query(input.outTradeNo), { state: 'pending', detail: 'WAIT_BUYER_PAY' }, 'payable just before its 12 h');
  await ctl.advanceClock(120_000);
  t.match(await adapter.query(input.outTradeNo), { state: 'closed', detail: 'TRADE_CLOSED' }, 'closed once the 12 h have passed');
  const late = await ctl.pay(input.outTradeNo);
  t.equal(late.status, 409, 'a closed trade cannot be paid');
  await ctl.setClock(new Date());

  const refused = await openCashier(attempt(), adapterWithTimeout('30m'));
  t.match(refused.html, /timeout_rule 30m is not enabled for this partner/, 'a value Alipay has not enabled is refused at the cashier');
});
