import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@shop/db';
import { sha256 } from '@shop/config';

export interface Buyer {
  id: number;
  email: string;
  token: string;
}

const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000';

/**
 * `buyers` buyers named `<who><n>@example.com` and `perBuyer` orders each, in set statements: a
 * paid e-book of book 1, then paper orders of the three books, every fourth paid, the others
 * expired, alternately by PayPal and bank transfer. Order numbers are the prefix, the buyer's id
 * (`idDigits` wide) and the order's index.
 */
async function insertBuyersWithOrders(
  db: Kysely<Database>,
  o: { who: 'bench' | 'grown'; orderNoPrefix: string; idDigits: number; buyers: number; perBuyer: number },
): Promise<void> {
  const name = o.who === 'bench' ? 'Bench' : 'Grown';
  await sql`insert into users (email, first_name, last_name, password_hash, company, country_code)
    select ${o.who}::text || g || '@example.com', ${name}::text, 'Buyer ' || g, ${PASSWORD_HASH}, 'Bench GmbH', '001' from generate_series(1, ${o.buyers}) g`.execute(
    db,
  );
  await sql`insert into orders (order_no, user_id, book_id, format, country, pay_type, provider, unit_price_cents, amount_cents, currency, status, paid_at, created_at, expires_at)
    select ${o.orderNoPrefix}::text || lpad(u.id::text, ${o.idDigits}::int, '0') || lpad(n::text, 4, '0'), u.id, (n % 3) + 1,
           case when n = 0 then 'ebook' else 'paper' end, 'Germany', 2 + (n % 2),
           case when n % 2 = 0 then 'paypal' else 'bank_transfer' end,
           b.price_cents, b.price_cents, 'EUR',
           case when n = 0 or n % 4 = 0 then 'paid' else 'expired' end,
           case when n = 0 or n % 4 = 0 then now() - (n || ' minutes')::interval end,
           now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval + interval '2 hours'
    from users u cross join generate_series(0, ${o.perBuyer - 1}) n join books b on b.id = (n % 3) + 1
    where u.email like ${o.who + '%@example.com'}`.execute(db);
}

/**
 * After a bulk insert: statistics for the planner, the new rows vacuumed and the dirty pages
 * written out now, so that autovacuum and the checkpointer do not run during the next measured
 * case (a baseline measured right after the seed otherwise pays for them).
 */
async function settleTables(db: Kysely<Database>): Promise<void> {
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`.execute(db);
}

/**
 * 1,000 buyers with a session each and 100,000 orders: every buyer has a paid e-book of book 1
 * (for the download case), paid and expired paper orders, and books 2 and 3 free to buy.
 */
export async function seedBench(db: Kysely<Database>, buyers = 1000, ordersPerBuyer = 100): Promise<Buyer[]> {
  await insertBuyersWithOrders(db, { who: 'bench', orderNoPrefix: 'BN', idDigits: 6, buyers, perBuyer: ordersPerBuyer });
  await settleTables(db);
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'like', 'bench%@example.com').orderBy('id').execute();
  const out: Buyer[] = users.map((u) => ({ id: u.id, email: u.email!, token: randomBytes(32).toString('base64url') }));
  for (let i = 0; i < out.length; i += 500) {
    const chunk = out.slice(i, i + 500);
    await db
      .insertInto('sessions')
      .values(chunk.map((b) => ({ token_hash: sha256(b.token), user_id: b.id, expires_at: new Date(Date.now() + 86_400_000) })))
      .execute();
  }
  return out;
}

/**
 * Grows the orders table to `total` rows with other buyers' orders (100 each, the bench buyers'
 * mix), in set statements: the shop grown tenfold around the same bench buyers, whose pages are
 * then measured again. Answers how many orders were added.
 */
export async function growOrders(db: Kysely<Database>, total: number, perBuyer = 100): Promise<number> {
  const { n } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const buyers = Math.floor((total - Number(n)) / perBuyer);
  if (buyers <= 0) return 0;
  await insertBuyersWithOrders(db, { who: 'grown', orderNoPrefix: 'GR', idDigits: 7, buyers, perBuyer });
  await settleTables(db);
  return buyers * perBuyer;
}

/**
 * One provider's day of `trades` paid e-book orders (WeChat Pay, domestic, CNY), each with its
 * paying attempt settled at `paidAt`: the ledger a day's bill of the same trades is reconciled
 * against. Answers the attempts' out_trade_nos.
 */
export async function seedBilledDay(db: Kysely<Database>, trades: number, paidAt: Date): Promise<string[]> {
  const buyer = await db
    .insertInto('users')
    .values({ email: `bill-day-${Date.now()}@example.com`, first_name: 'Bill', last_name: 'Day', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prefix = `BD${Date.now().toString(36).toUpperCase()}`;
  await sql`insert into orders (order_no, user_id, book_id, format, country, pay_type, provider, unit_price_cents, amount_cents, currency, status, paid_at, created_at, expires_at)
    select ${prefix} || lpad(g::text, 6, '0'), ${buyer.id}, 1, 'paper', 'China', 2, 'wechat', 7500, 7500, 'EUR', 'paid', ${paidAt}, ${paidAt}, ${paidAt}::timestamptz + interval '2 hours'
    from generate_series(1, ${trades}) g`.execute(db);
  await sql`insert into payment_intents (order_id, provider, method, out_trade_no, status, amount_cents, currency, succeeded_at, created_at)
    select o.id, 'wechat', 'native', o.order_no || 'P1', 'succeeded', 58359, 'CNY', ${paidAt}, ${paidAt}
    from orders o where o.order_no like ${`${prefix}%`}`.execute(db);
  await sql`update orders o set paid_intent_id = a.id from payment_intents a where a.order_id = o.id and o.order_no like ${`${prefix}%`}`.execute(db);
  await sql`analyze`.execute(db);
  const rows = await db.selectFrom('payment_intents').select('out_trade_no').where('out_trade_no', 'like', `${prefix}%`).orderBy('id').execute();
  return rows.map((r) => r.out_trade_no);
}
