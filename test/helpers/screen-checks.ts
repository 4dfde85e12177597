import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import { checkA11y } from './axe.js';
import { checkCss } from './css-audit.js';

/** What every screen of the browser tests must pass: axe-core, and style rules the browser applies. */
export async function checkScreen(t: Pick<Test, 'same'>, page: Page, screen: string): Promise<void> {
  await checkA11y(t, page, screen);
  await checkCss(t, page, screen);
}
