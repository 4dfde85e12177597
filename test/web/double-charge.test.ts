import type { Locator, Page } from 'playwright-core';
import t from 'tap';
import { untilInteractive } from '../helpers/browser.js';
import { mailsTo } from '../helpers/mail.js';
import { eventually } from '../helpers/tmp.js';
import { openPurchase, orderByBankTransfer, pdfOpensOnlyWith, saveDownload } from './buy-steps.js';
import { startWalks, walk, walkEnv, type Walk } from './walks.js';

// Paying twice at the overseas setups (Alipay cross-border, WeChat Pay Global), in en and zh: the
// buyer opens Alipay's cashier, goes back and pays by WeChat Pay instead. Alipay's cross-border
// trade cannot be cancelled, so the QR page tells the buyer that the Alipay page stays valid until
// a local time and is not to be paid. The buyer pays it anyway: the result page says that this was
// a second payment, refunded automatically; it is refunded once, the buyer gets the refund mail in
// their language, and My Orders shows the refund while the e-book still downloads.

t.setTimeout(420_000);
await startWalks();

const COUNTRY = { en: { search: 'germ', country: 'Germany' }, zh: { search: '德', country: '德国' } } as const;
const BOOK = 0;
const PRICES = ['75.00', '250.00', '50.00'];
const PRICE = PRICES[BOOK]!;

/** The shop's own formatting of a moment and a day, as the buyer's browser does it (its ICU, its time zone). */
function localFormat(page: Page, iso: string, lang: 'en' | 'zh', withTime: boolean): Promise<string> {
  return page.evaluate(
    ([at, l, time]) =>
      new Intl.DateTimeFormat(l === 'zh' ? 'zh-CN' : 'en-GB', time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(
        new Date(at),
      ),
    [iso, lang, withTime] as const,
  );
}

/** Buy now → Alipay: the cashier opens. Answers the signed request that opened it and its out_trade_no. */
async function openAlipayCashier(w: Walk, book = BOOK) {
  const { page, T } = w;
  const p = await openPurchase(page, T, { book, ...COUNTRY[w.lang], method: 'ALIPAY' });
  const cashierRequest = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname.endsWith('/alipay/gateway.do'));
  await p.dlg.getByTestId('purchase-submit').click();
  const request = await cashierRequest;
  await page.getByTestId('alipay-pay').waitFor();
  w.t.equal(await page.getByTestId('alipay-forex-amount').innerText(), `${PRICES[book]} EUR`, 'the Alipay cashier asks for the EUR price');
  const outTradeNo = (await page.getByTestId('alipay-out-trade-no').innerText()).trim();
  await w.shot(page, 'alipay-cashier');
  // The same signed request again (gateway.do also answers GET) opens the same cashier, as a tab
  // kept open or the browser's history would.
  const url = new URL(request.url());
  for (const [k, v] of new URLSearchParams(request.postData() ?? '')) url.searchParams.set(k, v);
  return { cashierUrl: url.toString(), outTradeNo };
}

/** Back from a provider's page to the book list, ready for another Buy now. */
async function backToShop(w: Walk) {
  const { page, T } = w;
  await page.goBack();
  await page.waitForURL('**/shop/index');
  // Restored from the back-forward cache, the purchase dialog may still be open: closed as a buyer would.
  const stale = page.getByTestId('purchase-dialog');
  if (await stale.isVisible()) {
    await stale.getByRole('button', { name: T.common.close }).first().click();
    await stale.waitFor({ state: 'detached' });
  }
  await untilInteractive(page, 'buy-now');
}

/** The notice as the buyer reads it: the Alipay page stays valid until the local time the ledger keeps. */
async function seeNotice(w: Walk, notice: Locator, until: Date, what: string) {
  const { T } = w;
  await notice.waitFor();
  w.t.equal(await notice.getAttribute('role'), 'note', `${what}: a note`);
  w.t.equal(await notice.getByTestId('previous-payment-until').getAttribute('data-until'), until.toISOString(), `${what}: the time the ledger keeps`);
  const provider = T.pay.providers.ALIPAY;
  w.t.equal(
    (await notice.innerText()).replace(/\s+/g, ' ').trim(),
    `${T.pay.previousOpenTitle.replace('{{provider}}', provider)} ${T.pay.previousOpen.replace('{{provider}}', provider).replace('{{until}}', await localFormat(w.page, until.toISOString(), w.lang, true))}`,
    `${what}: in the buyer's language, the Alipay page stays valid until a local time, do not pay it, it would be refunded`,
  );
}

/** Back in the shop: WeChat Pay instead. The QR page tells the buyer the Alipay page stays payable. */
async function switchToWeChat(w: Walk, alipayTradeNo: string) {
  const { page, T } = w;
  const { stack } = walkEnv();
  await backToShop(w);
  const p = await openPurchase(page, T, { book: BOOK, ...COUNTRY[w.lang], method: 'WECHAT_NATIVE' });
  await p.dlg.getByTestId('purchase-submit').click();
  // The switch closes (here: withdraws) the Alipay attempt before WeChat Pay is asked for a QR: two
  // provider calls, slow on a loaded machine. A refusal would show as a toast: named if it comes.
  const qr = page.getByTestId('qr-page');
  const toast = page.getByTestId('toast');
  await qr.or(toast).first().waitFor({ timeout: 30_000 });
  w.t.same(await toast.allInnerTexts(), [], 'the switch to WeChat Pay is not refused');
  await page.waitForURL(/\/shop\/views\/pay\/WxNativePay/);
  await qr.getByTestId('payee').filter({ hasNotText: '…' }).waitFor();
  const orderNo = (await qr.getByTestId('order-no').innerText()).trim();

  // The withdrawn Alipay attempt, as the ledger keeps it: closed, watched until it times out.
  const old = await stack.db
    .selectFrom('payment_intents')
    .select(['status', 'payable_until', 'provider'])
    .where('out_trade_no', '=', alipayTradeNo)
    .executeTakeFirstOrThrow();
  w.t.match(old, { status: 'closed', provider: 'alipay' }, 'the Alipay attempt is closed in the ledger');
  const until = old.payable_until!;
  w.t.ok(until.getTime() > Date.now() + 60 * 60_000, 'and stays payable at Alipay for hours (its timeout_rule)');

  await seeNotice(w, qr.getByTestId('previous-payment-notice'), until, 'the QR page');
  await w.shot(page, 'wechat-qr-previous-open');

  // "Scanning" on the buyer's phone: another device, its own browser context.
  const codeUrl = (await qr.getByTestId('qr-code').getAttribute('data-code-url'))!;
  const device = await walkEnv().browser.newContext({ viewport: { width: 390, height: 844 } });
  device.setDefaultTimeout(15_000);
  try {
    const phone = await device.newPage();
    await phone.goto(`${stack.sandboxes!.url}/wechat/cashier?pr=${encodeURIComponent(new URL(codeUrl).searchParams.get('pr')!)}`);
    await phone.locator('button[value=pay]').click();
  } finally {
    await device.close();
  }
  await page.waitForURL(/\/shop\/views\/pay\/WxPayResult/, { timeout: 30_000 });
  const ok = page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 30_000 });
  await w.shot(page, 'wechat-success');
  const pdf = await saveDownload(page, w.dir, () => ok.getByTestId('result-confirm').click());
  w.t.ok(pdfOpensOnlyWith(pdf.file, w.email).withPassword, 'the e-book bought by WeChat Pay downloads');
  return orderNo;
}

/** My Orders: the order's row, paid. */
async function ordersRow(w: Walk, orderNo: string) {
  const { page, T } = w;
  await page.getByRole('link', { name: T.nav.orders }).first().click();
  await page.waitForURL('**/shop/orders');
  const row = page.locator(`[data-testid=order-row][data-order-no="${orderNo}"]`);
  await row.getByTestId('order-status').filter({ hasText: T.orders.statuses.PAID }).waitFor();
  return row;
}

for (const lang of ['en', 'zh'] as const)
  walk(
    'double-charge: Alipay cashier left open, WeChat Pay paid, the Alipay page paid too and refunded',
    lang,
    async (w) => {
      const { stack } = walkEnv();
      const { page, T } = w;
      await page.getByRole('link', { name: T.nav.publication }).first().click();
      await page.waitForURL('**/shop/index');
      await untilInteractive(page, 'buy-now');
      const alipay = await openAlipayCashier(w);
      const orderNo = await switchToWeChat(w, alipay.outTradeNo);

      const row = await ordersRow(w, orderNo);
      w.t.equal(await row.locator('td').nth(5).innerText(), T.purchase.methods.WECHAT_NATIVE, 'paid by WeChat Pay');
      w.t.equal(await page.locator(`[data-refunds-of="${orderNo}"]`).count(), 0, 'no refund yet');
      await w.shot(page, 'orders-paid');

      // The buyer pays the Alipay page that is still open, in another tab.
      const tab = await w.context.newPage();
      await tab.goto(alipay.cashierUrl);
      w.t.equal((await tab.getByTestId('alipay-out-trade-no').innerText()).trim(), alipay.outTradeNo, 'the same Alipay trade, still payable');
      await tab.getByTestId('alipay-pay').click();
      await tab.waitForURL(/\/shop\/views\/pay\/AliPayResult/);
      const result = tab.getByTestId('pay-duplicate-dialog');
      await result.or(tab.getByTestId('pay-success-dialog')).or(tab.getByTestId('pay-failed-dialog')).first().waitFor({ timeout: 30_000 });
      w.t.equal(await tab.getByTestId('pay-failed-dialog').count(), 0, 'the result page does not call the paid order failed');
      w.t.equal(await tab.getByTestId('pay-success-dialog').count(), 0, 'nor the second payment a purchase');
      w.t.ok(await result.isVisible(), 'it says the payment was a second one');
      w.t.match(await result.innerText(), T.pay.duplicateTitle, `titled "${T.pay.duplicateTitle}"`);
      w.t.equal(
        (await result.getByTestId('result-body').innerText()).trim(),
        T.pay.duplicateBody.replace('{{orderNo}}', orderNo),
        "in the buyer's language: the order was already paid, this second payment is refunded automatically",
      );
      await w.shot(tab, 'alipay-second-payment-result');
      await tab.close();

      // The second payment is refunded automatically, once, without an operator.
      const refund = await eventually(
        'the second payment refunded',
        async () => {
          const rows = await stack.db
            .selectFrom('refunds')
            .innerJoin('payment_intents', 'payment_intents.id', 'refunds.intent_id')
            .select([
              'refunds.refund_no',
              'refunds.kind',
              'refunds.status',
              'refunds.requested_by',
              'refunds.amount_minor',
              'refunds.currency',
              'refunds.completed_at',
            ])
            .where('payment_intents.out_trade_no', '=', alipay.outTradeNo)
            .execute();
          return rows.length && rows.every((r) => r.status === 'succeeded') ? rows : false;
        },
        90_000,
      );
      w.t.equal(refund.length, 1, 'one refund of the Alipay payment');
      w.t.match(
        refund[0],
        { kind: 'duplicate_payment', requested_by: null, amount_minor: 7500, currency: 'EUR' },
        'a duplicate payment, refunded by the shop itself',
      );
      const trades = (await (await fetch(`${stack.sandboxes!.url}/alipay/_control/trades`)).json()) as Array<{
        outTradeNo: string;
        status: string;
        refunds: Array<{ outReturnNo: string; amount: string }>;
      }>;
      const trade = trades.find((x) => x.outTradeNo === alipay.outTradeNo);
      w.t.match(trade, { status: 'TRADE_FINISHED' }, 'Alipay took the second payment');
      w.t.same(trade?.refunds, [{ outReturnNo: refund[0]!.refund_no, amount: PRICE }], 'and holds exactly one refund of it, the whole amount');
      const order = await stack.db.selectFrom('orders').select(['status', 'refunded_at']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
      w.t.same(order, { status: 'paid', refunded_at: null }, 'the order stays paid');

      // The refund mail, in the buyer's language.
      const subject = w.lang === 'zh' ? `订单 ${orderNo} 已退款` : `Order ${orderNo}: refund sent`;
      const mail = await eventually('the refund mail', async () => (await mailsTo(w.email)).find((m) => m.subject === subject), 30_000);
      w.t.match(
        mail.text,
        w.lang === 'zh' ? /这是对已支付订单的重复付款，已自动退回/ : /This was a second payment for an order that was already paid, refunded automatically/,
        'the refund mail says it was a second payment, refunded automatically',
      );
      w.t.match(mail.text, `${PRICE} EUR`, 'with the amount');
      w.t.equal((await mailsTo(w.email)).filter((m) => m.subject === subject).length, 1, 'one refund mail');

      // My Orders: the automatic refund under the order, which stays paid and downloadable.
      await page.reload();
      const refunded = await ordersRow(w, orderNo);
      const shown = page.locator(`[data-refunds-of="${orderNo}"]`).getByTestId('order-refund');
      await shown.first().waitFor();
      w.t.equal(await shown.count(), 1, 'one refund under the order');
      w.t.equal(await shown.getAttribute('data-kind'), 'DUPLICATE_PAYMENT');
      const day = await localFormat(page, refund[0]!.completed_at!.toISOString(), w.lang, false);
      w.t.equal(
        (await shown.innerText()).trim(),
        T.orders.refunds.duplicateRefunded.replace('{{amount}}', PRICE).replace('{{currency}}', 'EUR').replace('{{date}}', day),
        'it says a second payment was refunded automatically, on which day',
      );
      await w.shot(page, 'orders-duplicate-refunded');
      const again = await saveDownload(page, w.dir, () => refunded.getByTestId('download').click());
      w.t.ok(pdfOpensOnlyWith(again.file, w.email).withPassword, 'the e-book still downloads');
    },
    { signedIn: true },
  );

// The other places the new payment is shown: before leaving for PayPal's page (a dialog), and the
// bank-transfer notice, which still names the Alipay page withdrawn by the checkout before.
walk(
  'switch-notices: Alipay cashier left open, then PayPal, then bank transfer',
  'zh',
  async (w) => {
    const { stack } = walkEnv();
    const { page, T } = w;
    const book = 2;
    await page.getByRole('link', { name: T.nav.publication }).first().click();
    await page.waitForURL('**/shop/index');
    await untilInteractive(page, 'buy-now');
    const alipay = await openAlipayCashier(w, book);
    await backToShop(w);
    const before = await stack.db
      .selectFrom('payment_intents')
      .select(['status', 'payable_until'])
      .where('out_trade_no', '=', alipay.outTradeNo)
      .executeTakeFirstOrThrow();
    w.t.same(before, { status: 'pending', payable_until: null }, 'going back withdraws nothing: the Alipay attempt is open until the buyer chooses again');

    const paypal = await openPurchase(page, T, { book, ...COUNTRY[w.lang], method: 'PAYPAL' });
    await paypal.dlg.getByTestId('purchase-submit').click();
    const dialog = page.getByTestId('previous-payment-dialog');
    await dialog.waitFor();
    const withdrawn = (
      await stack.db.selectFrom('payment_intents').select(['payable_until']).where('out_trade_no', '=', alipay.outTradeNo).executeTakeFirstOrThrow()
    ).payable_until!;
    await seeNotice(w, dialog.getByTestId('previous-payment-notice'), withdrawn, 'before PayPal');
    w.t.ok(page.url().includes('/shop/index'), 'the buyer is still in the shop');
    await w.shot(page, 'paypal-previous-open');
    await dialog.getByTestId('previous-payment-continue').click();
    await page.waitForURL(/\/paypal\//);
    w.t.pass('on to PayPal once the buyer has read it');

    await backToShop(w);
    const transfer = await openPurchase(page, T, { book, ...COUNTRY[w.lang], method: 'BANK_TRANSFER' });
    const offline = await orderByBankTransfer(page, transfer.dlg);
    await seeNotice(w, offline.getByTestId('previous-payment-notice'), withdrawn, 'with the bank details');
    await w.shot(page, 'offline-previous-open');
    await offline.getByRole('button', { name: T.common.ok }).click();
  },
  { signedIn: true },
);
