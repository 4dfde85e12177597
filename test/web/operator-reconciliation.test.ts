// The console's reconciliation tab, in English and in Chinese: a reconciled WeChat Pay day with
// differences is found in the list of recent days, its totals show the figures that differ, and an
// operator acknowledges a difference with a note (refused first without one), reads its history,
// and queues a re-run; and uploads the bank's statement: the matched transfers are completed and
// the partly matched and unknown credits listed, the same file again completes nothing, and a file
// that is no statement is refused in the console's language. Every screen is checked with axe-core.
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BankTransferProvider } from '@shop/payments';
import type { CoreDeps } from '@shop/core';
import { messages } from '@shop/gateway/i18n/messages';
import { bankStatementOrders, fixtureOrderStatus } from '../helpers/bank-statement.js';
import type { Page } from 'playwright-core';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { launchBrowser, openShop, screenshots, signInOperator, toastSeen } from '../helpers/browser.js';
import { startStack } from '../helpers/stack.js';
import { seedReconciledDay } from '../admin/reconciliation-seed.js';
import { addDays, dayInZone } from '@shop/payments/zoned-time';
import type { ReconciliationVerdict } from '@shop/db';

type Texts = typeof en;
const lower = (v: string) => v.toLowerCase() as ReconciliationVerdict;

t.test('operator console: a reconciled day, a difference acknowledged with a note (en and zh)', async (t) => {
  const stack = await startStack(t, { RATE_LIMIT_SCALE: '50' }, { payments: true, workers: false });
  const seeded = await seedReconciledDay(stack);
  await bankStatementOrders({ ...stack.app.deps, providers: { ...stack.app.deps.providers, bank_transfer: new BankTransferProvider() } } as CoreDeps);
  const browser = await launchBrowser(t);
  const itemState = async (verdict: ReconciliationVerdict) =>
    stack.db
      .selectFrom('reconciliation_items')
      .select(['state', 'note', 'resolved_by'])
      .where('bill_date', '=', seeded.date)
      .where('verdict', '=', verdict)
      .executeTakeFirstOrThrow();

  const walk = async (lang: 'en' | 'zh', T: Texts, verdict: string, note: string) => {
    const R = T.admin.reconciliation;
    const { page, context, errors } = await openShop(browser, stack.base);
    const opEmail = await signInOperator(stack, context);
    const shot = screenshots(`operator-reconciliation-${lang}`, t);
    await page.goto(lang === 'zh' ? '/shop/zhPage' : '/shop/enPage');
    // The SPA stores the language when it starts, which may be after the load event.
    await page.waitForURL('**/shop/index');
    await page.goto('/shop/admin');
    await page.getByTestId('admin-tab-reconciliation').click();
    const panel = page.getByTestId('reconciliation-panel');
    await panel.waitFor();
    const yesterday = addDays(dayInZone(Date.now(), 'Asia/Shanghai'), -1);
    t.equal(await page.getByTestId('recon-day-input').inputValue(), yesterday, `${lang}: yesterday in Beijing first`);

    // The day that needs attention, from the list of recent days.
    const dayButton = page.locator(`[data-testid=recon-day][data-date="${seeded.date}"]`);
    await dayButton.waitFor();
    const open = Number(await dayButton.getAttribute('data-open'));
    t.ok(open > 0, `${lang}: the day is listed with ${open} open differences`);
    await dayButton.click();
    await page.locator(`[data-testid=recon-day-view][data-date="${seeded.date}"]`).waitFor();
    t.equal(await page.getByTestId('recon-day-input').inputValue(), seeded.date, 'the day picked');
    const card = page.locator('[data-testid=recon-provider][data-provider=WECHAT]');
    await card.waitFor();
    t.equal(await card.getByTestId('recon-outcome').innerText(), R.outcomes.RECONCILED, `${lang}: the run's outcome`);
    t.equal(await card.getByTestId('recon-open-count').innerText(), String(open));
    const row = (figure: string) => card.locator(`[data-testid=recon-total-row][data-figure=${figure}]`);
    t.equal(await row('gross').getAttribute('data-differs'), 'true', 'the gross amounts differ');
    t.equal(await row('gross').getByTestId('recon-total-provider').innerText(), '520.00');
    t.equal(await row('gross').getByTestId('recon-total-shop').innerText(), '300.00');
    t.equal(await row('gross').getByTestId('recon-total-compared').innerText(), R.differs, `${lang}: marked in words, not only in colour`);
    t.equal(await row('currency').getAttribute('data-differs'), 'false', 'the currency agrees');
    t.equal(await row('currency').getByTestId('recon-total-compared').innerText(), R.agrees);
    t.equal(await row('fees').getByTestId('recon-total-shop').innerText(), R.notKnown, 'the shop knows no fees');
    await shot(page, 'day');

    // Acknowledge a difference: refused without a note, done with one.
    const diff = page.locator(`[data-testid=recon-open-row][data-verdict=${verdict}]`);
    t.equal(await diff.count(), 1, `${lang}: one ${verdict} difference open`);
    t.equal(await diff.getByTestId('recon-verdict').innerText(), R.verdicts[verdict as keyof typeof R.verdicts]);
    // Why, in the page's language: core's detail code worded with its values.
    t.equal(await diff.getByTestId('recon-detail').innerText(), R.details[verdict as keyof typeof R.details], `${lang}: the detail in words`);
    const mismatch = page.locator(`[data-testid=recon-open-row][data-trade="${seeded.trades.mismatch}"]`);
    t.equal(
      await mismatch.getByTestId('recon-detail').innerText(),
      R.details.AMOUNT_DIFFERS.replace('{{billed}}', '70.00 EUR').replace('{{asked}}', '75.00 EUR'),
      `${lang}: with the amounts it names`,
    );
    // A row from before detail codes: its English detail, as code.
    const old = page.locator(`[data-testid=recon-open-row][data-trade="${seeded.trades.matched}"][data-verdict=DUPLICATE_PAYMENT]`);
    t.equal(await old.getByTestId('recon-detail').locator('code').innerText(), 'billed twice under one number', `${lang}: an uncoded detail as written`);
    await diff.getByTestId('recon-action-ACKNOWLEDGE').click();
    const dialog = page.getByTestId('recon-resolve-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('recon-resolve-confirm').click();
    await dialog.getByTestId('field-error').filter({ hasText: R.noteRequired }).waitFor();
    t.equal((await itemState(lower(verdict))).state, 'open', 'nothing changed without a note');
    await shot(page, 'note-required');
    await dialog.getByTestId('recon-note').fill(note);
    await dialog.getByTestId('recon-resolve-confirm').click();
    await toastSeen(page, T.dict.operationSuccess);
    await dialog.waitFor({ state: 'detached' });
    const resolved = page.locator(`[data-testid=recon-resolved-row][data-verdict=${verdict}]`);
    await resolved.waitFor();
    t.equal(await resolved.getByTestId('recon-state').innerText(), R.states.ACKNOWLEDGED, `${lang}: listed as acknowledged`);
    t.equal(await resolved.getByTestId('recon-note-text').innerText(), note, 'with the note');
    t.equal(await resolved.getByTestId('recon-resolved-by').innerText(), opEmail, 'by the operator');
    t.equal(await page.locator(`[data-testid=recon-open-row][data-verdict=${verdict}]`).count(), 0, 'no longer open');
    await card
      .getByTestId('recon-open-count')
      .filter({ hasText: String(open - 1) })
      .waitFor();
    t.match(await itemState(lower(verdict)), { state: 'acknowledged', note }, 'acknowledged in the database');
    await shot(page, 'acknowledged');

    // Its history: the verdict, then the operator's answer.
    await resolved.getByTestId('recon-history-open').click();
    const history = page.getByTestId('recon-history');
    const event = history.locator('[data-testid=audit-event][data-type=acknowledged]');
    await event.waitFor();
    t.equal(await event.getByTestId('audit-type').innerText(), R.eventTypes.acknowledged, `${lang}: the answer, labelled`);
    t.match(await event.getByTestId('audit-actor').innerText(), opEmail, 'by the operator');
    t.equal(await history.locator('[data-testid=audit-event][data-type=verdict]').getByTestId('audit-type').innerText(), R.eventTypes.verdict);
    await shot(page, 'history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    await rerun(page, R, lang);
    await uploadStatement(page, R, lang);
    await shot(page, 'statement');
    t.same(
      errors.filter((e) => !/Failed to load resource/.test(e)),
      [],
      `${lang}: no page errors`,
    );
    await context.close();
  };

  const rerun = async (page: Page, R: Texts['admin']['reconciliation'], lang: string) => {
    const card = page.locator('[data-testid=recon-provider][data-provider=WECHAT]');
    await card.getByTestId('recon-rerun').click();
    const queued = R.rerunQueued
      .replace('{{provider}}', lang === 'zh' ? zh.admin.providers.WECHAT : en.admin.providers.WECHAT)
      .replace('{{date}}', seeded.date);
    const waiting = R.rerunWaiting;
    // The first walk queues the run; the second finds it waiting (no worker takes it in this stack).
    await page
      .getByTestId('toast')
      .filter({ hasText: lang === 'en' ? queued : waiting })
      .waitFor();
    t.pass(`${lang}: re-run answered`);
  };

  const camt = fileURLToPath(new URL('../../test/fixtures/bank/camt053-credits.xml', import.meta.url));
  const uploadStatement = async (page: Page, R: Texts['admin']['reconciliation'], lang: 'en' | 'zh') => {
    const box = page.getByTestId('statement-upload');
    // A file that is no statement: refused in the console's language, nothing changed.
    await box.getByTestId('statement-file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await box.getByTestId('statement-send').click();
    await box.getByTestId('field-error').filter({ hasText: messages.bankStatementType[lang] }).waitFor();
    t.pass(`${lang}: a PDF is refused in the product's wording`);

    await box.getByTestId('statement-file').setInputFiles(camt);
    await box.getByTestId('statement-send').click();
    const result = box.getByTestId('statement-result');
    await result.waitFor();
    const completed = result.getByTestId('statement-completed-row');
    if (lang === 'en') {
      t.equal(await completed.count(), 3, 'en: the three matched transfers completed');
      t.same((await completed.allInnerTexts()).map((s) => s.trim()).sort(), ['20261120MX4R8TNB6C', '20261121QW3E5R7T9Y', '20261122K7M2Q9XD4B']);
      const partial = result.getByTestId('statement-partial-row');
      t.equal(await partial.count(), 2, 'en: two partly matched');
      t.match(await partial.filter({ hasText: '20261123H3V8N5PW0R' }).innerText(), 'credited 50.00 EUR, the order is 75.00 EUR');
      t.ok((await result.getByTestId('statement-unmatched-row').count()) >= 1, 'en: the credit naming no order is listed');
      t.ok(await result.getByTestId('statement-unmatched-row').filter({ hasText: '19.99 EUR' }).count(), 'with its amount');
    } else {
      t.equal(await completed.count(), 0, 'zh: the same statement again completes nothing');
      t.match(await result.getByTestId('statement-known').innerText(), /已在之前的上传中读取过/, 'zh: told it was read before');
      t.match(await result.getByTestId('statement-summary').innerText(), /0 个订单已完成收款/);
      t.equal(await box.getByTestId('statement-send').innerText(), R.statement.upload, 'zh: the button in Chinese');
    }
    t.match(
      await fixtureOrderStatus(stack),
      { '20261122K7M2Q9XD4B': 'paid', '20261123H3V8N5PW0R': 'pending_payment' },
      `${lang}: the orders as the statement says`,
    );
    t.equal(
      (
        await stack.db
          .selectFrom('order_events')
          .innerJoin('orders', 'orders.id', 'order_events.order_id')
          .select('order_events.id')
          .where('order_events.type', '=', 'paid')
          .where('orders.order_no', 'in', ['20261120MX4R8TNB6C', '20261121QW3E5R7T9Y', '20261122K7M2Q9XD4B'])
          .execute()
      ).length,
      3,
      `${lang}: each matched transfer completed once`,
    );
  };

  // One item as written before detail codes existed.
  await stack.db
    .updateTable('reconciliation_items')
    .set({ detail_code: null, detail_values: null })
    .where('bill_date', '=', seeded.date)
    .where('row_key', '=', `payment:${seeded.trades.matched}#2`)
    .execute();
  await walk('en', en, 'UNKNOWN_REFUND', 'Refunded by hand at the WeChat merchant portal');
  await walk('zh', zh as unknown as Texts, 'MISSING_AT_PROVIDER', '渠道确认该笔交易记在次日账单');
});
