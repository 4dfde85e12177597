import t from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';
import type { Client } from '../helpers/http.js';

async function seedOrders(stack: Awaited<ReturnType<typeof startInProcess>>, userId: number) {
  // 23 orders: statuses and pay types mixed in a known pattern, created a minute apart.
  // At most one pending order per book and format may exist, so pending rows take distinct slots.
  const statuses = ['paid', 'pending_payment', 'expired'] as const;
  const slot = (i: number) => Math.floor(i / 3);
  const rows = Array.from({ length: 23 }, (_, i) => ({
    order_no: `2026112${String(i).padStart(2, '0')}SEEDED${userId}`.slice(0, 32),
    user_id: userId,
    book_id: statuses[i % 3] === 'pending_payment' ? (slot(i) % 3) + 1 : (i % 3) + 1,
    format: statuses[i % 3] === 'pending_payment' && slot(i) >= 3 ? ('ebook' as const) : ('paper' as const),
    country: 'Germany',
    pay_type: (i % 2 === 0 ? 2 : 3) as 2 | 3,
    provider: i % 2 === 0 ? ('paypal' as const) : ('bank_transfer' as const),
    unit_price_cents: 5000,
    amount_cents: 5000,
    status: statuses[i % 3] === 'pending_payment' && slot(i) >= 6 ? ('expired' as const) : statuses[i % 3]!,
    paid_at: statuses[i % 3] === 'paid' ? new Date() : null,
    created_at: new Date(Date.now() - (23 - i) * 60_000),
    expires_at: new Date(Date.now() + 3600_000),
  }));
  await stack.db.insertInto('orders').values(rows).execute();
  return rows;
}

const LIST = `query($f: OrderFilter, $p: Int, $s: Int) { orders(filter: $f, page: $p, pageSize: $s) { total page pageSize items { orderNo status payType createdAt amount } } }`;
type ListAnswer = {
  orders: { total: number; page: number; pageSize: number; items: { orderNo: string; status: string; payType: number; createdAt: string }[] };
};

async function userIdOf(c: Client): Promise<number> {
  return Number((await c.gql<{ me: { userId: string } }>('{ me { userId } }')).data!.me.userId);
}

t.test('orders: pagination 10/20/50, both filters, exact totals, newest first', async (t) => {
  const stack = await startInProcess(t);
  const c = stack.client();
  await registerLegacy(c, uniqueEmail());
  const rows = await seedOrders(stack, await userIdOf(c));
  const count = (pred: (r: (typeof rows)[number]) => boolean) => rows.filter(pred).length;

  const p1 = (await c.gql<ListAnswer>(LIST, {})).data!.orders;
  t.match(p1, { total: 23, page: 1, pageSize: 10 });
  t.equal(p1.items.length, 10);
  t.equal(p1.items[0]!.orderNo, rows[22]!.order_no, 'newest first');
  t.ok(p1.items.every((o, i, a) => i === 0 || a[i - 1]!.createdAt >= o.createdAt));
  t.equal((await c.gql<ListAnswer>(LIST, { p: 3 })).data!.orders.items.length, 3, 'last page of 10');
  t.equal((await c.gql<ListAnswer>(LIST, { s: 20, p: 2 })).data!.orders.items.length, 3);
  t.equal((await c.gql<ListAnswer>(LIST, { s: 50 })).data!.orders.items.length, 23);
  t.equal((await c.gql<ListAnswer>(LIST, { s: 7 })).data!.orders.pageSize, 10, 'other sizes fall back to 10');
  t.equal((await c.gql<ListAnswer>(LIST, { p: 9 })).data!.orders.total, 23, 'the total past the last page');

  const paid = (await c.gql<ListAnswer>(LIST, { f: { status: 'PAID' }, s: 50 })).data!.orders;
  t.equal(
    paid.total,
    count((r) => r.status === 'paid'),
  );
  t.ok(paid.items.every((o) => o.status === 'PAID'));
  const pending = (await c.gql<ListAnswer>(LIST, { f: { status: 'PENDING_PAYMENT' } })).data!.orders;
  t.equal(
    pending.total,
    count((r) => r.status === 'pending_payment'),
  );
  const offline = (await c.gql<ListAnswer>(LIST, { f: { payType: 3 }, s: 50 })).data!.orders;
  t.equal(
    offline.total,
    count((r) => r.pay_type === 3),
  );
  t.ok(offline.items.every((o) => o.payType === 3));
  const both = (await c.gql<ListAnswer>(LIST, { f: { status: 'PAID', payType: 2 } })).data!.orders;
  t.equal(
    both.total,
    count((r) => r.status === 'paid' && r.pay_type === 2),
  );

  // The legacy list: totalCo in the first row, legacy codes, exactly the spec's field names.
  const legacy = await c.form<Record<string, unknown>[]>('/api/order/getList', { userId: '1', currentSizeCo: '1', pageSizeCo: '20', totalCo: '0' });
  t.equal(legacy.code, 200);
  t.equal(legacy.data.length, 20);
  t.same(
    Object.keys(legacy.data[0]!).sort(),
    [
      'bookFormat',
      'bookId',
      'bookName',
      'buyerEmail',
      'countryInfo',
      'createTime',
      'currency',
      'entryPrice',
      'orderId',
      'orderPayType',
      'orderStatus',
      'payerId',
      'totalCo',
    ].sort(),
  );
  t.equal(legacy.data[0]!.totalCo, 23);
  t.notOk('totalCo' in legacy.data[1]!, 'only the first row carries totalCo');
  t.match(legacy.data[0], { bookFormat: rows[22]!.format === 'ebook' ? '0' : '1', entryPrice: 50, currency: 'EUR', orderId: rows[22]!.order_no });
  const codes = new Set(legacy.data.map((r) => r.orderStatus));
  t.ok(
    [...codes].every((s) => ['0', '2', '4'].includes(String(s))),
    'status codes 0 paid, 2 pending (4 expired)',
  );
  const legacyPaid = await c.form<Record<string, unknown>[]>('/api/order/getList', {
    currentSizeCo: '1',
    pageSizeCo: '50',
    orderStatus: '0',
    orderPayType: '3',
  });
  t.equal(
    legacyPaid.data[0]!.totalCo,
    count((r) => r.status === 'paid' && r.pay_type === 3),
  );
  t.ok(legacyPaid.data.every((r) => r.orderStatus === '0' && r.orderPayType === 3));

  const empty = stack.client();
  await registerLegacy(empty, uniqueEmail('empty'));
  t.match(
    await empty.form('/api/order/getList', { userId: String(await userIdOf(c)), currentSizeCo: '1', pageSizeCo: '10' }),
    { code: 200, data: null },
    "data null when empty — and another user's id in the body changes nothing",
  );
  t.equal((await empty.gql<ListAnswer>(LIST, {})).data!.orders.total, 0);
});
