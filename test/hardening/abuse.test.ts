import t from 'tap';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import { sandboxPayments } from '../helpers/admin-state.js';
import { buildTestApp } from '../helpers/app.js';
import { Client } from '../helpers/http.js';
import { uniqueEmail } from '../helpers/stack.js';

t.test('checkout and callbacks are rate-limited; a body cannot assign price, status or owner', async (t) => {
  // The providers the shop takes callbacks from are set up, as in production; no callback is sent.
  const payments = await sandboxPayments(t);
  const stack = await buildTestApp(t, { RATE_LIMIT_SCALE: '0.1', ...payments.env });
  // Users straight in the database: the code limits at this scale would stop registrations.
  const user = (email: string) =>
    stack.db.insertInto('users').values({ email, first_name: 'A', last_name: 'B', password_hash: 'x' }).returning(['id', 'email']).executeTakeFirstOrThrow();
  const v = await user(uniqueEmail('victim'));
  const victimReg = { data: { userId: String(v.id), email: v.email } };
  const buyer = await user(uniqueEmail('buyer'));
  const c = Client.of(stack.app);
  c.headers.authorization = `Bearer ${(await createSession(stack.app.deps, buyer.id)).token}`;

  const sneaky = await c.form<{ orderNo: string; price: number }>('/api/login/registratorComplex', {
    bookId: '2',
    bookType: '0',
    payType: '3',
    bookFormat: '0',
    purchaseInfo: JSON.stringify({ country: 'China' }),
    price: '0.01',
    unitPrice: '0.01',
    currency: 'USD',
    orderStatus: '0',
    status: 'paid',
    userId: String(victimReg.data.userId),
    payerId: String(victimReg.data.userId),
    role: 'operator',
  });
  t.equal(sneaky.code, 200);
  t.equal(sneaky.data.price, 250, 'the catalogue price, not the body');
  const row = await stack.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.amount_cents', 'orders.currency', 'orders.status', 'users.email', 'users.role'])
    .where('orders.order_no', '=', sneaky.data.orderNo)
    .executeTakeFirstOrThrow();
  t.match(row, { amount_cents: 25000, currency: 'EUR', status: 'pending_payment', role: 'buyer' });
  t.not(row.email, victimReg.data.email, 'owned by the caller, not by the userId in the body');

  const statuses: number[] = [];
  for (let i = 0; i < 3; i++)
    statuses.push((await c.form('/api/login/registratorComplex', { bookId: '3', payType: '3', bookFormat: '0', purchaseInfo: '{"country":"China"}' })).status);
  t.equal(statuses.at(-1), 429, 'checkout is limited (3/min at this scale)');

  const notify: number[] = [];
  for (let i = 0; i < 61; i++)
    notify.push((await Client.of(stack.app).request('POST', '/api/pay/notify/wechat', { headers: { 'content-type': 'application/json' }, body: '{}' })).status);
  t.equal(notify.at(-1), 429, 'a flood of callbacks is cut off (60/min at this scale)');
  t.ok(notify.slice(0, 60).every((s) => s !== 429));
});
