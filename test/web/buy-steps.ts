import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Messages } from '../../web/src/locales/en/index.ts';
import { widthOf } from '../helpers/browser.js';

export type Method = 'WECHAT_NATIVE' | 'WECHAT_JSAPI' | 'ALIPAY' | 'PAYPAL' | 'BANK_TRANSFER';

/** Buy now on one book (0-based), pick the country in the searchable select, choose the payment. */
export async function openPurchase(page: Page, T: Messages, opts: { book: number; search: string; country: string; method: Method; shot?: (p: Page, step: string) => Promise<void> }) {
  const card = page.getByTestId('book').nth(opts.book);
  await card.getByTestId('buy-now').click();
  const dlg = page.getByTestId('purchase-dialog');
  await dlg.waitFor();
  const width = await widthOf(page, '[data-testid=purchase-dialog]');
  // The country is checked first.
  await dlg.getByTestId('purchase-submit').click();
  const missing = (await dlg.getByTestId('field-error').allInnerTexts()).filter(Boolean);
  const input = dlg.getByRole('combobox');
  await input.click();
  await input.fill(opts.search);
  await page.getByRole('option', { name: opts.country, exact: true }).click();
  await dlg.getByTestId(`pay-${opts.method}`).click();
  const ebookNote = await dlg.getByTestId('ebook-note').isVisible().catch(() => false);
  const submitText = await dlg.getByTestId('purchase-submit').innerText();
  if (opts.shot) await opts.shot(page, `purchase-${opts.method.toLowerCase()}`);
  return { dlg, width, missing, ebookNote, submitText, countryValue: await input.inputValue() };
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
