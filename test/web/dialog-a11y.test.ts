import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { afterFrames, launchBrowser, openShop, screenshots, signInBuyer, untilInteractive } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';

// The dialogs with the keyboard and a screen reader: a named modal dialog, the first field focused
// on opening, Tab and Shift+Tab kept inside, every control labelled; Escape closes (the keyboard's
// way out), while a click outside does not (spec section 2).

interface Report {
  role: string | null;
  modal: string | null;
  name: string;
  focused: string;
  unlabelled: string[];
}

// Plain JavaScript text: evaluated in the page as it is (the test runner's transform would add
// helpers the page does not have to named inner functions).
const INSPECT = `(id) => {
  const content = document.querySelector('[data-testid=' + id + ']');
  const describe = (el) => (el ? el.tagName.toLowerCase() + (el.getAttribute('name') ? '[name=' + el.getAttribute('name') + ']' : '') : 'none');
  const nameOf = (el) => {
    const labelled = el.getAttribute('aria-labelledby');
    const byIds = labelled ? labelled.split(/\\s+/).map((i) => (document.getElementById(i) || {}).textContent || '').join(' ') : '';
    const labels = el.labels ? [...el.labels].map((l) => l.textContent || '').join(' ') : '';
    return ((el.getAttribute('aria-label') || '') + ' ' + byIds + ' ' + labels + ' ' + (el.tagName === 'BUTTON' ? el.textContent || '' : '')).trim();
  };
  const controls = [...content.querySelectorAll('input, select, textarea, button')].filter((el) => !el.disabled);
  return {
    role: content.getAttribute('role'),
    modal: content.getAttribute('aria-modal'),
    name: nameOf(content),
    focused: describe(content.contains(document.activeElement) ? document.activeElement : null),
    unlabelled: controls.filter((el) => !nameOf(el)).map(describe),
  };
}`;

/** What assistive technology sees of the open dialog `testId`. */
function inspect(page: Page, testId: string): Promise<Report> {
  return page.evaluate(`(${INSPECT})(${JSON.stringify(testId)})`) as Promise<Report>;
}

/** Tabs `presses` times in one direction; answers how often focus left the dialog. */
async function tabAround(page: Page, testId: string, presses: number, key: 'Tab' | 'Shift+Tab'): Promise<number> {
  let outside = 0;
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    if (!(await page.evaluate((id) => document.querySelector(`[data-testid=${id}]`)!.contains(document.activeElement), testId))) outside += 1;
  }
  return outside;
}

async function checkDialog(t: Test, page: Page, testId: string, title: string, firstField: string | null, presses: number) {
  const dlg = page.getByTestId(testId);
  await dlg.waitFor();
  await page.waitForFunction((id) => document.querySelector(`[data-testid=${id}]`)!.contains(document.activeElement), testId);
  const r = await inspect(page, testId);
  t.equal(r.role, 'dialog', `${testId}: role dialog`);
  t.equal(r.modal, 'true', `${testId}: modal`);
  t.match(r.name, title, `${testId}: named by its title`);
  if (firstField) t.equal(r.focused, firstField, `${testId}: the first field has the focus`);
  t.same(r.unlabelled, [], `${testId}: every control has a label`);
  t.equal(await tabAround(page, testId, presses, 'Tab'), 0, `${testId}: Tab stays inside`);
  t.equal(await tabAround(page, testId, presses, 'Shift+Tab'), 0, `${testId}: Shift+Tab stays inside`);
  await page.mouse.click(5, 5);
  await afterFrames(page);
  t.ok(await dlg.isVisible(), `${testId}: a click outside does not close it`);
  t.equal(await dlg.getAttribute('data-state'), 'open', `${testId}: nor starts closing it`);
}

const stack = await startStack(t);
const browser = await launchBrowser(t);

for (const [lang, T] of [
  ['en', en],
  ['zh', zh],
] as const) {
  t.test(`dialogs are keyboard and screen-reader friendly (${lang})`, async (t) => {
    const { page, context, errors } = await openShop(browser, stack.base);
    const shot = screenshots(`dialog-a11y-${lang}`, t);
    await page.goto(`/shop/${lang}Page`);
    await page.getByTestId('book').first().waitFor();
    await untilInteractive(page, 'login-button');

    // Keyboard only: the Login button opens the dialog with Enter.
    await page.getByTestId('login-button').focus();
    await page.keyboard.press('Enter');
    await checkDialog(t, page, 'login-dialog', T.auth.login.title, 'input[name=email]', 10);
    await shot(page, 'login');
    await page.keyboard.press('Escape');
    await page.getByTestId('login-dialog').waitFor({ state: 'detached' });
    t.pass('Escape closes the login dialog');
    // The dialog hands the focus back after its exit animation, a frame or two after it detaches.
    const focusedAfterClose = await page
      .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'login-button', null, { timeout: 5_000 })
      .then(
        () => 'login-button',
        () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName),
      );
    t.equal(focusedAfterClose, 'login-button', 'focus returns to the Login button');

    await page.getByTestId('login-button').click();
    await page.getByTestId('login-dialog').getByText(T.auth.login.register).click();
    await checkDialog(t, page, 'register-dialog', T.auth.register.title, 'input[name=email]', 16);
    await shot(page, 'register');
    await page.keyboard.press('Escape');
    await page.getByTestId('register-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('login-button').click();
    await page.getByTestId('login-dialog').getByText(T.auth.login.forgot).click();
    await checkDialog(t, page, 'forgot-dialog', T.auth.forgot.title, 'input[name=account]', 12);
    await page.keyboard.press('Escape');

    // The purchase dialog, with the invoice fields switched on.
    await signInBuyer(stack, context, { email: uniqueEmail(`a11y-${lang}`), language: lang });
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('book').first().getByTestId('buy-now').click();
    await page.getByTestId('purchase-dialog').waitFor();
    // The countries load after the dialog opens: until then the country field is a disabled
    // placeholder and the focus rests elsewhere in the dialog, so wait (bounded) for it to move on.
    await page
      .waitForFunction(
        () =>
          document.querySelector('[data-testid=purchase-dialog]')!.contains(document.activeElement) &&
          document.activeElement?.getAttribute('role') === 'combobox',
        null,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'combobox', 'purchase-dialog: the country select has the focus');
    await page.getByTestId('invoice-switch').click();
    await page.getByTestId('invoice-fields').waitFor();
    await checkDialog(t, page, 'purchase-dialog', T.purchase.title, null, 40);
    t.equal(await page.getByRole('group', { name: T.invoice.title }).count(), 1, 'the invoice fields are a named group');
    t.equal(await page.getByRole('switch', { name: T.invoice.switch }).count(), 1, 'the invoice switch is a named switch');
    await shot(page, 'purchase-invoice');
    await page.keyboard.press('Escape');
    await page.getByTestId('purchase-dialog').waitFor({ state: 'detached' });
    t.same(
      errors.filter((e) => !/Failed to load resource/.test(e)),
      [],
      'no page errors',
    );
    await context.close();
  });
}
