import { readFileSync } from 'node:fs';
import t from 'tap';
import { ensureOperator } from '../../gateway/src/cli/operator.js';
import { loginLegacy } from '../helpers/accounts.js';
import { buyerWithoutMail } from '../admin/helpers.js';
import { Client } from '../helpers/http.js';
import { openLive, PAYMENT_STATUS } from '../helpers/live.js';
import { buy } from '../helpers/orders.js';
import { sandboxPayments } from '../helpers/admin-state.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';
import { servesPages } from '../helpers/warm-up.js';

// Asks for the storefront's pages.
servesPages();

// Walks the authorization table of docs/api.md as guest, buyer, other buyer and operator.
type Who = 'guest' | 'buyer' | 'other' | 'operator';
type Outcome = 'allowed' | 'refused' | 'empty';
interface Ctx {
  orderNo: string;
  userId: string;
  clients: Record<Who, Client>;
  /** A client with no session of its own. */
  fresh: () => Client;
  /** Where the app listens for WebSockets (the only row that needs a socket). */
  socketBase: string;
}

const readme = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Authorization'), readme.indexOf('\n## ', readme.indexOf('## Authorization') + 5));
const rows = [...section.matchAll(/^\| `([^`]+)` \| ([a-z]+) \|/gm)].map((m) => ({ name: m[1]!, rule: m[2]! }));

const form =
  (path: string, body: Record<string, string> = {}) =>
  async (c: Client) => {
    const r = await c.form(path, body);
    return r.status === 401 || r.status === 403 || r.code === 401 || r.code === 403
      ? 'refused'
      : r.data === null || (Array.isArray(r.data) && !r.data.length)
        ? 'empty'
        : 'allowed';
  };
// Self-service calls made harmless (a wrong old password, a wrong code): the question is only
// whether the caller gets past authorization to the business rules.
const reached = (path: string, body: Record<string, string>) => async (c: Client) => {
  const r = await c.form(path, body);
  return r.status === 401 || r.status === 403 || r.code === 401 || r.code === 403 ? 'refused' : 'allowed';
};
const gqlReached = (query: string) => async (c: Client) => {
  const r = await c.gql(query);
  const code = r.errors?.[0]?.extensions?.code;
  return code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' ? 'refused' : 'allowed';
};
const get = (path: string) => async (c: Client) => {
  const r = await c.request('GET', path);
  if (r.status === 401 || r.status === 403) return 'refused';
  const type = r.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const b = (await r.json()) as { code?: number; data?: unknown };
    if (b.code === 401 || b.code === 403) return 'refused';
    if (b.code === 404 || r.status === 404) return 'empty';
  } else if (r.status === 404) return 'empty';
  return 'allowed';
};
const gql =
  (query: string, vars: (x: Ctx) => Record<string, unknown> = () => ({})) =>
  async (c: Client, x: Ctx) => {
    const r = await c.gql(query, vars(x));
    const code = r.errors?.[0]?.extensions?.code;
    if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') return 'refused';
    const values = r.data ? Object.values(r.data) : [];
    return values.every((v) => v === null || (typeof v === 'object' && v && 'total' in v && (v as { total: number }).total === 0)) ? 'empty' : 'allowed';
  };

// A subscription over the real WebSocket: refused at the upgrade, or the first event / the refusal.
const live =
  (query: string, vars: (x: Ctx) => Record<string, unknown>) =>
  async (c: Client, x: Ctx): Promise<Outcome> => {
    const o = await openLive(x.socketBase, c);
    if (!o.socket) return o.status === 401 || o.status === 403 ? 'refused' : 'empty';
    try {
      await o.socket.init();
      o.socket.subscribe('1', query, vars(x));
      const m = await o.socket.next('1');
      if (m.type === 'next') return m.payload?.data && Object.values(m.payload.data).every((v) => v !== null) ? 'allowed' : 'empty';
      const code = m.payload?.[0]?.extensions?.code;
      return code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' ? 'refused' : 'empty';
    } finally {
      o.socket.close();
    }
  };

const notify = (provider: string) => async (c: Client) => {
  const r = await c.request('POST', `/api/pay/notify/${provider}`, { body: '{"id":"EV-1"}', headers: { 'content-type': 'application/json' } });
  return r.status >= 400 ? 'refused' : 'allowed';
};
const body = (path: string) => async (c: Client) => {
  const r = await c.request('POST', path, { body: '{"bookId":1}', headers: { 'content-type': 'application/json' } });
  return r.status === 401 ? 'refused' : r.status === 404 ? 'empty' : 'allowed';
};

const recipes: Record<string, (c: Client, x: Ctx) => Promise<Outcome>> = {
  'POST /api/login/loginOn': form('/api/login/loginOn', { account: 'x@example.com', password: 'x' }),
  'POST /api/login/verifyCode': form('/api/login/verifyCode', { verifyCode: 'abcd' }),
  'POST /api/login/registerGetCode': form('/api/login/registerGetCode', { email: 'bad' }),
  'POST /api/login/confirmVer': form('/api/login/confirmVer', { verifycode: '1' }),
  'POST /api/login/userRegister': form('/api/login/userRegister', {}),
  // Logging out would end the walk's sessions: a fresh client shows the route is open to anyone.
  'GET /api/logout': async (_c, x) => ((await x.fresh().request('GET', '/api/logout')).status < 400 ? 'allowed' : 'refused'),
  'POST /api/login/getCodeWhenForgetPwd': form('/api/login/getCodeWhenForgetPwd', { email: 'nobody@example.com' }),
  'POST /api/login/forgetPassword': form('/api/login/forgetPassword', { email: 'nobody@example.com', verifycode: '1' }),
  'POST /api/login/resetPassword': form('/api/login/resetPassword', { email: 'nobody@example.com', password: 'abc12345' }),
  'POST /api/login/registratorComplex': form('/api/login/registratorComplex', {
    bookId: '2',
    payType: '3',
    bookFormat: '0',
    purchaseInfo: '{"country":"China"}',
  }),
  'POST /api/books/download': body('/api/books/download'),
  'GET /api/wx-pay/query/{orderNo}': (c, x) => get(`/api/wx-pay/query/${x.orderNo}`)(c),
  'GET /api/ali-pay/query/{orderNo}': (c, x) => get(`/api/ali-pay/query/${x.orderNo}`)(c),
  'POST /api/reportCommon/reportRetentionCommon': form('/api/reportCommon/reportRetentionCommon', { reportId: 'R1' }),
  'POST /api/reportCommon/saveButtonActivity': form('/api/reportCommon/saveButtonActivity', { reportId: 'R1' }),
  'POST /api/reportCommon/tqsOperationCommon': form('/api/reportCommon/tqsOperationCommon', { reportId: 'R1' }),
  'POST /api/pay/notify/{provider}': notify('wechat'),
  'GET /health/live': get('/health/live'),
  'GET /shop/{path}': get('/shop/orders'),
  version: gql('{ version }'),
  book: gql('{ book(id: "1") { id } }'),
  countries: gql('{ countries { code } }'),
  captcha: gql('{ captcha { image } }'),
  emailRegistered: gql('{ emailRegistered(email: "nobody@example.com") }'),
  requestCode: gql('mutation { requestCode(account: "bad", purpose: REGISTER) }'),
  confirmCode: gql('mutation { confirmCode(account: "x@example.com", purpose: REGISTER, code: "1") }'),
  register: gql(
    'mutation { register(input: { email: "bad", code: "1", firstName: "a", lastName: "b", company: "c", password: "x", confirmPassword: "x", agreement: true }) { accessToken } }',
  ),
  login: gql('mutation { login(account: "x@example.com", password: "x", captcha: "abcd") { accessToken } }'),
  logout: async (_c, x) => ((await x.fresh().gql('mutation { logout }')).data ? 'allowed' : 'refused'),
  resetPassword: gql('mutation { resetPassword(account: "x@example.com", password: "abc12345", confirmPassword: "abc12345") }'),
  adminOrder: gql('query($o: ID!) { adminOrder(orderNo: $o) { orderNo } }', (x) => ({ o: x.orderNo })),
  registrationMirrorEvents: gql('query($u: ID!) { registrationMirrorEvents(userId: $u) { type } }', (x) => ({ u: x.userId })),
  markBankTransferCompleted: gql('mutation($o: ID!) { markBankTransferCompleted(orderNo: $o, reference: "R") { changed } }', (x) => ({ o: x.orderNo })),
  retryRegistrationMirror: gql('mutation($u: ID!) { retryRegistrationMirror(userId: $u) { changed } }', (x) => ({ u: x.userId })),
  'POST /api/user/updatePassword': reached('/api/user/updatePassword', { oldPassword: 'Wrong1234', password: 'Changed123' }),
  'POST /api/user/firstLoginPassword': reached('/api/user/firstLoginPassword', { password: 'Changed123' }),
  'POST /api/user/bindEmailGetCode': reached('/api/user/bindEmailGetCode', { email: 'not-an-email' }),
  'POST /api/user/bindEmail': reached('/api/user/bindEmail', { email: 'nobody@example.com', verifycode: '000000' }),
  changePassword: gqlReached('mutation { changePassword(oldPassword: "Wrong1234", password: "Changed123", confirmPassword: "Changed123") { sessionsEnded } }'),
  setFirstPassword: gqlReached('mutation { setFirstPassword(password: "Changed123", confirmPassword: "Changed123") { sessionsEnded } }'),
  requestEmailBindingCode: gqlReached('mutation { requestEmailBindingCode(email: "not-an-email") }'),
  bindEmail: gqlReached('mutation { bindEmail(email: "nobody@example.com", code: "000000") { sessionsEnded } }'),
  adminAccounts: gql('{ adminAccounts { total } }'),
  adminAccount: gql('query($u: ID!) { adminAccount(userId: $u) { email } }', (x) => ({ u: x.userId })),
  accountEvents: gql('query($u: ID!) { accountEvents(userId: $u) { type } }', (x) => ({ u: x.userId })),
  // An account that does not exist: disabling the walk's buyer would end its session mid-walk.
  disableAccount: gql('mutation { disableAccount(userId: "999999") { changed } }'),
  enableAccount: gql('mutation { enableAccount(userId: "999999") { changed } }'),
  recordPaperOrder: gql(
    'mutation { recordPaperOrder(input: { buyerEmail: "nobody@example.com", bookId: "1", language: en, country: "China", markPaid: false, purchaseInfo: { streetNumber: "s", zip: "1", town: "t", country: "China" } }) { changed } }',
  ),
  'GET /api/login/getCode': get('/api/login/getCode'),
  'POST /api/login/chkUserByEmail': form('/api/login/chkUserByEmail', { userEmail: 'nobody@example.com' }),
  'POST /api/login/selectCountry': form('/api/login/selectCountry'),
  'POST /api/books/selectBookPurchases': form('/api/books/selectBookPurchases'),
  // Own-data lists: "allowed" only when the buyer's order is in the answer.
  'POST /api/order/getList': async (c, x) => {
    const r = await c.form<{ orderId: string }[] | null>('/api/order/getList', { userId: x.userId, currentSizeCo: '1', pageSizeCo: '50' });
    return r.code === 401 ? 'refused' : r.data?.some((o) => o.orderId === x.orderNo) ? 'allowed' : 'empty';
  },
  'POST /api/order/purchaseInfo': (c, x) => form('/api/order/purchaseInfo', { userId: x.userId, orderId: x.orderNo })(c),
  'GET /api/orders/{orderNo}/download': (c, x) => get(`/api/orders/${x.orderNo}/download`)(c),
  'GET /api/paypal/checkout/{orderNo}': (c, x) => get(`/api/paypal/checkout/${x.orderNo}`)(c),
  'POST /api/reportCommon/get8DReportPermission': form('/api/reportCommon/get8DReportPermission', { reportId: 'R1' }),
  'POST /api/orderManagement/updateOrderStatus': (c, x) =>
    form('/api/orderManagement/updateOrderStatus', { orderId: x.orderNo, shippingStatus: '1' })(c).then((o) => (o === 'empty' ? 'allowed' : o)),
  'GET /shop/version': get('/shop/version'),
  'GET /health/ready': get('/health/ready'),
  'GET /admin/queues': get('/admin/queues'),
  books: gql('{ books { id } }'),
  me: gql('{ me { email } }'),
  orders: async (c, x) => {
    const r = await c.gql<{ orders: { items: { orderNo: string }[] } }>('{ orders(pageSize: 50) { items { orderNo } } }');
    return r.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED' ? 'refused' : r.data?.orders.items.some((o) => o.orderNo === x.orderNo) ? 'allowed' : 'empty';
  },
  order: gql('query($o: ID!) { order(orderNo: $o) { orderNo } }', (x) => ({ o: x.orderNo })),
  purchaseInfo: gql('query($o: ID!) { purchaseInfo(orderNo: $o) { zip } }', (x) => ({ o: x.orderNo })),
  paymentIntent: gql('query($o: ID!) { paymentIntent(orderNo: $o) { id } }', (x) => ({ o: x.orderNo })),
  paymentStatus: live(PAYMENT_STATUS, (x) => ({ r: x.orderNo })),
  checkPayment: gql('mutation($o: ID!) { checkPayment(reference: $o) { paid } }', (x) => ({ o: x.orderNo })),
  checkout: gql('mutation { checkout(input: { bookId: "3", format: EBOOK, country: "China", paymentMethod: BANK_TRANSFER }) { reused } }'),
  adminOrders: gql('{ adminOrders { total } }'),
  orderEvents: gql('query($o: ID!) { orderEvents(orderNo: $o) { type } }', (x) => ({ o: x.orderNo })),
  registrationMirrors: gql('{ registrationMirrors { total } }'),
  markOrderShipped: gql('mutation($o: ID!) { markOrderShipped(orderNo: $o) { changed } }', (x) => ({ o: x.orderNo })),
  reconciliationDay: gql('{ reconciliationDay(date: "2026-01-05") { date reconcilableProviders } }'),
  reconciliationDays: gql('{ reconciliationDays(from: "2026-01-01", to: "2026-01-31") { date } }'),
  reconciliationItemEvents: gql('{ reconciliationItemEvents(itemId: "999999") { type } }'),
  // An item that does not exist, and a provider without bills: past authorization, nothing is changed or queued.
  resolveReconciliationItem: gql('mutation { resolveReconciliationItem(itemId: "999999", action: ACKNOWLEDGE, note: "n") { item { id } } }'),
  rerunReconciliation: gql('mutation { rerunReconciliation(provider: BANK_TRANSFER, date: "2026-01-05") { changed } }'),
};

// What each rule expects from each caller (for own-data rules: buyer sees the data, other sees none).
const expected: Record<string, Record<Who, Outcome[]>> = {
  public: { guest: ['allowed', 'empty'], buyer: ['allowed', 'empty'], other: ['allowed', 'empty'], operator: ['allowed', 'empty'] },
  session: { guest: ['refused', 'empty'], buyer: ['allowed'], other: ['allowed', 'empty'], operator: ['allowed', 'empty'] },
  own: { guest: ['refused'], buyer: ['allowed'], other: ['empty', 'refused'], operator: ['empty', 'refused'] },
  operator: { guest: ['refused'], buyer: ['refused'], other: ['refused'], operator: ['allowed', 'empty'] },
  signed: { guest: ['refused'], buyer: ['refused'], other: ['refused'], operator: ['refused'] },
};

t.test('every row of the authorization table holds for guest, buyer, other buyer and operator', async (t) => {
  t.ok(rows.length >= 20, `${rows.length} rows in the authorization table`);
  for (const r of rows) t.ok(recipes[r.name], `a recipe for ${r.name}`);
  for (const name of Object.keys(recipes))
    t.ok(
      rows.some((r) => r.name === name),
      `${name} is in the authorization table`,
    );

  // The API answers through inject(); the payment sandboxes are the providers (a PayPal order is
  // made at checkout); no callback is needed, the order is marked paid in the table. The buyers are
  // made in the table and log in: no worker mails a registration code.
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, { RATE_LIMIT_SCALE: '50', ...payments.env }, { workers: false });
  // The live status row speaks over a real WebSocket, which needs a port.
  const socketBase = await stack.app.listen({ port: 0, host: '127.0.0.1' });
  const [buyer, other] = [await buyerWithoutMail(stack, 'a'), await buyerWithoutMail(stack, 'b')];
  const clients: Record<Who, Client> = { guest: stack.client(), buyer: buyer.client, other: other.client, operator: stack.client() };
  const order = (await buy(clients.buyer, { paymentMethod: 'PAYPAL', bookId: '1' })).data!.checkout.order;
  await stack.db.updateTable('orders').set({ status: 'paid', paid_at: new Date() }).where('order_no', '=', order.orderNo).execute();
  const opEmail = uniqueEmail('op');
  await ensureOperator(stack.db, { email: opEmail, password: 'Operator1' });
  await loginLegacy(clients.operator, opEmail, 'Operator1');
  const x: Ctx = { orderNo: order.orderNo, userId: String(buyer.userId), clients, fresh: () => stack.client(), socketBase };

  for (const r of rows) {
    const recipe = recipes[r.name];
    const rule = expected[r.rule];
    if (!recipe || !rule) continue;
    for (const who of ['guest', 'buyer', 'other', 'operator'] as Who[]) {
      const got = await recipe(clients[who], x);
      t.ok(rule[who].includes(got), `${r.name} as ${who}: ${got} (rule ${r.rule})`);
    }
  }
});
