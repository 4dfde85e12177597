import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { launchBrowser, openShop } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';

// Login CSRF: a link with ?orderToken=<someone else's session> must not sign a visitor into that
// account without their action. Spec section 2 keeps the parameter; the visitor confirms the account.
t.test('?orderToken signs in only after the visitor confirms the account', async (t) => {
  const stack = await startStack(t, {}, { workers: false });
  const browser = await launchBrowser(t);
  const buyer = async (first: string) => {
    const email = uniqueEmail(first.toLowerCase());
    const u = await stack.db
      .insertInto('users')
      .values({ email, first_name: first, last_name: 'Buyer', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { email, token: (await createSession(stack.app.deps, u.id)).token };
  };
  const attacker = await buyer('Mallory');
  const visitor = await buyer('Alice');
  const tokenCookie = async (ctx: Awaited<ReturnType<typeof openShop>>['context']) => (await ctx.cookies()).find((c) => c.name === 'token')?.value;

  // A guest opening the link: asked first, nothing stored, the link leaves the address.
  const guest = await openShop(browser, stack.base);
  await guest.page.goto(`/shop/orders?orderToken=${attacker.token}`);
  const dialog = guest.page.getByTestId('order-token-dialog');
  await dialog.waitFor();
  t.match(await dialog.innerText(), new RegExp(`Mallory Buyer \\(${attacker.email.replace(/[.+]/g, '\\$&')}\\)`), 'names the account the link signs into');
  t.equal(await tokenCookie(guest.context), undefined, 'no session before the answer');
  t.equal(new URL(guest.page.url()).search, '', 'the token leaves the address');
  t.equal(await guest.page.getByTestId('login-dialog').count(), 0, "My Orders' login prompt waits for the answer");
  await dialog.getByRole('button', { name: en.common.cancel }).click();
  await dialog.waitFor({ state: 'detached' });
  t.equal(await tokenCookie(guest.context), undefined, 'cancelled: still a guest');
  await t.resolves(guest.page.getByTestId('login-dialog').waitFor(), 'then My Orders asks the guest to log in');
  await guest.page.reload();
  await guest.page.getByTestId('login-button').waitFor();
  t.equal(await guest.page.getByTestId('order-token-dialog').count(), 0, 'not asked again after a reload');
  await guest.context.close();

  // A visitor signed in to their own account keeps it when they cancel.
  const signedIn = await openShop(browser, stack.base);
  await signedIn.context.addCookies([{ name: 'token', value: visitor.token, url: stack.base }]);
  await signedIn.page.goto(`/shop/index?orderToken=${attacker.token}`);
  const switchDialog = signedIn.page.getByTestId('order-token-dialog');
  await switchDialog.waitFor();
  t.match(await switchDialog.innerText(), new RegExp(`signed in as ${visitor.email.replace(/[.+]/g, '\\$&')}`), 'says which session would be replaced');
  await switchDialog.getByRole('button', { name: en.common.cancel }).click();
  await switchDialog.waitFor({ state: 'detached' });
  t.equal(await tokenCookie(signedIn.context), visitor.token, 'the own session is kept');
  await signedIn.page.goto('/shop/orders');
  await signedIn.page.getByTestId('orders-table').waitFor();
  t.equal(await signedIn.page.evaluate(() => localStorage.getItem('email')), visitor.email, 'still the own account');

  // The own link of the account already signed in: taken without a question.
  await signedIn.page.goto(`/shop/index?orderToken=${visitor.token}`);
  await signedIn.page.getByTestId('user-menu').waitFor();
  t.equal(await signedIn.page.getByTestId('order-token-dialog').count(), 0, 'no question for the own account');
  await signedIn.context.close();

  // An invalid token is dropped silently.
  const invalid = await openShop(browser, stack.base);
  await invalid.page.goto(`/shop/index?orderToken=${'x'.repeat(43)}`);
  await invalid.page.getByTestId('login-button').waitFor();
  t.equal(await tokenCookie(invalid.context), undefined, 'an unknown token is not stored');
  t.equal(await invalid.page.getByTestId('order-token-dialog').count(), 0);
  await invalid.context.close();
});
