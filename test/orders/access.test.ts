import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ensureOperator } from '../../gateway/src/cli/operator.js';
import { loginLegacy, registerLegacy } from '../helpers/accounts.js';
import { buy, purchaseInfo } from '../helpers/orders.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';
import { eventually, tempDir } from '../helpers/tmp.js';

function qpdfOpens(file: string, password?: string): boolean {
  const args = password === undefined ? ['--check', file] : [`--password=${password}`, '--check', file];
  return spawnSync('qpdf', args, { encoding: 'utf8' }).status === 0;
}

/** A paid bank-transfer paper order of the user, straight into the table. */
function paidRow(userId: number) {
  return {
    user_id: userId,
    book_id: 2,
    format: 'paper' as 'paper' | 'ebook',
    country: 'Germany',
    pay_type: 3 as const,
    provider: 'bank_transfer' as const,
    unit_price_cents: 25000,
    amount_cents: 25000,
    status: 'paid' as const,
    paid_at: new Date(),
    expires_at: new Date(),
  };
}

t.test("a paid e-book downloads encrypted for its buyer; nobody else reaches the buyer's orders", async (t) => {
  const stack = await startInProcess(t);
  const dir = tempDir(t);
  const a = stack.client();
  const aEmail = uniqueEmail('a');
  const aUser = await registerLegacy(a, aEmail);
  const order = (await buy(a, { paymentMethod: 'BANK_TRANSFER', purchaseInfo: { ...purchaseInfo, vatId: 'DE123', letterbox: '' } })).data!.checkout.order;

  // Before payment: nothing to download.
  const unpaid = await a.request('POST', '/api/books/download', {
    body: JSON.stringify({ buyerEmail: aEmail, bookId: 1 }),
    headers: { 'content-type': 'application/json' },
  });
  t.equal(unpaid.status, 404);
  // An expected refusal, not a server fault: the envelope code is 404 too, never 500.
  t.same(await unpaid.json(), { code: 404, message: 'Download failed, please contact customer service!', data: null });

  // A buyer is no operator.
  t.match(await a.form('/api/orderManagement/updateOrderStatus', { orderId: order.orderNo, orderStatus: '0' }), { code: 403, message: 'No Permission' });
  const opEmail = uniqueEmail('op');
  await ensureOperator(stack.db, { email: opEmail, password: 'Operator1' });
  const op = stack.client();
  await loginLegacy(op, opEmail, 'Operator1');
  t.match(await op.form('/api/orderManagement/updateOrderStatus', { orderId: order.orderNo, orderStatus: '0', userId: aUser.data.userId as string }), {
    code: 200,
    message: 'operation success',
    data: { changed: true, status: 'paid' },
  });
  t.match(
    await op.form('/api/orderManagement/updateOrderStatus', { orderId: order.orderNo, orderStatus: '0' }),
    { code: 200, data: { changed: false } },
    'a second completion changes nothing',
  );

  // Paying queued the buyer's encrypted copy; the workers make it in the shared folder.
  const copiesDir = stack.config.ebooks.copiesDir;
  const storedCopy = await eventually('the copy made at payment', async () => {
    const names = existsSync(copiesDir) ? readdirSync(copiesDir).filter((n) => n.endsWith('.pdf')) : [];
    return names.length === 1 ? readFileSync(path.join(copiesDir, names[0]!)) : undefined;
  });

  const mine = await a.gql<{ order: { status: string; downloadable: boolean; downloadUrl: string; ebookPassword: string } }>(
    `query($o: ID!) { order(orderNo: $o) { status downloadable downloadUrl ebookPassword } }`,
    { o: order.orderNo },
  );
  t.match(mine.data?.order, { status: 'PAID', downloadable: true, ebookPassword: aEmail });
  const pdf = await a.request('GET', mine.data!.order.downloadUrl);
  t.equal(pdf.status, 200);
  t.equal(pdf.headers.get('content-type'), 'application/pdf');
  t.match(pdf.headers.get('content-disposition'), /attachment; filename="book-1\.pdf"; filename\*=UTF-8''Automotive%20Software/);
  const file = path.join(dir, 'a.pdf');
  writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
  t.ok(qpdfOpens(file, aEmail), 'qpdf opens it with the buyer email');
  t.notOk(qpdfOpens(file), 'and not without a password');
  t.notOk(qpdfOpens(file, uniqueEmail()), 'nor with another email');
  t.match(execFileSync('qpdf', ['--show-encryption', `--password=${aEmail}`, file], { encoding: 'utf8' }), /AESv3|AES-256|V = 5/, 'AES-256');
  // Each encryption draws its own salts and owner password: the same bytes are the stored copy.
  t.ok(Buffer.from(readFileSync(file)).equals(storedCopy), 'the first download streams the copy made at payment');
  t.equal(pdf.headers.get('content-length'), String(storedCopy.length));

  const legacyDl = await a.request('POST', '/api/books/download', {
    body: JSON.stringify({ buyerEmail: 'someone@else.com', bookId: 1 }),
    headers: { 'content-type': 'application/json' },
  });
  t.equal(legacyDl.status, 200, 'legacy download by book id (the body email is ignored: identity is the session)');
  const byRow = await a.request('POST', '/api/books/download', {
    body: JSON.stringify({ orderId: order.orderNo, bookName: 'x' }),
    headers: { 'content-type': 'application/json' },
  });
  t.equal(byRow.status, 200, 'legacy download with the order row');

  t.same((await a.form('/api/books/selectBookPurchases', { payerId: '1' })).data, [{ bookId: '1', bookPwd: aEmail }]);
  const info = await a.form<Record<string, unknown>>('/api/order/purchaseInfo', { userId: '1', orderId: order.orderNo });
  t.same(
    Object.keys(info.data).sort(),
    [
      'country',
      'landlineTel',
      'letterbox',
      'mobileTel',
      'paymentMethod',
      'province',
      'purchaseOrderNo',
      'selLanguage',
      'streetNumber',
      'town',
      'vatId',
      'zip',
    ].sort(),
  );
  t.match(info.data, { streetNumber: 'Hauptstr. 1', zip: '10115', town: 'Berlin', country: 'Germany', vatId: 'DE123', letterbox: null, paymentMethod: 3 });

  // Another buyer, with A's ids in every body: nothing of A's comes back.
  const b = stack.client();
  await registerLegacy(b, uniqueEmail('b'));
  const aId = String(aUser.data.userId);
  const q = `query($o: ID!) { order(orderNo: $o) { orderNo } purchaseInfo(orderNo: $o) { zip } paymentIntent(orderNo: $o) { id } }`;
  t.same((await b.gql(q, { o: order.orderNo })).data, { order: null, purchaseInfo: null, paymentIntent: null }, 'GraphQL');
  t.match(await b.form('/api/order/purchaseInfo', { userId: aId, orderId: order.orderNo }), { code: 200, data: null }, 'legacy purchaseInfo');
  t.match(await b.form('/api/order/getList', { userId: aId, currentSizeCo: '1', pageSizeCo: '10' }), { data: null }, 'legacy getList');
  t.same((await b.form('/api/books/selectBookPurchases', { payerId: aId })).data, [], 'legacy selectBookPurchases');
  for (const body of [{ orderId: order.orderNo }, { buyerEmail: aEmail, bookId: 1 }, { orderId: order.orderNo, payerId: aId, buyerEmail: aEmail }]) {
    const res = await b.request('POST', '/api/books/download', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    t.equal(res.status, 404, `download refused for ${JSON.stringify(body)}`);
    t.equal(((await res.json()) as { code: number }).code, 404, 'with envelope code 404');
  }
  t.equal((await b.request('GET', `/api/orders/${order.orderNo}/download`)).status, 404);
  t.equal((await stack.client().request('GET', `/api/orders/${order.orderNo}/download`)).status, 401, 'guests too');

  // A paid paper order has nothing to download.
  const paper = `${order.orderNo.slice(0, 8)}PAPER00001`;
  await stack.db
    .insertInto('orders')
    .values({ ...paidRow(Number(aId)), order_no: paper })
    .execute();
  t.equal((await a.request('GET', `/api/orders/${paper}/download`)).status, 404, 'paper orders are not downloadable');

  // A download that comes before its copy was made (here: an e-book order with no job behind it)
  // encrypts on demand and stores the copy for the next one.
  const early = `${order.orderNo.slice(0, 8)}EBOOK00002`;
  await stack.db
    .insertInto('orders')
    .values({ ...paidRow(Number(aId)), order_no: early, book_id: 3, format: 'ebook' })
    .execute();
  const copiesBefore = readdirSync(copiesDir).length;
  const earlyPdf = await a.request('GET', `/api/orders/${early}/download`);
  t.equal(earlyPdf.status, 200, 'a download before the copy is made still works');
  const earlyFile = path.join(dir, 'early.pdf');
  writeFileSync(earlyFile, Buffer.from(await earlyPdf.arrayBuffer()));
  t.ok(qpdfOpens(earlyFile, aEmail), 'encrypted for the buyer');
  t.equal(readdirSync(copiesDir).length, copiesBefore + 1, 'and stored');
  const again = Buffer.from(await (await a.request('GET', `/api/orders/${early}/download`)).arrayBuffer());
  t.ok(again.equals(readFileSync(earlyFile)), 'the next download streams what the first one stored');

  // A changed email is a new password: the copy made for the old one is never served again.
  const newEmail = uniqueEmail('a-new');
  await stack.db.updateTable('users').set({ email: newEmail }).where('id', '=', Number(aId)).execute();
  const renamed = await a.request('GET', `/api/orders/${order.orderNo}/download`);
  t.equal(renamed.status, 200);
  const renamedFile = path.join(dir, 'renamed.pdf');
  writeFileSync(renamedFile, Buffer.from(await renamed.arrayBuffer()));
  t.notOk(readFileSync(renamedFile).equals(storedCopy), 'not the old copy');
  t.ok(qpdfOpens(renamedFile, newEmail), 'qpdf opens it with the new email');
  t.notOk(qpdfOpens(renamedFile, aEmail), 'and not with the old one');
  await stack.db.updateTable('users').set({ email: aEmail }).where('id', '=', Number(aId)).execute();

  // The download checks the session in the statement that finds the order: a valid session without
  // anything to look for is a failed download; a session that ended is asked to log in, in either
  // language, on both download routes.
  const nothing = await a.request('POST', '/api/books/download', { body: JSON.stringify({ bookId: 'x' }), headers: { 'content-type': 'application/json' } });
  t.same(await nothing.json(), { code: 404, message: 'Download failed, please contact customer service!', data: null }, 'no order and no book');
  const guestNothing = await stack
    .client()
    .request('POST', '/api/books/download', { body: JSON.stringify({}), headers: { 'content-type': 'application/json' } });
  t.equal(guestNothing.status, 401, 'a guest asking for nothing is asked to log in');
  const ended = async (what: string) => {
    const get = await a.request('GET', `/api/orders/${order.orderNo}/download`);
    t.equal(get.status, 401, what);
    t.same(await get.json(), { code: 401, message: 'Please log in first', data: null });
    const post = await a.request('POST', '/api/books/download', {
      body: JSON.stringify({ orderId: order.orderNo }),
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
    });
    t.same(await post.json(), { code: 401, message: '请先登录', data: null }, `${what} (zh)`);
  };
  await stack.db.updateTable('users').set({ disabled: true }).where('id', '=', Number(aId)).execute();
  await ended('a disabled account');
  await stack.db.updateTable('users').set({ disabled: false }).where('id', '=', Number(aId)).execute();
  t.equal((await a.request('GET', `/api/orders/${order.orderNo}/download`)).status, 200, 'enabled again, it downloads');
  await stack.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('user_id', '=', Number(aId))
    .execute();
  await ended('an expired session');
  await stack.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() + 3600_000), revoked_at: new Date() })
    .where('user_id', '=', Number(aId))
    .execute();
  await ended('a revoked session');

  const events = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['type', 'actor_type'])
    .where('orders.order_no', '=', order.orderNo)
    .orderBy('order_events.id')
    .execute();
  t.same(
    events.map((e) => `${e.type}:${e.actor_type}`),
    ['created:buyer', 'paid:operator'],
    'the audit trail',
  );
});
