// The benchmark's data: buyers with sessions and a fixed mix of orders, and the shop grown around
// them; written in set statements, so a wrong column or type shows only when it runs.
import t from 'tap';
import { createTestDatabase } from '../helpers/db.js';
import { growOrders, seedBench } from '../../scripts/src/bench/seed.js';

t.test('the bench buyers get sessions and their orders; growing adds other buyers with the same mix', async (t) => {
  const { db } = await createTestDatabase(t);
  const before = Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const buyers = await seedBench(db, 3, 8);
  t.equal(buyers.length, 3, 'three buyers');
  t.equal(buyers[0]!.email, 'bench1@example.com');
  const sessions = await db
    .selectFrom('sessions')
    .select('user_id')
    .where(
      'user_id',
      'in',
      buyers.map((b) => b.id),
    )
    .execute();
  t.equal(sessions.length, 3, 'a session each');
  const bench = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['order_no', 'format', 'status', 'provider', 'users.first_name'])
    .where('users.email', '=', 'bench1@example.com')
    .orderBy('order_no')
    .execute();
  t.equal(bench.length, 8, 'eight orders each');
  t.match(bench[0], { order_no: `BN${String(buyers[0]!.id).padStart(6, '0')}0000`, format: 'ebook', status: 'paid', provider: 'paypal', first_name: 'Bench' });
  t.same(
    bench.map((o) => o.status),
    ['paid', 'expired', 'expired', 'expired', 'paid', 'expired', 'expired', 'expired'],
    'every fourth paid',
  );

  const added = await growOrders(db, before + 24 + 16, 8);
  t.equal(added, 16, 'two more buyers of eight orders');
  const grown = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['order_no', 'users.first_name'])
    .where('users.email', 'like', 'grown%@example.com')
    .orderBy('order_no')
    .execute();
  t.equal(grown.length, 16);
  t.match(grown[0]!.order_no, /^GR\d{7}0000$/, 'their numbers are GR, the id in seven digits, the index');
  t.equal(grown[0]!.first_name, 'Grown');
});
