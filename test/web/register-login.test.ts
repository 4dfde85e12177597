import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { afterFrames, captchaAnswer, launchBrowser, openShop, screenshots, toastPlacement, toastSeen, widthOf } from '../helpers/browser.js';
import { latestCode } from '../helpers/mail.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';

const PASSWORD = 'Secret123';

// A new buyer, in each language: catalog, registration with the mailed code (and the spec's
// validation messages), log out with confirmation, log in with the captcha.
for (const lang of ['en', 'zh'] as const) {
  const T = lang === 'en' ? en : zh;
  t.test(`new buyer registers, logs out and logs in (${lang})`, async (t) => {
    const stack = await startStack(t);
    const browser = await launchBrowser(t);
    const { page, errors } = await openShop(browser, stack.base);
    const shot = screenshots(`register-login-${lang}`, t);

    // The language entry path sets the language and lands on the book list.
    await page.goto(`/shop/${lang}Page`);
    await page.waitForURL('**/shop/index');
    const books = page.getByTestId('book');
    await t.resolves(books.first().waitFor());
    t.equal(await books.count(), 3, 'three books');
    const prices = await page.getByTestId('price').allInnerTexts();
    t.match(prices[0], /75\.00 EUR/);
    t.match(prices[1], /250\.00 EUR/);
    t.match(prices[2], /50\.00 EUR/);
    for (const p of prices) t.ok(p.includes(T.books.vat), `price line says '${T.books.vat}'`);
    if (lang === 'en') t.ok(prices[0]!.includes('plus applicable VAT'), 'the spec wording');
    t.ok(await page.getByTestId('header-bar').isVisible(), 'desktop header bar');
    t.notOk(await page.getByTestId('mobile-bar').isVisible(), 'no mobile bar on desktop');
    await shot(page, 'book-list');

    // Login dialog: 465 px, not closed by a click outside.
    await page.getByTestId('login-button').click();
    const login = page.getByTestId('login-dialog');
    await login.waitFor();
    t.equal(await widthOf(page, '[data-testid=login-dialog]'), 465, 'login dialog is 465 px wide');
    await page.mouse.click(20, 450);
    await afterFrames(page);
    t.ok(await login.isVisible(), 'a click outside does not close the login dialog');
    t.equal(await login.getAttribute('data-state'), 'open', 'nor starts closing it');
    await shot(page, 'login-dialog');

    // Registration dialog: 536 px and the validation messages of spec section 5.
    await login.getByText(T.auth.login.register).click();
    const reg = page.getByTestId('register-dialog');
    await reg.waitFor();
    t.equal(await widthOf(page, '[data-testid=register-dialog]'), 536, 'registration dialog is 536 px wide');
    await reg.getByRole('button', { name: T.auth.register.submit, exact: true }).click();
    const shown = async () => (await reg.getByTestId('field-error').allInnerTexts()).filter(Boolean);
    const v = T.validation;
    t.same(
      (await shown()).sort(),
      [
        v.emailRequired,
        v.codeRequired,
        v.firstNameRequired,
        v.lastNameRequired,
        v.companyRequired,
        v.passwordRequired,
        v.passwordRequired,
        v.agreementRequired,
      ].sort(),
      'empty form: one message per field',
    );
    if (lang === 'en') t.ok((await shown()).includes('Please read and accept the agreement'));
    await shot(page, 'register-empty');
    await reg.locator('input[name=email]').fill('not-an-email');
    await reg.locator('input[name=code]').fill('12345678901');
    await reg.locator('input[name=firstName]').fill('A'.repeat(21));
    await reg.locator('input[name=password]').fill('short');
    await reg.locator('input[name=confirmPassword]').fill('different1');
    await reg.locator('input[name=company]').click();
    const bad = await shown();
    for (const m of [v.emailInvalid, v.codeTooLong, v.nameTooLong, v.passwordRule, v.passwordMismatch]) t.ok(bad.includes(m), `shows '${m}'`);
    await shot(page, 'register-invalid');

    // Now a valid registration with the code from the mail sink.
    const email = uniqueEmail(`web-${lang}`);
    await reg.locator('input[name=email]').fill(email);
    await reg.getByTestId('send-code').click();
    await page.getByTestId('toast').filter({ hasText: T.auth.code.sent }).waitFor();
    t.match(await toastPlacement(page), { dialogOpen: true, overDialog: false }, "the toast leaves the dialog's title readable");
    await t.resolves(reg.getByTestId('send-code').filter({ hasText: /\d+/ }).waitFor(), 'the code button counts down');
    t.ok(await reg.getByTestId('send-code').isDisabled(), 'and is disabled meanwhile');
    const code = await latestCode(email);
    await reg.locator('input[name=code]').fill(code);
    await reg.locator('input[name=firstName]').fill('Test');
    await reg.locator('input[name=lastName]').fill('Buyer');
    await reg.locator('input[name=company]').fill('Example GmbH');
    await reg.locator('input[name=password]').fill(PASSWORD);
    t.ok((await shown()).includes(v.passwordMismatch), 'changing the password revalidates the confirmation');
    await reg.locator('input[name=confirmPassword]').fill(PASSWORD);
    await reg.getByTestId('agreement-checkbox').click();
    const agreement = page.getByTestId('agreement-dialog');
    await agreement.waitFor();
    await shot(page, 'agreement');
    await agreement.getByRole('button', { name: T.auth.agreement.accept }).click();
    await agreement.waitFor({ state: 'detached' });
    t.same(await shown(), [], 'no message left');
    await shot(page, 'register-filled');
    await reg.getByRole('button', { name: T.auth.register.submit, exact: true }).click();
    await toastSeen(page, T.auth.register.success);
    await reg.waitFor({ state: 'detached' });
    await t.resolves(page.getByTestId('user-menu').filter({ hasText: 'Test Buyer' }).waitFor(), 'logged in after registering');
    await shot(page, 'registered');

    // Log out, with the confirmation.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    const confirm = page.getByTestId('logout-dialog');
    await confirm.waitFor();
    t.ok((await confirm.innerText()).includes(T.auth.logout.confirm), 'asks for confirmation');
    if (lang === 'en') t.ok((await confirm.innerText()).includes('Are you sure you want to sign out?'));
    await shot(page, 'logout-confirm');
    await confirm.getByRole('button', { name: T.common.confirm }).click();
    await t.resolves(page.getByTestId('login-button').waitFor(), 'logged out');

    // An unregistered email at login goes to the registration.
    await page.getByTestId('login-button').click();
    await login.waitFor();
    const ghost = uniqueEmail('ghost');
    await login.locator('input[name=email]').fill(ghost);
    await login.locator('input[name=password]').fill(PASSWORD);
    await login.locator('input[name=captcha]').fill('abcd');
    await login.getByRole('button', { name: T.auth.login.submit, exact: true }).click();
    await toastSeen(page, T.auth.login.notRegistered);
    await reg.waitFor();
    t.equal(await reg.locator('input[name=email]').inputValue(), ghost, 'registration opens with the email');
    await reg.getByText(T.auth.register.toLogin).click();

    // Log in: empty fields, a wrong captcha (refreshes it), then the right one.
    await login.waitFor();
    t.equal(await login.locator('input[name=email]').inputValue(), ghost, 'and back to the login with it');
    await login.locator('input[name=email]').fill('');
    await login.getByRole('button', { name: T.auth.login.submit, exact: true }).click();
    const loginErrors = (await login.getByTestId('field-error').allInnerTexts()).filter(Boolean);
    t.same(loginErrors.sort(), [v.emailRequired, v.passwordRequired, v.captchaRequired].sort(), 'login validation');
    await login.locator('input[name=email]').fill(email);
    await login.locator('input[name=password]').fill(PASSWORD);
    const firstImage = await login.getByTestId('captcha-image').getAttribute('src');
    await login.locator('input[name=captcha]').fill('zzzz');
    await login.getByRole('button', { name: T.auth.login.submit, exact: true }).click();
    await toastSeen(page, lang === 'en' ? 'Verification code' : '验证码');
    await page.waitForFunction((src) => document.querySelector('[data-testid=captcha-image]')?.getAttribute('src') !== src, firstImage);
    t.equal(await login.locator('input[name=captcha]').inputValue(), '', 'a failed login clears and refreshes the captcha');
    // A click loads another captcha; the button then stays locked for about a second. The refresh
    // after the failed login may have locked it: wait until it is free again.
    await page.waitForFunction(() => !(document.querySelector('[data-testid=captcha-refresh]') as HTMLButtonElement).disabled);
    const before = await login.getByTestId('captcha-image').getAttribute('src');
    await login.getByTestId('captcha-refresh').click();
    t.ok(await login.getByTestId('captcha-refresh').isDisabled(), 'refresh locked right after a click');
    await page.waitForFunction((src) => document.querySelector('[data-testid=captcha-image]')?.getAttribute('src') !== src, before);
    await page.waitForFunction(() => !(document.querySelector('[data-testid=captcha-refresh]') as HTMLButtonElement).disabled, undefined, { timeout: 3000 });
    t.pass('a click refreshes the captcha, unlocked again after ~1 s');
    await login.locator('input[name=captcha]').fill(await captchaAnswer(page));
    await shot(page, 'login-filled');
    await login.getByRole('button', { name: T.auth.login.submit, exact: true }).click();
    await login.waitFor({ state: 'detached' });
    await t.resolves(page.getByTestId('user-menu').filter({ hasText: 'Test Buyer' }).waitFor(), 'logged in with the captcha');
    await shot(page, 'logged-in');
    t.same(
      errors.filter((e) => !/Failed to load resource/.test(e)),
      [],
      'no page errors',
    );
  });
}
