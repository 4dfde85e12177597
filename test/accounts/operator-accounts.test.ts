import t from 'tap';
import { env, gqlOk } from '../admin/helpers.js';
import { loginLegacy, PASSWORD } from '../helpers/accounts.js';
import { buyer, operator } from '../admin/helpers.js';
import { startInProcess } from '../helpers/stack.js';

const ACCOUNT = `userId email phoneArea phoneNo name company role language disabled loginFirst createdAt orderCount openSessions mirrorStatus mirrorLastError`;

t.test('operators find an account, disable it (every session ends, no login) and enable it again, audited', async (t) => {
  const stack = await startInProcess(t, env);
  const op = await operator(stack);
  const b = await buyer(stack, 'managed');
  // A second browser of the same buyer.
  const second = stack.client();
  t.equal((await loginLegacy(second, b.email)).code, 200);
  t.equal((await second.gql<{ me: { email: string } }>('{ me { email } }')).data?.me.email, b.email, 'the second browser is logged in');

  const found = await gqlOk<{ adminAccounts: { total: number; items: { userId: string; email: string; openSessions: number; disabled: boolean }[] } }>(
    op.client,
    `query($s: String) { adminAccounts(search: $s) { total items { ${ACCOUNT} } } }`,
    { s: b.email.slice(0, 12).toUpperCase() },
  );
  t.equal(found.adminAccounts.total, 1, 'found by part of the email, any case');
  t.match(found.adminAccounts.items[0], { userId: String(b.userId), email: b.email, disabled: false, openSessions: 2 });
  const byId = await gqlOk<{ adminAccounts: { items: { email: string }[] } }>(
    op.client,
    `query($s: String) { adminAccounts(search: $s) { items { email } } }`,
    { s: String(b.userId) },
  );
  t.ok(
    byId.adminAccounts.items.some((i) => i.email === b.email),
    'found by account id',
  );

  const disabled = await gqlOk<{ disableAccount: { changed: boolean; sessionsEnded: number; account: { disabled: boolean; openSessions: number } } }>(
    op.client,
    `mutation($u: ID!) { disableAccount(userId: $u, reason: "chargeback fraud") { changed sessionsEnded account { disabled openSessions } } }`,
    { u: String(b.userId) },
  );
  t.same(disabled.disableAccount, { changed: true, sessionsEnded: 2, account: { disabled: true, openSessions: 0 } });

  for (const [name, c] of [
    ['first', b.client],
    ['second', second],
  ] as const) {
    t.equal((await c.gql<{ me: unknown }>('{ me { email } }')).data?.me, null, `the ${name} browser is logged out at once`);
    const orders = await c.form('/api/order/getList', { currentSizeCo: '1', pageSizeCo: '10' });
    t.equal(orders.code, 401, `the ${name} browser's legacy calls are a guest's`);
  }
  const login = await loginLegacy(stack.client(), b.email);
  t.match(login, { code: 404, message: 'Login failed: Account is disabled...' }, 'cannot log in');
  const zh = stack.client();
  zh.headers = { locale: 'zh' };
  t.match(await loginLegacy(zh, b.email), { message: '登录失败：账号已被禁用…' });
  const wrongPassword = await loginLegacy(stack.client(), b.email, 'Wrong1234');
  t.equal(wrongPassword.message, 'Account or Password Error!', 'a wrong password does not reveal the account is disabled');

  const again = await gqlOk<{ disableAccount: { changed: boolean } }>(op.client, `mutation($u: ID!) { disableAccount(userId: $u) { changed } }`, {
    u: String(b.userId),
  });
  t.equal(again.disableAccount.changed, false, 'repeating is harmless');

  const enabled = await gqlOk<{ enableAccount: { changed: boolean; account: { disabled: boolean } } }>(
    op.client,
    `mutation($u: ID!) { enableAccount(userId: $u) { changed account { disabled } } }`,
    { u: String(b.userId) },
  );
  t.same(enabled.enableAccount, { changed: true, account: { disabled: false } });
  t.equal((await b.client.gql<{ me: unknown }>('{ me { email } }')).data?.me, null, 'enabling does not bring old sessions back');
  t.equal((await loginLegacy(b.client, b.email, PASSWORD)).code, 200, 'the buyer can log in again');

  const events = await gqlOk<{ accountEvents: { type: string; actorType: string; actorEmail: string; before: string; after: string; data: string }[] }>(
    op.client,
    `query($u: ID!) { accountEvents(userId: $u) { type actorType actorEmail before after data } }`,
    { u: String(b.userId) },
  );
  t.same(
    events.accountEvents.map((e) => e.type),
    ['account_disabled', 'account_enabled'],
    'both changes audited, the repeat not',
  );
  t.match(events.accountEvents[0], { actorType: 'OPERATOR', actorEmail: op.email, before: '{"disabled":false}', after: '{"disabled":true}' });
  t.match(JSON.parse(events.accountEvents[0]!.data), { reason: 'chargeback fraud', sessionsEnded: 2 });
});

t.test('the account view shows its orders and mirror state; buyers and guests are refused', async (t) => {
  const stack = await startInProcess(t, env);
  const op = await operator(stack);
  const b = await buyer(stack, 'orders');
  await b.client.form('/api/login/registratorComplex', { bookId: '1', payType: '3', bookFormat: '0', 'purchaseInfo[country]': 'Germany' });
  const view = await gqlOk<{ adminAccount: { orderCount: number; mirrorStatus: string; orders: { orderNo: string; buyerEmail: string; status: string }[] } }>(
    op.client,
    `query($u: ID!) { adminAccount(userId: $u) { orderCount mirrorStatus orders { orderNo buyerEmail status } } }`,
    { u: String(b.userId) },
  );
  t.equal(view.adminAccount.orderCount, 1);
  t.match(view.adminAccount.orders, [{ buyerEmail: b.email, status: 'PENDING_PAYMENT' }]);
  t.match(view.adminAccount.mirrorStatus, /^(PENDING|SUCCEEDED)$/);

  const asBuyer = await b.client.gql(`{ adminAccounts { total } }`);
  t.equal(asBuyer.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  const asBuyerDisable = await b.client.gql(`mutation($u: ID!) { disableAccount(userId: $u) { changed } }`, { u: String(op.userId) });
  t.equal(asBuyerDisable.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  const asGuest = await stack.client().gql(`{ adminAccount(userId: "1") { email } }`);
  t.equal(asGuest.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  const self = await op.client.gql(`mutation($u: ID!) { disableAccount(userId: $u) { changed } }`, { u: String(op.userId) });
  t.equal(self.errors?.[0]?.message, 'You cannot disable your own account');
  const missing = await op.client.gql(`mutation { disableAccount(userId: "999999") { changed } }`);
  t.equal(missing.errors?.[0]?.extensions?.code, 'NOT_FOUND');
});
