import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { failQueries, launchBrowser, openShop, screenshots, signInBuyer, toastSeen } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';
import { tempDir } from '../helpers/tmp.js';
import { logInWithCaptcha, openPurchase, orderByBankTransfer, pdfOpensOnlyWith, saveDownload } from './buy-steps.js';

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10' };
const OP_PASSWORD = 'Operator1';
const A = en.admin;

// A bank-transfer e-book order from checkout to paid to downloadable through the operator console.
t.test('operator console (en): bank transfer completed through the confirmation prompt, a paper order recorded', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const shot = screenshots('operator-console-en', t);
  const dir = tempDir(t);

  // The buyer orders an e-book by bank transfer.
  const buyer = await openShop(browser, stack.base);
  const bp = buyer.page;
  const email = uniqueEmail('bankbuyer');
  await signInBuyer(stack, buyer.context, { email });
  await bp.goto('/shop/enPage');
  await bp.getByTestId('user-menu').waitFor();
  const p = await openPurchase(bp, en, { book: 0, search: 'germ', country: 'Germany', method: 'BANK_TRANSFER' });
  const notice = await orderByBankTransfer(bp, p.dlg);
  await notice.getByRole('button', { name: en.common.ok }).click();
  await bp.getByRole('link', { name: en.nav.orders }).first().click();
  const buyerRow = bp.getByTestId('order-row').first();
  await buyerRow.waitFor();
  const orderNo = (await buyerRow.getAttribute('data-order-no'))!;
  t.equal(await buyerRow.getByTestId('order-status').innerText(), en.orders.statuses.PENDING_PAYMENT, `order ${orderNo} pending`);

  // A buyer is refused the console, and has no link to it.
  t.equal(await bp.getByRole('link', { name: en.nav.console }).count(), 0, 'no console link for a buyer');
  await bp.goto('/shop/admin');
  const refused = bp.getByTestId('admin-refused');
  await refused.waitFor();
  t.match(await refused.innerText(), /No Permission/, 'a buyer opening the console is refused');
  t.equal(await bp.getByTestId('admin-orders-table').count(), 0, 'and sees no orders');
  await shot(bp, 'buyer-refused');

  // The operator logs in through the UI with the captcha.
  const { ensureOperator } = await import('../../gateway/src/cli/operator.js');
  const opEmail = uniqueEmail('op');
  await ensureOperator(stack.db, { email: opEmail, password: OP_PASSWORD });
  const op = await openShop(browser, stack.base);
  const page = op.page;
  await page.goto('/shop/enPage');
  await logInWithCaptcha(page, en, opEmail, OP_PASSWORD);
  await page.getByTestId('user-menu').waitFor();

  // The header link for operators opens the console (a lazy chunk).
  await page.getByRole('link', { name: en.nav.console }).click();
  await page.waitForURL('**/shop/admin');
  const table = page.getByTestId('admin-orders-table');
  await table.waitFor();
  await page.getByTestId('admin-filter-search').fill(orderNo);
  await page.getByTestId('admin-filter-apply').click();
  const row = page.locator(`[data-testid=admin-order-row][data-order-no="${orderNo}"]`);
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=admin-order-row]').length === 1);
  t.equal(await page.getByTestId('admin-order-row').count(), 1, 'search by order number finds the order');
  t.match(await row.innerText(), new RegExp(email.replace(/[.+]/g, '\\$&')), 'with the buyer email');
  t.equal(await row.getByTestId('admin-order-status').innerText(), en.orders.statuses.PENDING_PAYMENT);
  await shot(page, 'console-search');

  // The other filters: a status that excludes it, then back.
  await page.getByTestId('admin-filter-status').selectOption('PAID');
  await page.getByTestId('admin-orders-empty').waitFor();
  await page.getByTestId('admin-filter-status').selectOption('PENDING_PAYMENT');
  await page.getByTestId('admin-filter-provider').selectOption('BANK_TRANSFER');
  await row.waitFor();
  t.pass('status and provider filters');
  // A filter whose request fails shows the error, not the order found before under it.
  const restore = await failQueries(page, 'AdminOrders');
  await page.getByTestId('admin-filter-provider').selectOption('PAYPAL');
  await page.getByTestId('list-error').waitFor();
  t.equal(await page.getByTestId('admin-order-row').count(), 0, 'a failed filter shows its error and no rows of another filter');
  await restore();
  await page.getByTestId('admin-filter-provider').selectOption('BANK_TRANSFER');
  await row.waitFor();
  t.equal(await page.getByTestId('list-error').count(), 0, 'the next answer replaces the error');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId('admin-filter-from').fill(day(1));
  await page.getByTestId('admin-filter-apply').click();
  await page.getByTestId('admin-orders-empty').waitFor();
  await page.getByTestId('admin-filter-from').fill(day(-1));
  await page.getByTestId('admin-filter-to').fill(day(1));
  await page.getByTestId('admin-filter-apply').click();
  await row.waitFor();
  t.pass('date range filter');

  // The order: completing the transfer needs a reference and a confirmation.
  await row.getByTestId('admin-order-open').click();
  const dlg = page.getByTestId('admin-order-dialog');
  await dlg.waitFor();
  t.equal(await dlg.getByTestId('detail-status').innerText(), en.orders.statuses.PENDING_PAYMENT);
  await dlg.getByTestId('complete-bank-transfer').click();
  t.same((await dlg.getByTestId('field-error').allInnerTexts()).filter(Boolean), [A.actions.referenceRequired], 'the reference is required');
  await dlg.getByTestId('bank-reference').fill('BANK-REF-4711');
  await dlg.getByTestId('complete-bank-transfer').click();
  const confirm = page.getByTestId('confirm-bank-dialog');
  await confirm.waitFor();
  t.match(await confirm.innerText(), new RegExp(`${orderNo}[\\s\\S]*BANK-REF-4711`), 'the prompt names the order and the reference');
  await shot(page, 'confirm-bank-transfer');
  // Cancel first: nothing happens.
  await confirm.getByRole('button', { name: en.common.cancel }).click();
  await confirm.waitFor({ state: 'detached' });
  t.equal(await dlg.getByTestId('detail-status').innerText(), en.orders.statuses.PENDING_PAYMENT, 'cancelled: still pending');
  await dlg.getByTestId('complete-bank-transfer').click();
  await confirm.waitFor();
  await confirm.getByTestId('confirm-action').click();
  await toastSeen(page, 'operation success');
  t.pass("'operation success'");
  await dlg.getByTestId('detail-status').filter({ hasText: en.orders.statuses.PAID }).waitFor({ timeout: 30_000 });
  t.pass("the order is settled by the operator's action: PAID");
  t.equal(await dlg.getByTestId('detail-provider-ref').innerText(), 'BANK-REF-4711', 'the recorded reference');
  t.equal(await dlg.getByTestId('complete-bank-transfer').count(), 0, 'no second completion offered');

  // The audit trail: the creation and the operator's settlement, with the operator as actor.
  const trail = dlg.getByTestId('audit-trail');
  await trail.locator('[data-testid=audit-event][data-type=paid]').waitFor();
  const types = await trail.getByTestId('audit-type').allInnerTexts();
  t.equal(types[0], en.admin.events.types.created, `the trail starts with the creation, labelled (${types.join(', ')})`);
  t.ok(types.includes(en.admin.events.types.paid), 'the trail shows the payment');
  const settled = trail.locator('[data-testid=audit-event][data-type=paid]');
  t.match(await settled.innerText(), new RegExp(`Operator[\\s\\S]*${opEmail.replace(/[.+]/g, '\\$&')}`), 'the operator is the actor');
  await shot(page, 'order-paid-audit-trail');
  await dlg.getByRole('button', { name: en.common.close }).first().click();
  await row.getByTestId('admin-order-status').filter({ hasText: en.orders.statuses.PAID }).waitFor();
  t.pass('the table shows it paid too');

  // Search by buyer email; the mirrors tab.
  await page.getByTestId('admin-filter-status').selectOption('');
  await page.getByTestId('admin-filter-search').fill(email.toUpperCase());
  await page.getByTestId('admin-filter-apply').click();
  await row.getByTestId('admin-order-status').filter({ hasText: en.orders.statuses.PAID }).waitFor();
  t.pass('search by buyer email (case-insensitive)');
  await page.getByTestId('admin-tab-mirrors').click();
  await page.getByTestId('mirrors-table').waitFor();
  await shot(page, 'mirrors');

  // The buyer sees it paid and downloads the PDF.
  await bp.goto('/shop/orders');
  await buyerRow.waitFor();
  t.equal(await buyerRow.getByTestId('order-status').innerText(), en.orders.statuses.PAID, 'the buyer sees it paid');
  await shot(bp, 'buyer-paid');
  const pdf = await saveDownload(bp, dir, () => buyerRow.getByTestId('download').click());
  t.same(pdfOpensOnlyWith(pdf.file, email), { withPassword: true, without: false }, 'the e-book downloads and opens with the email');

  // A paper order arranged with customer service: recorded from the console, settled at once.
  await page.getByTestId('admin-tab-paper').click();
  const paper = page.getByTestId('paper-order-panel');
  await paper.waitFor();
  await paper.getByTestId('paper-submit').click();
  t.ok((await paper.getByTestId('field-error').allInnerTexts()).filter(Boolean).length >= 6, 'the required fields are checked first');
  await paper.getByTestId('paper-buyerEmail').fill('nobody@example.com');
  await paper.getByTestId('paper-bookId').selectOption({ index: 2 });
  await paper.getByTestId('paper-language').selectOption('en');
  await paper.getByTestId('paper-quantity').fill('3');
  await paper.getByTestId('paper-country').selectOption('Austria');
  await paper.getByTestId('paper-streetNumber').fill('Ringstraße 1');
  await paper.getByTestId('paper-zip').fill('1010');
  await paper.getByTestId('paper-town').fill('Wien');
  const totalText = await paper.getByTestId('paper-total').innerText();
  t.match(totalText, /^Total: \d+\.\d{2} EUR \(plus applicable VAT\)$/, `the total for 3 copies (${totalText})`);
  await paper.getByTestId('paper-submit').click();
  await page.getByTestId('paper-confirm').getByRole('button', { name: en.common.confirm }).click();
  await toastSeen(page, 'No buyer account uses this email');
  t.pass('an unknown buyer is refused with the product wording');
  await paper.getByTestId('paper-buyerEmail').fill(email);
  await paper.getByTestId('paper-markPaid').click();
  await paper.getByTestId('paper-paymentReference').fill('BANK-REF-PAPER-1');
  await shot(page, 'paper-order-form');
  await paper.getByTestId('paper-submit').click();
  const confirmPaper = page.getByTestId('paper-confirm');
  t.match(
    await confirmPaper.innerText(),
    new RegExp(`3 × .* for ${email.replace(/[.+]/g, '\\$&')} .* as paid\\?`),
    'the prompt names quantity, buyer and payment',
  );
  await confirmPaper.getByRole('button', { name: en.common.confirm }).click();
  const recorded = page.getByTestId('toast').filter({ hasText: /^Order \S+ recorded/ });
  await recorded.waitFor();
  const paperNo = (await recorded.innerText()).match(/Order (\S+) recorded/)![1]!;
  t.equal(await paper.getByTestId('paper-buyerEmail').inputValue(), '', 'the form is cleared for the next order');
  const stored = await stack.db
    .selectFrom('orders')
    .select(['format', 'quantity', 'status', 'country'])
    .where('order_no', '=', paperNo)
    .executeTakeFirstOrThrow();
  t.same(stored, { format: 'paper', quantity: 3, status: 'paid', country: 'Austria' }, 'a paid paper order of 3 copies');
  await page.getByTestId('admin-tab-orders').click();
  await page.getByTestId('admin-filter-search').fill(paperNo);
  await page.getByTestId('admin-filter-apply').click();
  await page
    .locator(`[data-testid=admin-order-row][data-order-no="${paperNo}"]`)
    .getByTestId('admin-order-status')
    .filter({ hasText: en.orders.statuses.PAID })
    .waitFor();
  t.pass('the console lists it paid, ready to be shipped');
  await shot(page, 'paper-order-listed');

  const noise = (e: string) => /Failed to load resource/.test(e);
  t.same(
    op.errors.filter((e) => !noise(e)),
    [],
    'no page errors in the console',
  );
  t.same(
    buyer.errors.filter((e) => !noise(e)),
    [],
    'no page errors for the buyer',
  );
});
