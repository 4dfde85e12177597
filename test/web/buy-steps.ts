import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Messages } from '../../web/src/locales/en/index.ts';
import { captchaAnswer, toastSeen, widthOf } from '../helpers/browser.js';

export type Method = 'WECHAT_NATIVE' | 'WECHAT_JSAPI' | 'ALIPAY' | 'PAYPAL' | 'BANK_TRANSFER';

/** Buy now on one book (0-based), pick the country in the searchable select, choose the payment. */
export async function openPurchase(
  page: Page,
  T: Messages,
  opts: { book: number; search: string; country: string; method: Method; shot?: (p: Page, step: string) => Promise<void> },
) {
  const card = page.getByTestId('book').nth(opts.book);
  await card.getByTestId('buy-now').click();
  const dlg = page.getByTestId('purchase-dialog');
  await dlg.waitFor();
  const width = await widthOf(page, '[data-testid=purchase-dialog]');
  // The select starts at the spec's default, 001 China; cleared, the country is checked first.
  const input = dlg.getByRole('combobox');
  await page.waitForFunction(() => !!(document.querySelector('[data-testid=purchase-dialog] [role=combobox]') as HTMLInputElement | null)?.value);
  const preset = await input.inputValue();
  await dlg.getByRole('button', { name: T.purchase.clearCountry }).click();
  await dlg.getByTestId('purchase-submit').click();
  const missing = (await dlg.getByTestId('field-error').allInnerTexts()).filter(Boolean);
  await input.click();
  await input.fill(opts.search);
  await page.getByRole('option', { name: opts.country, exact: true }).click();
  await dlg.getByTestId(`pay-${opts.method}`).click();
  const ebookNote = await dlg
    .getByTestId('ebook-note')
    .isVisible()
    .catch(() => false);
  const submitText = await dlg.getByTestId('purchase-submit').innerText();
  if (opts.shot) await opts.shot(page, `purchase-${opts.method.toLowerCase()}`);
  return { dlg, width, preset, missing, ebookNote, submitText, countryValue: await input.inputValue() };
}

/**
 * Submits the purchase dialog for a bank transfer, enters an address in Berlin as the purchase
 * information, and answers the bank details notice once it shows.
 */
export async function orderByBankTransfer(page: Page, dlg: Locator): Promise<Locator> {
  await dlg.getByTestId('purchase-submit').click();
  const info = page.getByTestId('purchase-info-dialog');
  await info.waitFor();
  await info.locator('input[name=streetNumber]').fill('Hauptstraße 5');
  await info.locator('input[name=zip]').fill('10115');
  await info.locator('input[name=town]').fill('Berlin');
  await info.getByTestId('purchase-info-submit').click();
  const notice = page.getByTestId('offline-dialog');
  await notice.waitFor();
  return notice;
}

/** Saves the next download and answers its file name and path. */
export async function saveDownload(page: Page, dir: string, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

/** Whether qpdf opens the PDF: with the buyer's email as password, and not without it. */
export function pdfOpensOnlyWith(file: string, password: string): { withPassword: boolean; without: boolean } {
  const run = (args: string[]) => spawnSync('qpdf', [...args, '--check', file], { encoding: 'utf8' }).status === 0;
  return { withPassword: run([`--password=${password}`]), without: run([]) };
}

export const PASSWORD = 'Secret123';

type Shot = (p: Page, step: string) => Promise<void>;

/**
 * A new buyer registers through the dialog with the code from the mail sink (the login dialog is
 * opened first unless it is open already), and is logged in by the registration.
 */
export async function registerWithMailCode(page: Page, T: Messages, email: string, shot: Shot) {
  const { latestCode } = await import('../helpers/mail.js');
  const login = page.getByTestId('login-dialog');
  if (!(await login.isVisible())) await page.getByTestId('login-button').click();
  await login.waitFor();
  await login.getByText(T.auth.login.register).click();
  const reg = page.getByTestId('register-dialog');
  await reg.waitFor();
  await reg.locator('input[name=email]').fill(email);
  await reg.getByTestId('send-code').click();
  await toastSeen(page, T.auth.code.sent);
  await reg.locator('input[name=code]').fill(await latestCode(email));
  await reg.locator('input[name=firstName]').fill('Test');
  await reg.locator('input[name=lastName]').fill('Buyer');
  await reg.locator('input[name=company]').fill('Example GmbH');
  await reg.locator('input[name=password]').fill(PASSWORD);
  await reg.locator('input[name=confirmPassword]').fill(PASSWORD);
  await reg.getByTestId('agreement-checkbox').click();
  const agreement = page.getByTestId('agreement-dialog');
  await agreement.waitFor();
  await agreement.getByRole('button', { name: T.auth.agreement.accept }).click();
  await agreement.waitFor({ state: 'detached' });
  await shot(page, 'register-filled');
  await reg.getByRole('button', { name: T.auth.register.submit, exact: true }).click();
  await reg.waitFor({ state: 'detached' });
  await page.getByTestId('user-menu').filter({ hasText: 'Test Buyer' }).waitFor();
  await shot(page, 'registered');
}

/** Logs out (with the confirmation) and logs in again through the dialog with the captcha. */
export async function logOutAndLogIn(page: Page, T: Messages, email: string, shot: Shot) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  const confirm = page.getByTestId('logout-dialog');
  await confirm.waitFor();
  await confirm.getByRole('button', { name: T.common.confirm }).click();
  await confirm.waitFor({ state: 'detached' });
  const login = page.getByTestId('login-dialog');
  // On /orders the page itself asks for the login; elsewhere the header button does.
  await page.getByTestId('login-button').or(login).first().waitFor();
  await logInWithCaptcha(page, T, email, PASSWORD, (p) => shot(p, 'login-captcha'));
  await page.getByTestId('user-menu').filter({ hasText: 'Test Buyer' }).waitFor();
}

/** Logs in through the login dialog (opened by the header's Login button unless it is open), answering the captcha. */
export async function logInWithCaptcha(page: Page, T: Messages, email: string, password: string, beforeSubmit?: (page: Page) => Promise<void>) {
  const login = page.getByTestId('login-dialog');
  if (!(await login.isVisible())) await page.getByTestId('login-button').click();
  await login.waitFor();
  await login.locator('input[name=email]').fill(email);
  await login.locator('input[name=password]').fill(password);
  await page.waitForFunction(() => (document.querySelector('[data-testid=captcha-image]') as HTMLImageElement | null)?.complete === true);
  await login.locator('input[name=captcha]').fill(await captchaAnswer(page));
  await beforeSubmit?.(page);
  await login.getByRole('button', { name: T.auth.login.submit, exact: true }).click();
  await login.waitFor({ state: 'detached' });
}
