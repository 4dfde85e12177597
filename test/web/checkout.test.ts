import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { launchBrowser, openShop, screenshots, signInBuyer, widthOf } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';
import { tempDir } from '../helpers/tmp.js';
import { openPurchase, pdfOpensOnlyWith, saveDownload } from './buy-steps.js';

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10' };

t.test('PayPal (en): purchase dialog, sandbox approval, result page, download, orders list', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const { page, context, errors } = await openShop(browser, stack.base);
  const shot = screenshots('checkout-paypal-en');
  const dir = tempDir(t);
  const email = uniqueEmail('paypal');
  await page.goto('/shop/enPage');
  await page.getByTestId('book').first().waitFor();

  // As a guest: a paper book goes to customer service, an e-book to the login.
  const paperCard = page.getByTestId('book').nth(1);
  await paperCard.getByText(en.books.paper, { exact: true }).click();
  await paperCard.getByTestId('buy-now').click();
  const paper = page.getByTestId('paper-dialog');
  await paper.waitFor();
  t.match(await paper.innerText(), /contact us by email at info@example\.org/, 'paper book: contact customer service');
  await shot(page, 'paper-dialog');
  await paper.getByRole('button', { name: en.common.ok }).click();
  await page.getByTestId('book').first().getByTestId('buy-now').click();
  await t.resolves(page.getByTestId('login-dialog').waitFor(), 'an e-book needs a login first');
  await page.keyboard.press('Escape');

  await signInBuyer(stack, context, { email });
  await page.reload();
  await page.getByTestId('user-menu').waitFor();
  const p = await openPurchase(page, en, { book: 0, search: 'germ', country: 'Germany', method: 'PAYPAL', shot });
  t.equal(p.width, 900, 'purchase dialog is 900 px wide');
  t.same(p.missing, ['please select country'], 'the country is required');
  t.equal(p.countryValue, 'Germany', 'English country name in English');
  t.ok(p.ebookNote, 'the red e-book note');
  t.equal(p.submitText, 'agree and pay');
  t.match(await p.dlg.innerText(), /info@example\.org/, 'the service email');
  await p.dlg.getByTestId('purchase-submit').click();

  // The sandbox approval page, then back to the result page.
  await page.waitForURL(/\/paypal\//);
  await shot(page, 'paypal-approval');
  await page.locator('button.pay').click();
  await page.waitForURL(/\/shop\/views\/pay\/PayPalResult/);
  t.match(await page.getByTestId('processing').innerText(), /订单正在处理中.*The order is being processed, please wait patiently/, 'bilingual processing message');
  const ok = page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 30_000 });
  t.match(await ok.innerText(), /Successful Book Purchase/);
  await shot(page, 'paypal-success');
  const pdf = await saveDownload(page, dir, () => ok.getByTestId('result-confirm').click());
  t.equal(pdf.name, 'Automotive Software Quality Management System Requirements.pdf', 'saved under the book name');
  t.same(pdfOpensOnlyWith(pdf.file, email), { withPassword: true, without: false }, 'the PDF opens with the login email only');
  await page.waitForURL('**/shop/index');

  // The e-book is bought: its radio is disabled and paper is chosen.
  const first = page.getByTestId('book').first();
  await first.getByText(en.books.purchased.replace('{{password}}', email)).waitFor();
  t.ok(await first.locator('input[value=EBOOK]').isDisabled(), 'e-book radio disabled once bought');
  t.ok(await first.locator('input[value=PAPER]').isChecked(), 'format forced to paper');
  await shot(page, 'bought');

  await page.getByRole('link', { name: en.nav.orders }).first().click();
  const row = page.getByTestId('order-row').first();
  await row.waitFor();
  const cells = await row.locator('td').allInnerTexts();
  t.match(cells[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'order time YYYY-MM-DD HH:mm');
  t.match(cells.slice(2), ['Automotive Software Quality Management System Requirements', 'E-book', 'Germany', 'PayPal', '75.00', 'EUR', 'Paid', email, 'Download']);
  t.equal(await row.getByTestId('order-status').evaluate((e) => getComputedStyle(e).color), 'rgb(22, 163, 74)', 'paid is green');
  await shot(page, 'orders');
  const again = await saveDownload(page, dir, () => row.getByTestId('download').click());
  t.ok(pdfOpensOnlyWith(again.file, email).withPassword, 'the orders list downloads it too');

  // A result page for a payment that cannot be confirmed: the failure dialog.
  await page.goto('/shop/views/pay/PayPalResult?token=NO-SUCH-ORDER&key=1');
  const failed = page.getByTestId('pay-failed-dialog');
  await failed.waitFor();
  t.match(await failed.innerText(), /Payment failed, please pay again!/);
  await shot(page, 'paypal-failed');
  await failed.getByTestId('result-confirm').click();
  await page.waitForURL('**/shop/index');
  t.equal(await page.evaluate(() => sessionStorage.getItem('payStatus')), 'failed', 'the session payStatus flag');
  t.same(errors.filter((e) => !/Failed to load resource/.test(e)), [], 'no page errors');
});

t.test('Alipay (zh): form to the sandbox cashier, result page, download', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const { page, context } = await openShop(browser, stack.base);
  const shot = screenshots('checkout-alipay-zh');
  const dir = tempDir(t);
  const email = uniqueEmail('alipay');
  await signInBuyer(stack, context, { email, language: 'zh' });
  await page.goto('/shop/zhPage');
  await page.getByTestId('user-menu').waitFor();
  const p = await openPurchase(page, zh, { book: 2, search: '德', country: '德国', method: 'ALIPAY', shot });
  t.same(p.missing, ['请选择国家']);
  t.equal(p.countryValue, '德国', 'Chinese country name in Chinese');
  t.equal(p.submitText, '同意并支付');
  await p.dlg.getByTestId('purchase-submit').click();
  await page.waitForURL(/\/alipay\//);
  await shot(page, 'alipay-cashier');
  await page.locator('button.pay').click();
  await page.waitForURL(/\/shop\/views\/pay\/AliPayResult/);
  t.equal(await page.getByTestId('processing').innerText(), '订单正在处理中，请耐心等待', 'processing message in the UI language');
  const ok = page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 30_000 });
  t.match(await ok.innerText(), /购书成功/);
  await shot(page, 'alipay-success');
  const pdf = await saveDownload(page, dir, () => ok.getByTestId('result-confirm').click());
  t.equal(pdf.name, '认证规则审核员指南.pdf', 'the Chinese title as the file name');
  t.same(pdfOpensOnlyWith(pdf.file, email), { withPassword: true, without: false });
  await page.waitForURL('**/shop/index');
});

t.test('WeChat Pay QR (en): QR page with payee, amount and currency, paid by scanning, result page', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const { page, context } = await openShop(browser, stack.base);
  const shot = screenshots('checkout-wechat-en');
  const dir = tempDir(t);
  const email = uniqueEmail('wechat');
  await signInBuyer(stack, context, { email });
  await page.goto('/shop/enPage');
  await page.getByTestId('user-menu').waitFor();
  const p = await openPurchase(page, en, { book: 1, search: 'chin', country: 'China', method: 'WECHAT_NATIVE', shot });
  await p.dlg.getByTestId('purchase-submit').click();
  await page.waitForURL(/\/shop\/views\/pay\/WxNativePay/);
  const qr = page.getByTestId('qr-page');
  await qr.getByTestId('payee').filter({ hasNotText: '…' }).waitFor();
  t.equal(await qr.getByTestId('amount').innerText(), '250.00');
  t.equal(await qr.getByTestId('currency').innerText(), 'EUR');
  t.ok((await qr.getByTestId('payee').innerText()).length > 1, 'the payee is shown');
  const codeUrl = await qr.getByTestId('qr-code').getAttribute('data-code-url');
  t.match(codeUrl, /^weixin:\/\/wxpay\/bizpayurl\?pr=/, 'the QR carries codeUrl');
  t.ok(await qr.locator('[data-testid=qr-code] svg path').count(), 'the QR code is drawn');
  await shot(page, 'qr-page');

  // "Scanning": the sandbox cashier opened from codeUrl, in the buyer's phone.
  const phone = await context.newPage();
  await phone.goto(`${stack.sandboxes!.url}/wechat/cashier?pr=${encodeURIComponent(new URL(codeUrl!).searchParams.get('pr')!)}`);
  await phone.locator('button[value=pay]').click();
  await phone.close();

  await page.waitForURL(/\/shop\/views\/pay\/WxPayResult/, { timeout: 20_000 });
  const ok = page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 30_000 });
  await shot(page, 'wechat-success');
  const pdf = await saveDownload(page, dir, () => ok.getByTestId('result-confirm').click());
  t.ok(pdfOpensOnlyWith(pdf.file, email).withPassword, 'downloaded and opens with the email');
  await page.waitForURL('**/shop/bookDetail/2');
  await page.getByTestId('book-detail').waitFor();
  t.ok(await page.getByTestId('book-detail').locator('input[value=EBOOK]').isDisabled(), 'the detail page knows it is bought');
  t.equal(await page.getByTestId('gallery-window').locator('[aria-pressed]').count(), 4, 'a gallery window of 4 thumbnails');
  await shot(page, 'book-detail');
  // Back on the list within the app: the list knows it too.
  await page.getByRole('link', { name: en.nav.publication }).first().click();
  await page.getByTestId('book').nth(1).getByText(en.books.purchased.replace('{{password}}', email)).waitFor();
  t.ok(await page.getByTestId('book').nth(1).locator('input[value=EBOOK]').isDisabled(), 'the book list is refreshed after the purchase');
});

t.test('Bank transfer (zh): purchase information, offline notice, completed by an operator', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const { page, context } = await openShop(browser, stack.base);
  const shot = screenshots('checkout-bank-zh');
  const dir = tempDir(t);
  const email = uniqueEmail('bank');
  await signInBuyer(stack, context, { email, language: 'zh' });
  await page.goto('/shop/zhPage');
  await page.getByTestId('user-menu').waitFor();
  const p = await openPurchase(page, zh, { book: 1, search: '奥地', country: '奥地利', method: 'BANK_TRANSFER', shot });
  t.equal(p.submitText, '同意并提交', "'agree and submit' for the offline payment");
  t.ok(await p.dlg.getByTestId('offline-note').isVisible(), 'the offline note');
  await p.dlg.getByTestId('purchase-submit').click();

  const info = page.getByTestId('purchase-info-dialog');
  await info.waitFor();
  t.equal(await widthOf(page, '[data-testid=purchase-info-dialog]'), 960, 'purchase-info form is 960 px wide');
  t.equal(await info.getByRole('combobox').inputValue(), '奥地利', 'the country is carried over');
  await info.getByTestId('purchase-info-submit').click();
  const shown = (await info.getByTestId('field-error').allInnerTexts()).filter(Boolean);
  t.same(shown, ['请输入街道及门牌号', '请输入邮编', '请输入城市'], 'required fields');
  await info.locator('input[name=zip]').fill('1'.repeat(65));
  await info.locator('input[name=town]').click();
  t.ok((await info.getByTestId('field-error').allInnerTexts()).includes('长度不能超过64'), 'at most 64 characters');
  await info.locator('input[name=streetNumber]').fill('Ringstraße 1');
  await info.locator('input[name=zip]').fill('1010');
  await info.locator('input[name=town]').fill('Wien');
  await info.locator('input[name=vatId]').fill('ATU12345678');
  await shot(page, 'purchase-info');
  await info.getByTestId('purchase-info-submit').click();

  const notice = page.getByTestId('offline-dialog');
  await notice.waitFor();
  t.match(await notice.innerText(), /提交成功/, "'submission successful'");
  const reference = (await notice.getByTestId('offline-reference').innerText()).replace(/^.*：/, '');
  t.ok(reference.length > 3, `a payment reference (${reference})`);
  await shot(page, 'offline-notice');
  await notice.getByRole('button', { name: zh.common.ok }).click();

  await page.getByRole('link', { name: zh.nav.orders }).first().click();
  const row = page.getByTestId('order-row').first();
  await row.waitFor();
  t.equal(await row.getByTestId('order-status').innerText(), '待支付');
  t.equal(await row.getByTestId('order-status').evaluate((e) => getComputedStyle(e).color), 'rgb(220, 38, 38)', 'pending is red');
  t.equal((await row.locator('td').last().innerText()).trim(), '-', 'no download before payment');
  const orderNo = (await row.getAttribute('data-order-no'))!;
  await shot(page, 'orders-pending');

  // The read-only purchase information: empty optional values show '-'.
  await row.getByRole('button', { name: orderNo }).click();
  const view = page.getByTestId('purchase-info-view');
  await view.waitFor();
  const text = await view.innerText();
  t.match(text, /Ringstraße 1/);
  t.match(text, /ATU12345678/);
  t.match(text, /信箱\s*-/, "an empty letterbox shows '-'");
  await shot(page, 'purchase-info-view');
  await view.getByRole('button', { name: zh.common.close }).first().click();

  // An operator records the transfer.
  const { ensureOperator } = await import('../../gateway/src/cli/operator.js');
  const { loginLegacy } = await import('../helpers/accounts.js');
  const opEmail = uniqueEmail('op');
  await ensureOperator(stack.db, { email: opEmail, password: 'Operator1' });
  const op = stack.client();
  await loginLegacy(op, opEmail, 'Operator1');
  t.match(await op.form('/api/orderManagement/updateOrderStatus', { orderId: orderNo, orderStatus: '0' }), { code: 200 });

  await page.reload();
  await row.waitFor();
  t.equal(await row.getByTestId('order-status').innerText(), '已支付', 'paid after the operator acted');
  // Filters: status and payment type.
  await page.getByTestId('filter-status').selectOption('PENDING_PAYMENT');
  await page.getByText(zh.orders.empty).waitFor();
  await page.getByTestId('filter-status').selectOption('PAID');
  await page.getByTestId('filter-paytype').selectOption('3');
  await row.waitFor();
  t.equal(await page.getByTestId('order-row').count(), 1, 'paid + offline: the order');
  await page.getByTestId('filter-paytype').selectOption('2');
  await page.getByText(zh.orders.empty).waitFor();
  await page.getByTestId('filter-paytype').selectOption('');
  await row.waitFor();
  await shot(page, 'orders-paid');
  const pdf = await saveDownload(page, dir, () => row.getByTestId('download').click());
  t.same(pdfOpensOnlyWith(pdf.file, email), { withPassword: true, without: false }, 'the e-book downloads and opens with the email');
});
