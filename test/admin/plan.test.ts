import t from 'tap';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '@shop/db';
import { adminOrderPageQuery } from '../../gateway/src/services/admin/orders.js';
import type { AdminOrderFilter } from '../../gateway/src/services/admin/order-filter.js';
import { createTestDatabase } from '../helpers/db.js';

// The console's queries must stay index-backed as the shop grows: this fills a database with
// 100,000 orders of 50,000 buyers and reads PostgreSQL's plans (no timings are asserted).

async function fill(db: Db): Promise<void> {
  await sql`
    insert into users (email, first_name, last_name, password_hash)
    select 'buyer-' || substr(md5(n::text), 1, 10) || '@example.com', 'B', 'N', 'x' from generate_series(1, 50000) n`.execute(db);
  // Mostly expired orders; every 10th paper order paid (half of those shipped); the newest 1,000 pending.
  await sql`
    insert into orders (order_no, user_id, book_id, format, country, pay_type, provider, unit_price_cents, amount_cents, status, shipping_status, paid_at, created_at, expires_at)
    select '20261122' || upper(substr(md5('o' || i), 1, 10)),
      (select min(id) from users) + (i % 50000),
      (i % 3) + 1,
      case when i % 5 = 0 then 'paper' else 'ebook' end,
      'Germany',
      case when i % 4 = 0 then 3 else 2 end,
      case when i % 4 = 0 then 'bank_transfer' else 'wechat' end,
      7500, 7500,
      case when i > 99000 then 'pending_payment' when i % 10 = 0 then 'paid' else 'expired' end,
      case when i <= 99000 and i % 20 = 0 then 'shipped' else 'not_shipped' end,
      case when i <= 99000 and i % 10 = 0 then now() end,
      now() - make_interval(mins => 100000 - i),
      now()
    from generate_series(1, 100000) i`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

async function plan(db: Db, filter: AdminOrderFilter): Promise<{ text: string; ms: number }> {
  const q = adminOrderPageQuery(db, filter, 1, 20);
  const r = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (analyze, format json) ${q.sql}`, [...q.parameters]));
  const json = r.rows[0]!['QUERY PLAN'] as [{ 'Execution Time': number }];
  return { text: JSON.stringify(json), ms: json[0]['Execution Time'] };
}

t.test('search and work-list filters use their indexes on 100,000 orders', async (t) => {
  const { db } = await createTestDatabase(t);
  await fill(db);
  const someOrder = await db
    .selectFrom('orders')
    .select('order_no')
    .where('status', '=', 'expired')
    .orderBy('id')
    .offset(4321)
    .limit(1)
    .executeTakeFirstOrThrow();
  const someBuyer = await db.selectFrom('users').select('email').orderBy('id').offset(777).limit(1).executeTakeFirstOrThrow();

  const cases: [string, AdminOrderFilter, string[]][] = [
    ['part of an order number', { search: someOrder.order_no.slice(9, 16).toLowerCase() }, ['orders_order_no_trgm_idx', 'users_email_trgm_idx']],
    ['part of a buyer email', { search: someBuyer.email!.slice(6, 14).toUpperCase() }, ['orders_order_no_trgm_idx', 'users_email_trgm_idx']],
    ['transfers to complete', { provider: 'bank_transfer', status: 'pending_payment' }, ['orders_transfer_pending_idx']],
    ['paper orders to ship', { status: 'paid', format: 'paper', shippingStatus: 'not_shipped' }, ['orders_to_ship_idx']],
    [
      'one day',
      {
        createdFrom: { at: new Date(Date.now() - 3 * 86_400_000), inclusive: true },
        createdTo: { at: new Date(Date.now() - 2 * 86_400_000), inclusive: false },
      },
      ['orders_created_idx'],
    ],
  ];
  for (const [what, filter, indexes] of cases) {
    const p = await plan(db, filter);
    for (const index of indexes) t.match(p.text, index, `${what}: uses ${index}`);
    t.notMatch(
      p.text,
      /"Node Type":"Seq Scan","Parallel Aware":(true|false),"Async Capable":(true|false),"Relation Name":"orders"/,
      `${what}: no sequential scan of orders`,
    );
    t.comment(`${what}: ${p.ms.toFixed(1)} ms`);
  }
  const unfiltered = await plan(db, {});
  t.comment(`no filter (total over 100,000 orders): ${unfiltered.ms.toFixed(1)} ms`);
});
