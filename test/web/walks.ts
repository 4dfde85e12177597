import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import type { Messages } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import {
  launchBrowser,
  openShop,
  OPERATOR_PASSWORD,
  screenshots,
  signInBuyer,
  signInOperator,
  toastSeen,
  untilInteractive,
  widthOf,
} from '../helpers/browser.js';
import { startStack, uniqueEmail, type TestStack } from '../helpers/stack.js';
import type { RawConfig } from '@shop/config';
import { SANDBOX_BANK_ACCOUNT, SANDBOX_EUR_CNY, type SandboxSetups } from '@shop/sandboxes/combined';
import { epcFields } from './epc-fields.js';
import { eventually, tempDir } from '../helpers/tmp.js';
import { mailsTo } from '../helpers/mail.js';
import { logOutAndLogIn, openPurchase, pdfOpensOnlyWith, registerWithMailCode, saveDownload, type Method } from './buy-steps.js';

// The walk of a buyer, in both languages and with every provider: (in English) register
// with the code from the mail sink and log in with the captcha, buy an e-book through the
// provider's sandbox cashier, see the order paid, download the PDF and open it with the email;
// bank transfer is completed by an operator. A bought e-book cannot be bought again and there are
// three books, so each language has two buyers with two providers each (checkout-en.test.ts,
// checkout-zh.test.ts): one stack per file, its walks side by side.

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10' };
const noise = (e: string) => /Failed to load resource/.test(e);
let stack: TestStack;
let browser: Browser;

/**
 * The file's stack (gateway, workers, payment sandboxes in the given merchant setups, `settings`
 * over the walks' own) and browser, shared by its walks. The walks are separate buyers (own
 * profile, own books and orders) with their own operators: they run side by side, and a file takes
 * as long as its longest walk.
 */
export async function startWalks(setups?: SandboxSetups, settings: RawConfig = {}): Promise<void> {
  t.jobs = 2;
  stack = await startStack(t, { ...env, ...settings }, { payments: true, setups });
  browser = await launchBrowser(t);
}

/** The stack and browser of this file's walks (for steps defined elsewhere). */
export function walkEnv(): { stack: TestStack; browser: Browser } {
  return { stack, browser };
}

export { logOutAndLogIn, registerWithMailCode };

/**
 * An operator on the console in the walk's language. Logging in is not the walks' subject (the
 * account screens and operator-console.test.ts log operators in through the dialog with the
 * captcha): the operator's profile gets a session cookie.
 */
export async function openConsoleAsOperator(w: { lang: 'en' | 'zh'; T: Messages }) {
  const op = await openShop(browser, stack.base);
  await signInOperator(stack, op.context);
  await op.page.goto(`/shop/${w.lang}Page`);
  await op.page.getByRole('link', { name: w.T.nav.console }).click();
  return op;
}

type Lang = 'en' | 'zh';
const TEXTS: Record<Lang, Messages> = { en, zh };
const COUNTRY: Record<Lang, { search: string; country: string }> = { en: { search: 'germ', country: 'Germany' }, zh: { search: '德', country: '德国' } };
/** The configuration's defaults (SELLER_*, PAYEE_NAME, PAYEE_NAME_ZH): who sells and the QR page's payee. */
const SELLER = {
  name: { en: 'Automotive Software Quality Standard Publications (example operator)', zh: '汽车软件质量标准出版物（示例运营者）' },
  address: { en: 'Example Street 1, 10115 Berlin, Germany', zh: '德国柏林 10115，示例街1号' },
  registration: 'Example Register 000000',
};
const PAYEE = { en: 'Automotive Software Quality Standard Publications', zh: '汽车软件质量标准出版物' };

/** A page that takes money names the seller: legal name, address and registration in the page language. */
async function seeSeller(w: Walk, where: ReturnType<Page['getByTestId']>, what: string) {
  const seller = where.getByTestId('seller-identity');
  w.t.same(
    {
      name: await seller.getByTestId('seller-name').innerText(),
      address: await seller.getByTestId('seller-address').innerText(),
      registration: await seller.getByTestId('seller-registration').innerText(),
    },
    { name: SELLER.name[w.lang], address: SELLER.address[w.lang], registration: SELLER.registration },
    `${what}: the seller in ${w.lang}`,
  );
  w.t.match(await seller.innerText(), w.lang === 'zh' ? /^销售方：/ : /^Seller: /, `${what}: labelled`);
}

interface HandOffView {
  dialog: string;
  name: string;
  address: string;
  registration: string;
}
let handOffs = 0;

/**
 * Leaving for a provider's page (Alipay's cashier, PayPal's approval): the hand-off dialog shows
 * where the buyer goes and who sells. The browser leaves at once, so the page reports the dialog
 * the moment it is drawn (a mutation observer calling back into the test).
 */
async function seeHandOff(w: Walk, provider: 'ALIPAY' | 'PAYPAL', leave: () => Promise<void>) {
  let seen!: (v: HandOffView) => void;
  const shown = new Promise<HandOffView>((resolve) => (seen = resolve));
  const binding = `shopHandOff${++handOffs}`;
  await w.page.exposeFunction(binding, (v: HandOffView) => seen(v));
  await w.page.evaluate((binding) => {
    const report = () => {
      const dlg = document.querySelector('[data-testid=hand-off-dialog]');
      const seller = dlg?.querySelector('[data-testid=seller-identity]');
      if (!dlg || !seller) return false;
      const part = (id: string) => seller.querySelector(`[data-testid=${id}]`)?.textContent ?? '';
      const send = (window as unknown as Record<string, (v: unknown) => void>)[binding]!;
      send({ dialog: dlg.textContent ?? '', name: part('seller-name'), address: part('seller-address'), registration: part('seller-registration') });
      return true;
    };
    const watch = new MutationObserver(() => {
      if (report()) watch.disconnect();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  }, binding);
  await leave();
  const v = await shown;
  w.t.ok(v.dialog.includes(w.T.pay.handOff.replace('{{provider}}', w.T.pay.providers[provider])), `on the way to ${provider}`);
  w.t.same(
    { name: v.name, address: v.address, registration: v.registration },
    { name: SELLER.name[w.lang], address: SELLER.address[w.lang], registration: SELLER.registration },
    `hand-off to ${provider}: the seller in ${w.lang}`,
  );
}

export interface Walk {
  t: Test;
  lang: Lang;
  T: Messages;
  page: Page;
  context: BrowserContext;
  email: string;
  shot: (p: Page, step: string) => Promise<void>;
  dir: string;
  /** The e-books this walk bought online, in order. */
  orders?: Array<{ title: string; provider: 'WECHAT' | 'ALIPAY' | 'PAYPAL' }>;
}

async function bookTitle(page: Page, book: number): Promise<string> {
  return (await page.getByTestId('book').nth(book).getByRole('heading').innerText()).trim();
}

/** My Orders shows the order of this book paid (green), with the Download link. */
async function seeOrderPaid(w: Walk, title: string) {
  const { page, T } = w;
  await page.getByRole('link', { name: T.nav.orders }).first().click();
  await page.waitForURL('**/shop/orders');
  const row = page.getByTestId('order-row').filter({ hasText: title });
  await row.getByTestId('order-status').filter({ hasText: T.orders.statuses.PAID }).waitFor();
  w.t.equal(
    await row.getByTestId('order-status').evaluate((e) => getComputedStyle(e).color),
    'rgb(17, 105, 50)',
    `${title}: paid, in green (green.700: readable on white)`,
  );
  w.t.equal(await row.getByTestId('download').innerText(), T.orders.download, 'with the Download link');
  return row;
}

/** After a provider's success dialog: confirm and download, then the PDF opens with the email only. */
async function downloadFromResult(w: Walk, title: string, step: string) {
  const ok = w.page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 30_000 });
  w.t.match(await ok.innerText(), w.T.pay.successTitle, `'${w.T.pay.successTitle}'`);
  await w.shot(w.page, step);
  const pdf = await saveDownload(w.page, w.dir, () => ok.getByTestId('result-confirm').click());
  w.t.equal(pdf.name, `${title}.pdf`, 'saved under the book name');
  w.t.same(pdfOpensOnlyWith(pdf.file, w.email), { withPassword: true, without: false }, 'the PDF opens with the login email only');
}

async function purchase(w: Walk, book: number, method: Method) {
  await w.page.getByRole('link', { name: w.T.nav.publication }).first().click();
  await w.page.waitForURL('**/shop/index');
  const title = await bookTitle(w.page, book);
  const p = await openPurchase(w.page, w.T, { book, ...COUNTRY[w.lang], method, shot: w.shot });
  w.t.equal(p.width, 900, 'purchase dialog is 900 px wide');
  w.t.equal(p.preset, w.lang === 'zh' ? '中国' : 'China', 'the country starts at 001, China');
  w.t.same(p.missing, [w.T.validation.countryRequired], 'the country is checked first');
  w.t.equal(p.countryValue, COUNTRY[w.lang].country, 'the country name in the UI language');
  w.t.ok(p.ebookNote, 'the red e-book note');
  w.t.equal(p.submitText, method === 'BANK_TRANSFER' ? w.T.purchase.agreeAndSubmit : w.T.purchase.agreeAndPay);
  w.t.match(await p.dlg.innerText(), /info@example\.org/, 'the service email');
  await seeSeller(w, p.dlg, 'checkout and payment choice');
  return { ...p, title };
}

/** What the QR page shows per book: the EUR price (overseas), or CNY at the sandbox's rate (domestic). */
export const PRICES = { EUR: ['75.00', '250.00', '50.00'], CNY: ['583.59', '1945.30', '389.06'] } as const;
/** The overseas page's estimate at the reference rate (the sandbox's dated EUR→CNY rate), in whole yuan. */
const ABOUT_CNY = ['584', '1945', '389'] as const;

export async function walkWeChat(w: Walk, book: number, currency: 'EUR' | 'CNY' = 'EUR') {
  const { page, T } = w;
  const p = await purchase(w, book, 'WECHAT_NATIVE');
  await p.dlg.getByTestId('purchase-submit').click();
  await page.waitForURL(/\/shop\/views\/pay\/WxNativePay/);
  const qr = page.getByTestId('qr-page');
  await qr.getByTestId('payee').filter({ hasNotText: '…' }).waitFor();
  w.t.equal(await qr.getByTestId('amount').innerText(), PRICES[currency][book], 'the amount');
  w.t.equal(await qr.getByTestId('currency').innerText(), currency);
  w.t.equal(await qr.getByTestId('payee').innerText(), PAYEE[w.lang], 'the payee in the page language');
  // What WeChat charges in CNY: exactly (domestic), or about so much at a dated reference rate (overseas).
  const cny = qr.getByTestId('cny-amount');
  await cny.waitFor();
  const note = await cny.getByTestId('cny-note').innerText();
  if (currency === 'CNY') {
    w.t.equal(await cny.getAttribute('data-exact'), 'true', 'domestic: exact');
    w.t.equal(await cny.getByTestId('cny-value').innerText(), `¥${PRICES.CNY[book]}`, 'domestic: exactly what the attempt asks for');
  } else {
    w.t.equal(await cny.getAttribute('data-exact'), 'false', 'overseas: an estimate');
    w.t.equal(await cny.getByTestId('cny-value').innerText(), T.pay.chargedAbout.replace('{{amount}}', ABOUT_CNY[book]!), 'overseas: about so many yuan');
    w.t.match(note, w.lang === 'zh' ? /微信支付按其当日汇率以人民币扣款/ : /WeChat Pay charges you in CNY at its own rate/, 'WeChat converts at its own rate');
  }
  w.t.ok(note.includes(SANDBOX_EUR_CNY.rate) && note.includes(SANDBOX_EUR_CNY.date) && note.includes(SANDBOX_EUR_CNY.source), 'the rate, its date and source');
  // Until when the code is payable: the order's expiry (ORDER_EXPIRY_MINUTES, 120), in the page language.
  const expiry = qr.getByTestId('qr-expiry');
  const until = Date.parse((await expiry.getAttribute('data-expires-at'))!);
  w.t.ok(until > Date.now() + 100 * 60_000 && until <= Date.now() + 120 * 60_000, 'the code expires with the order, about two hours on');
  w.t.match(
    await expiry.innerText(),
    w.lang === 'zh' ? /^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/ : /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    'in the page language',
  );
  w.t.ok(await qr.getByTestId('wechat-pay-mark').isVisible(), 'the WeChat Pay mark');
  await seeSeller(w, qr, 'QR page');
  const codeUrl = await qr.getByTestId('qr-code').getAttribute('data-code-url');
  w.t.match(codeUrl, /^weixin:\/\/wxpay\/bizpayurl\?pr=/, 'the QR carries codeUrl');
  w.t.ok(await qr.locator('[data-testid=qr-code] svg path').count(), 'the QR code is drawn');
  await w.shot(page, 'wechat-qr-page');

  // "Scanning": the sandbox cashier opened from codeUrl, in the buyer's phone.
  // The phone is another device: its own browser context (a second page of the shop's context
  // hung once under load, as in test/web/live-status.test.ts).
  const device = await browser.newContext({ viewport: { width: 390, height: 844 } });
  device.setDefaultTimeout(15_000);
  try {
    const phone = await device.newPage();
    await phone.goto(`${stack.sandboxes!.url}/wechat/cashier?pr=${encodeURIComponent(new URL(codeUrl!).searchParams.get('pr')!)}`);
    await w.shot(phone, 'wechat-cashier');
    await phone.locator('button[value=pay]').click();
  } finally {
    await device.close();
  }

  await page.waitForURL(/\/shop\/views\/pay\/WxPayResult/, { timeout: 20_000 });
  await downloadFromResult(w, p.title, 'wechat-success');
  w.orders = [...(w.orders ?? []), { title: p.title, provider: 'WECHAT' }];
  await page.waitForURL(`**/shop/bookDetail/${book + 1}`);
  await page.getByTestId('book-detail').waitFor();
  w.t.ok(await page.getByTestId('book-detail').locator('input[value=EBOOK]').isDisabled(), 'the detail page knows it is bought');
  w.t.equal(await page.getByTestId('gallery-window').locator('[aria-pressed]').count(), 4, 'a gallery window of 4 thumbnails');
  await w.shot(page, 'wechat-book-detail');
  await seeOrderPaid(w, p.title);
  w.t.equal(
    await page.getByTestId('order-row').filter({ hasText: p.title }).locator('td').nth(5).innerText(),
    T.purchase.methods.WECHAT_NATIVE,
    'paid by WeChat Pay',
  );
  await w.shot(page, 'wechat-orders');
}

export async function walkAlipay(w: Walk, book: number) {
  const { page, T } = w;
  const p = await purchase(w, book, 'ALIPAY');
  await payOnProviderPage(w, p, { provider: 'ALIPAY', page: /\/alipay\//, shot: 'alipay-cashier', result: /\/shop\/views\/pay\/AliPayResult/ }, (text) =>
    w.t.equal(text, T.pay.processing, 'processing message in the UI language'),
  );
  await downloadFromResult(w, p.title, 'alipay-success');
  w.orders = [...(w.orders ?? []), { title: p.title, provider: 'ALIPAY' }];
  await page.waitForURL('**/shop/index');
  await seeOrderPaid(w, p.title);
  await w.shot(page, 'alipay-orders');
}

export async function walkPayPal(w: Walk, book: number) {
  const { page, T } = w;
  const p = await purchase(w, book, 'PAYPAL');
  await payOnProviderPage(w, p, { provider: 'PAYPAL', page: /\/paypal\//, shot: 'paypal-approval', result: /\/shop\/views\/pay\/PayPalResult/ }, (text) =>
    w.t.match(text, /订单正在处理中.*The order is being processed, please wait patiently/, 'bilingual processing message'),
  );
  await downloadFromResult(w, p.title, 'paypal-success');
  w.orders = [...(w.orders ?? []), { title: p.title, provider: 'PAYPAL' }];
  await page.waitForURL('**/shop/index');

  // The e-book is bought: its radio is disabled and paper is chosen.
  const card = page.getByTestId('book').nth(book);
  await card.getByText(T.books.purchased.replace('{{password}}', w.email)).waitFor();
  w.t.ok(await card.locator('input[value=EBOOK]').isDisabled(), 'e-book radio disabled once bought');
  w.t.ok(await card.locator('input[value=PAPER]').isChecked(), 'format forced to paper');
  await w.shot(page, 'paypal-bought');

  const row = await seeOrderPaid(w, p.title);
  const cells = await row.locator('td').allInnerTexts();
  w.t.match(cells[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'order time YYYY-MM-DD HH:mm');
  w.t.match(cells.slice(2), [
    p.title,
    T.books.ebook,
    COUNTRY[w.lang].country,
    'PayPal',
    /^\d+\.00$/,
    'EUR',
    T.orders.statuses.PAID,
    w.email,
    T.orders.download,
  ]);
  await w.shot(page, 'paypal-orders');
  const again = await saveDownload(page, w.dir, () => row.getByTestId('download').click());
  w.t.ok(pdfOpensOnlyWith(again.file, w.email).withPassword, 'the orders list downloads it too');

  // A result page for an order this buyer cannot see (unknown, or another account's): the server
  // answers both alike, so the page says so instead of calling a possibly paid order failed.
  await page.goto('/shop/views/pay/PayPalResult?token=NO-SUCH-ORDER&key=1');
  const notOwn = page.getByTestId('pay-result-login');
  await notOwn.waitFor();
  w.t.equal(await notOwn.innerText(), T.pay.otherAccount, `'${T.pay.otherAccount}'`);
  w.t.equal(await page.getByTestId('pay-failed-dialog').count(), 0, 'no failure dialog for an order it cannot see');
  await w.shot(page, 'paypal-not-own');
}

const INVOICE = {
  invoicePayable: 'ACME Automotive Co., Ltd.',
  taxpayerInden: '91310000MA1K000000',
  services: 'Publications',
  registeredOffice: 'Pudong, Shanghai',
  financePhone: '021-12345678',
  accountOpeningBank: 'Bank of Example',
  bankAccount: '6222000000000000',
  contactMail: 'finance@example.com',
};

/** The invoice switch of the purchase dialog: the fields, their messages and limits, filled. */
async function fillInvoice(w: Walk, dlg: ReturnType<Page['getByTestId']>) {
  const { T } = w;
  const I = T.invoice;
  const enter = (f: keyof typeof INVOICE) => T.validation.pleaseEnter.replace('{{field}}', I[f]);
  w.t.equal(await dlg.getByTestId('invoice-fields').count(), 0, 'no invoice fields while the switch is off');
  await dlg.getByTestId('invoice-switch').click();
  const fields = dlg.getByTestId('invoice-fields');
  await fields.waitFor();
  for (const f of Object.keys(INVOICE) as (keyof typeof INVOICE)[]) w.t.equal(await fields.getByLabel(I[f]).count(), 1, `'${I[f]}' is a labelled field`);
  await dlg.getByTestId('purchase-submit').click();
  const shown = async () => (await fields.getByTestId('field-error').allInnerTexts()).filter(Boolean);
  w.t.same((await shown()).sort(), [enter('invoicePayable'), enter('contactMail')].sort(), 'a general electronic invoice needs a payee and a mailbox');
  await fields.getByTestId('invoiceType-VAT_SPECIAL').click();
  await dlg.getByTestId('purchase-submit').click();
  w.t.same(
    (await shown()).sort(),
    (['invoicePayable', 'taxpayerInden', 'registeredOffice', 'financePhone', 'accountOpeningBank', 'bankAccount', 'contactMail'] as const).map(enter).sort(),
    'a VAT special invoice also needs the tax and bank details',
  );
  await w.shot(w.page, 'invoice-required');
  await fields.locator('input[name=bankAccount]').fill('9'.repeat(256));
  await fields.locator('input[name=contactMail]').fill('not-a-mail');
  await fields.locator('input[name=services]').click();
  w.t.ok((await shown()).includes(T.validation.tooLong255), `'${T.validation.tooLong255}'`);
  w.t.ok((await shown()).includes(T.validation.emailInvalid), 'the contact email is checked');
  for (const [f, v] of Object.entries(INVOICE)) await fields.locator(`input[name=${f}]`).fill(v);
  await fields.getByTestId('pickupMethod-ELECTRONIC').click();
  w.t.same(await shown(), [], 'no message left');
  await w.shot(w.page, 'invoice-filled');
}

/** Bank transfer: purchase information, the offline notice, pending; an operator acts; paid. */
export async function walkBankTransfer(w: Walk, book: number, opts: { invoice: boolean; operator: 'console' | 'legacy' }) {
  const { page, T } = w;
  const p = await purchase(w, book, 'BANK_TRANSFER');
  w.t.ok(await p.dlg.getByTestId('offline-note').isVisible(), 'the offline note');
  if (opts.invoice) await fillInvoice(w, p.dlg);
  else {
    // Switched on and off again: nothing of it is sent.
    await p.dlg.getByTestId('invoice-switch').click();
    await p.dlg.locator('input[name=invoicePayable]').fill('Not sent Ltd.');
    await p.dlg.getByTestId('invoice-switch').click();
    await p.dlg.getByTestId('invoice-fields').waitFor({ state: 'detached' });
  }
  await p.dlg.getByTestId('purchase-submit').click();

  const info = page.getByTestId('purchase-info-dialog');
  await info.waitFor();
  w.t.equal(await widthOf(page, '[data-testid=purchase-info-dialog]'), 960, 'purchase-info form is 960 px wide');
  w.t.equal(await info.getByRole('combobox').inputValue(), COUNTRY[w.lang].country, 'the country is carried over');
  await info.getByTestId('purchase-info-submit').click();
  const enter = (f: 'streetNumber' | 'zip' | 'town') => T.validation.pleaseEnter.replace('{{field}}', T.purchaseInfo[f]);
  w.t.same((await info.getByTestId('field-error').allInnerTexts()).filter(Boolean), [enter('streetNumber'), enter('zip'), enter('town')], 'required fields');
  await info.locator('input[name=zip]').fill('1'.repeat(65));
  await info.locator('input[name=town]').click();
  w.t.ok((await info.getByTestId('field-error').allInnerTexts()).includes(T.validation.tooLong64), 'at most 64 characters');
  await info.locator('input[name=streetNumber]').fill('Hauptstraße 5');
  await info.locator('input[name=zip]').fill('10115');
  await info.locator('input[name=town]').fill('Berlin');
  await info.locator('input[name=vatId]').fill('DE123456789');
  await seeSeller(w, info, 'purchase information');
  await w.shot(page, 'purchase-info');
  await info.getByTestId('purchase-info-submit').click();

  const notice = page.getByTestId('offline-dialog');
  await notice.waitFor();
  w.t.match(await notice.innerText(), T.purchase.offlineBody, `'${T.purchase.offlineBody}'`);
  // What a wire from a Chinese bank asks for, beyond the IBAN.
  const A = SANDBOX_BANK_ACCOUNT;
  w.t.equal(await notice.getByTestId('offline-payee-address').innerText(), A.payeeAddress, "the beneficiary's address");
  w.t.equal(await notice.getByTestId('offline-bank-address').innerText(), A.bankAddress, "the bank's address");
  w.t.equal(await notice.getByTestId('offline-bic').innerText(), A.bic, 'the BIC');
  const charges = notice.getByTestId('offline-charges');
  w.t.equal(await charges.getAttribute('data-charges'), 'OUR');
  const amount = (await notice.getByTestId('offline-amount').innerText()).match(/(\d+\.\d{2}) EUR/)![1]!;
  w.t.equal(
    await charges.innerText(),
    `${T.purchase.offlineChargesLabel}${T.common.colon}${T.purchase.offlineCharges.OUR.replace('{{amount}}', amount).replace('{{currency}}', 'EUR')}`,
    'OUR recommended: the full amount must arrive',
  );
  const payBy = notice.getByTestId('offline-pay-by');
  const due = Date.parse((await payBy.getAttribute('data-pay-by'))!);
  w.t.ok(due > Date.now() + 13 * 86_400_000 && due <= Date.now() + 14 * 86_400_000, 'pay by: the order waits 14 days (BANK_TRANSFER_EXPIRY_DAYS)');
  w.t.match(
    await payBy.innerText(),
    w.lang === 'zh' ? /^请在 \d{4}年\d{1,2}月\d{1,2}日 前完成转账；/ : /^Please transfer the amount by \d{1,2} [A-Z][a-z]{2} \d{4};/,
    'the day to pay by, in the page language',
  );
  const shown = await notice.innerText();
  if (w.lang === 'zh') w.t.notOk(shown.includes(':'), 'full-width colons only in Chinese');
  else w.t.match(shown, /IBAN: DE97/, 'a colon and a space in English');
  const reference = (await notice.getByTestId('offline-reference').innerText()).split(T.common.colon).pop()!.trim();
  w.t.same(
    epcFields((await notice.getByTestId('giro-code').getAttribute('data-payload'))!),
    {
      serviceTag: 'BCD',
      version: '002',
      charset: '1',
      identification: 'SCT',
      bic: A.bic,
      name: A.payee,
      iban: A.iban,
      amount: `EUR${amount}`,
      purpose: '',
      reference: '',
      text: reference,
    },
    'the GiroCode carries the transfer (EPC069-12)',
  );
  await seeSeller(w, notice, 'bank details');
  await w.shot(page, 'offline-notice');
  await notice.getByRole('button', { name: T.common.ok }).click();

  await page.getByRole('link', { name: T.nav.orders }).first().click();
  const row = page.getByTestId('order-row').filter({ hasText: p.title });
  await row.waitFor();
  w.t.equal(await row.getByTestId('order-status').innerText(), T.orders.statuses.PENDING_PAYMENT);
  w.t.equal(await row.getByTestId('order-status').evaluate((e) => getComputedStyle(e).color), 'rgb(220, 38, 38)', 'pending is red');
  w.t.equal((await row.locator('td').last().innerText()).trim(), '-', 'no download before payment');
  const orderNo = (await row.getAttribute('data-order-no'))!;
  await w.shot(page, 'orders-pending');

  // The read-only purchase information with the invoice status and info; empty values show '-'.
  await row.getByRole('button', { name: orderNo }).click();
  const view = page.getByTestId('purchase-info-view');
  await view.getByTestId('invoice-status').waitFor();
  const text = await view.innerText();
  w.t.match(text, /Hauptstraße 5/);
  w.t.match(text, new RegExp(`${T.purchaseInfo.letterbox}\\s*-`), "an empty letterbox shows '-'");
  w.t.equal(await view.getByTestId('invoice-status').innerText(), opts.invoice ? T.invoice.required : T.invoice.notRequired, 'the invoice status');
  if (opts.invoice) {
    const inv = view.getByTestId('invoice-info');
    w.t.equal(await inv.locator('[data-field=invoiceType]').innerText(), T.invoice.types.VAT_SPECIAL);
    w.t.equal(await inv.locator('[data-field=pickupMethod]').innerText(), T.invoice.pickups.ELECTRONIC);
    for (const [f, v] of Object.entries(INVOICE)) w.t.equal(await inv.locator(`[data-field=${f}]`).innerText(), v, `invoice info: ${f}`);
    w.t.equal(await inv.locator('[data-field=detailedAddress]').innerText(), '-', "an empty invoice field shows '-'");
  } else {
    w.t.notMatch(text, /Not sent Ltd\./, 'the switched-off invoice was not sent');
  }
  await w.shot(page, 'purchase-info-view');
  await view.getByRole('button', { name: T.common.close }).first().click();
  await view.waitFor({ state: 'detached' });

  if (opts.operator === 'legacy') {
    // An operator records the transfer through the legacy endpoint.
    const { ensureOperator } = await import('../../gateway/src/cli/operator.js');
    const { loginLegacy } = await import('../helpers/accounts.js');
    const opEmail = uniqueEmail('op');
    await ensureOperator(stack.db, { email: opEmail, password: OPERATOR_PASSWORD });
    const op = stack.client();
    await loginLegacy(op, opEmail, OPERATOR_PASSWORD);
    w.t.match(await op.form('/api/orderManagement/updateOrderStatus', { orderId: orderNo, orderStatus: '0' }), { code: 200 });
  } else {
    await operatorCompletes(w, orderNo, opts.invoice);
  }

  await page.reload();
  await row.getByTestId('order-status').filter({ hasText: T.orders.statuses.PAID }).waitFor({ timeout: 30_000 });
  w.t.pass('paid after the operator acted');
  // Filters: status and payment type.
  await page.getByTestId('filter-status').selectOption('PENDING_PAYMENT');
  await page.getByText(T.orders.noMatch).waitFor();
  await page.getByTestId('filter-status').selectOption('PAID');
  // The list keeps showing the previous rows until the filtered answer is there: wait for it.
  const onlyRows = (wanted: { is?: string; not?: string }) =>
    page.waitForFunction(({ is, not }) => {
      const rows = [...document.querySelectorAll('[data-testid=order-row]')].map((r) => r.getAttribute('data-order-no'));
      return rows.length === 1 && (!is || rows[0] === is) && (!not || rows[0] !== not);
    }, wanted);
  await page.getByTestId('filter-paytype').selectOption('3');
  await w.t.resolves(onlyRows({ is: orderNo }), 'paid + offline: only the bank-transfer order');
  await page.getByTestId('filter-paytype').selectOption('2');
  await w.t.resolves(onlyRows({ not: orderNo }), 'paid + online: only the provider order');
  await page.getByTestId('filter-paytype').selectOption('');
  await row.waitFor();
  await w.shot(page, 'orders-paid');
  const pdf = await saveDownload(page, w.dir, () => row.getByTestId('download').click());
  w.t.same(pdfOpensOnlyWith(pdf.file, w.email), { withPassword: true, without: false }, 'the e-book downloads and opens with the email');
  if (opts.invoice && opts.operator === 'console') await buyerGetsInvoice(w, orderNo);
}

/** The electronic invoice the operator attaches: a small PDF, checked byte for byte at the buyer's end. */
const invoicePdf = (orderNo: string) => Buffer.from(`%PDF-1.4\n% invoice of ${orderNo}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** The operator attaches the invoice PDF in the order's dialog: the status moves to issued. */
async function operatorAttachesInvoice(w: Walk, page: Page, orderNo: string) {
  const A = w.T.admin.invoices;
  const dlg = page.getByTestId('admin-order-dialog');
  const actions = dlg.getByTestId('invoice-actions');
  await actions.waitFor();
  w.t.equal(await dlg.getByTestId('invoice-status').innerText(), w.T.invoice.statuses.REQUIRED, 'paid, the invoice is to be issued');
  w.t.equal(await actions.getByTestId('invoice-record').count(), 0, 'an electronic invoice is attached, not sent by courier');
  await actions.getByTestId('invoice-attach').click();
  w.t.same((await actions.getByTestId('field-error').allInnerTexts()).filter(Boolean), [A.fileRequired], `'${A.fileRequired}'`);
  const file = path.join(w.dir, `fapiao-${orderNo}.pdf`);
  writeFileSync(file, invoicePdf(orderNo));
  await actions.getByTestId('invoice-file').setInputFiles(file);
  await actions.getByTestId('invoice-attach').click();
  const confirm = page.getByTestId('confirm-invoice-dialog');
  await confirm.waitFor();
  w.t.match(await confirm.innerText(), new RegExp(`fapiao-${orderNo}\\.pdf[\\s\\S]*${orderNo}`), 'the prompt names the file and the order');
  await w.shot(page, 'console-invoice-confirm');
  await confirm.getByTestId('confirm-action').click();
  await toastSeen(page, w.T.dict.operationSuccess);
  await dlg.getByTestId('invoice-status').filter({ hasText: w.T.invoice.statuses.ISSUED }).waitFor();
  w.t.equal(await dlg.getByTestId('invoice-actions').count(), 0, 'issued: nothing more to attach');
  w.t.match(await dlg.getByTestId('order-invoice').innerText(), w.T.invoice.issuedElectronic, 'the console shows it issued');
  await dlg.locator('[data-testid=audit-event][data-type=invoice_issued]').waitFor();
  w.t.pass('the trail shows the issue');
  await w.shot(page, 'console-invoice-issued');
  await dlg.getByRole('button', { name: w.T.common.close }).first().click();
  await page.getByTestId('admin-filter-invoice').selectOption('REQUIRED');
  await page.getByTestId('admin-orders-empty').waitFor();
  await page.getByTestId('admin-filter-invoice').selectOption('ISSUED');
  await page
    .locator(`[data-testid=admin-order-row][data-order-no="${orderNo}"]`)
    .getByTestId('admin-order-invoice')
    .filter({ hasText: w.T.admin.invoices.statuses.ISSUED })
    .waitFor();
  w.t.pass('the invoice filter finds it issued, not among those to issue');
}

/** The buyer is mailed the invoice and downloads it from My Orders; another buyer cannot. */
async function buyerGetsInvoice(w: Walk, orderNo: string) {
  const { page, T } = w;
  const subject = w.lang === 'zh' ? `订单 ${orderNo} 的发票已开具` : `Order ${orderNo}: your invoice is issued`;
  const mail = await eventually(`the invoice mail to ${w.email}`, async () => (await mailsTo(w.email)).find((m) => m.subject === subject) ?? false, 30_000);
  w.t.match(mail.text, /My Orders|我的订单/, 'the mail says where to download it');
  w.t.match((mail as unknown as { attachments?: { fileName?: string; contentType?: string }[] }).attachments, [
    { fileName: `invoice-${orderNo}.pdf`, contentType: 'application/pdf' },
  ]);
  await page.reload();
  const line = page.locator(`[data-testid=order-invoice-row][data-invoice-of="${orderNo}"]`);
  await line.getByTestId('order-invoice').filter({ hasText: T.invoice.issuedElectronic }).waitFor();
  await w.shot(page, 'orders-invoice-issued');
  const saved = await saveDownload(page, w.dir, () => line.getByTestId('invoice-download').click());
  w.t.equal(saved.name, `invoice-${orderNo}.pdf`);
  w.t.ok(readFileSync(saved.file).equals(invoicePdf(orderNo)), 'the invoice downloads byte for byte as attached');

  const other = stack.client();
  const { registerLegacy } = await import('../helpers/accounts.js');
  await registerLegacy(other, uniqueEmail('other'));
  const refused = await other.get(`/api/orders/${orderNo}/invoice`);
  w.t.equal(refused.status, 404, 'another buyer cannot download the invoice');
  w.t.same(refused, { status: 404, code: 404, message: 'Download failed, please contact customer service!', data: null }, 'and learns nothing of it');
}

/** An operator opens the order in the console, sees its invoice, completes it. */
async function operatorCompletes(w: Walk, orderNo: string, invoice: boolean) {
  const T = w.T;
  const op = await openConsoleAsOperator(w);
  const page = op.page;
  await page.getByTestId('admin-filter-search').fill(orderNo);
  await page.getByTestId('admin-filter-apply').click();
  const row = page.locator(`[data-testid=admin-order-row][data-order-no="${orderNo}"]`);
  await row.getByTestId('admin-order-open').click();
  const dlg = page.getByTestId('admin-order-dialog');
  await dlg.getByTestId('invoice-status').waitFor();
  w.t.equal(await dlg.getByTestId('invoice-status').innerText(), invoice ? T.invoice.required : T.invoice.notRequired, 'the console shows the invoice status');
  if (invoice)
    w.t.equal(await dlg.getByTestId('invoice-info').locator('[data-field=invoicePayable]').innerText(), INVOICE.invoicePayable, 'and the invoice info');
  await w.shot(page, 'console-order-invoice');
  await dlg.getByTestId('bank-reference').fill('BANK-REF-4711');
  await dlg.getByTestId('complete-bank-transfer').click();
  const confirm = page.getByTestId('confirm-bank-dialog');
  await confirm.waitFor();
  await confirm.getByTestId('confirm-action').click();
  await dlg.getByTestId('detail-status').filter({ hasText: T.orders.statuses.PAID }).waitFor({ timeout: 30_000 });
  await w.shot(page, 'console-paid');
  if (invoice) await operatorAttachesInvoice(w, page, orderNo);
  w.t.same(
    op.errors.filter((e) => !noise(e)),
    [],
    'no page errors in the console',
  );
  await op.context.close();
}

/**
 * One buyer of one language: opens the shop, then `steps`. `signedIn` starts with a registered
 * buyer's session cookie, for walks whose subject is not the registration and login dialogs
 * (register-login.test.ts walks those in both languages, checkout-en.test.ts once more in a purchase).
 */
export function walk(name: string, lang: Lang, steps: (w: Walk) => Promise<void>, opts: { signedIn?: boolean } = {}) {
  t.test(`${name} (${lang})`, async (t) => {
    const { page, context, errors } = await openShop(browser, stack.base);
    t.teardown(() => context.close());
    const w: Walk = {
      t,
      lang,
      T: TEXTS[lang],
      page,
      context,
      email: uniqueEmail(`walk-${lang}`),
      shot: screenshots(`checkout-${lang}-${name.split(':')[0]!.replace(/\W+/g, '-').toLowerCase()}`, t),
      dir: tempDir(t),
    };
    if (opts.signedIn) await signInBuyer(stack, context, { email: w.email, language: lang });
    await page.goto(`/shop/${lang}Page`);
    await page.getByTestId('book').first().waitFor();
    if (opts.signedIn) await page.getByTestId('user-menu').filter({ hasText: 'Test Buyer' }).waitFor();
    await steps(w);
    t.same(
      errors.filter((e) => !noise(e)),
      [],
      'no page errors',
    );
  });
}

/** A guest's Buy now (spec section 4): paper → customer service; e-book → flag, reload, login. */
export async function guestBuysFirst(w: Walk) {
  const { page, T } = w;
  // The format's radios, like Buy now, take a tap only once the app runs the page.
  await untilInteractive(page, 'buy-now');
  const paperCard = page.getByTestId('book').nth(1);
  await paperCard.getByText(T.books.paper, { exact: true }).click();
  await paperCard.getByTestId('buy-now').click();
  const paper = page.getByTestId('paper-dialog');
  await paper.waitFor();
  w.t.match(await paper.innerText(), /info@example\.org/, 'paper book: contact customer service');
  await w.shot(page, 'paper-dialog');
  await paper.getByRole('button', { name: T.common.ok }).click();
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await Promise.all([page.waitForEvent('load'), page.getByTestId('book').first().getByTestId('buy-now').click()]);
  await page.getByTestId('login-dialog').waitFor();
  w.t.equal(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? null), null, 'the page was reloaded');
  w.t.equal(await page.evaluate(() => localStorage.getItem('loginNeeded')), null, 'the login-needed flag opened the login and is used up');
  await w.shot(page, 'login-after-reload');
}

/** A guest opening My Orders gets the login (no external login page configured) and stays there. */
export async function guestOpensOrders(w: Walk) {
  const { page, T } = w;
  await page.getByRole('link', { name: T.nav.orders }).first().click();
  await page.getByTestId('login-dialog').waitFor();
  w.t.ok(page.url().endsWith('/shop/orders'), 'My Orders asks a guest to log in');
  await w.shot(page, 'orders-guest-login');
  // The dialog belongs to the shell: going back keeps it open, and the login still leads to My Orders.
  await page.goBack();
  await page.waitForURL('**/shop/index');
  w.t.ok(await page.getByTestId('login-dialog').isVisible(), 'back on the book list, the login is still asked for');
}

/**
 * The result page says "being processed" only until the answer is there, which on a quiet machine
 * can come before the test looks: read the text if it is still shown, else the page is past it and
 * must show the success dialog.
 */
/**
 * The purchase is submitted, the buyer pays on the provider's page (`page`, shot as `shot`) and comes
 * back to the result page (`result`): its processing message goes to `processing`, unless the payment
 * settled first and the success dialog shows.
 */
async function payOnProviderPage(
  w: Walk,
  p: { dlg: import('playwright-core').Locator },
  at: { provider: 'ALIPAY' | 'PAYPAL'; page: RegExp; shot: string; result: RegExp },
  processing: (text: string) => void,
) {
  const { page } = w;
  await seeHandOff(w, at.provider, () => p.dlg.getByTestId('purchase-submit').click());
  await page.waitForURL(at.page);
  await w.shot(page, at.shot);
  await page.locator('button.pay').click();
  await page.waitForURL(at.result);
  const text = await processingText(page);
  if (text !== null) processing(text);
  else
    w.t.ok(
      await page
        .getByTestId('pay-success-dialog')
        .waitFor()
        .then(() => true),
      'past processing: the success dialog',
    );
}

async function processingText(page: import('playwright-core').Page): Promise<string | null> {
  const processing = page.getByTestId('processing');
  await processing.or(page.getByTestId('pay-success-dialog')).first().waitFor();
  // Read in one look: the message may give way to the success dialog at any moment, and a
  // locator's innerText() would then wait out the default timeout (15 s) for it to come back.
  return (await processing.allInnerTexts())[0] ?? null;
}
