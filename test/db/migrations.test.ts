import t from 'tap';
import { sql } from 'kysely';
import { migrateDown, migrateToLatest, migrateToNothing, migrationNames, seed } from '@shop/db';
import { createTestDatabase } from '../helpers/db.js';

async function tables(db: Parameters<typeof migrateToLatest>[0]): Promise<string[]> {
  const r = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(db);
  return r.rows.map((x) => x.table_name);
}

const everyTable = [
  'audit_events',
  'books',
  'captchas',
  'countries',
  'idempotency_keys',
  'invoice_documents',
  'invoices',
  'order_events',
  'orders',
  'outbox',
  'payment_attempt_events',
  'payment_intents',
  'provider_bills',
  'provider_events',
  'purchase_infos',
  'reconciliation_items',
  'reconciliation_runs',
  'refunds',
  'registration_mirrors',
  'report_states',
  'sessions',
  'users',
  'verification_codes',
];

const CANCELLED_GONE = '2026_11_26_0101_orders_without_cancelled';

/** Migrates down one step at a time until `name` is reverted; the steps taken, newest first. */
async function downThrough(db: Parameters<typeof migrateDown>[0], name: string): Promise<string[]> {
  const steps: string[] = [];
  while (!steps.includes(`Down ${name}`)) {
    const step = await migrateDown(db);
    if (!step.length) throw new Error(`${name} was never applied`);
    steps.push(...step);
  }
  return steps;
}

/** The tables the migrations after `name` create (named in their createTable calls). */
function tablesAfter(name: string): string[] {
  return laterTables.filter((t) => migrationNames.indexOf(t.migration) > migrationNames.indexOf(name)).map((t) => t.table);
}
const laterTables = [
  { migration: '2026_11_28_0201_reconciliation', table: 'provider_bills' },
  { migration: '2026_11_28_0201_reconciliation', table: 'reconciliation_runs' },
  { migration: '2026_11_28_0201_reconciliation', table: 'reconciliation_items' },
  { migration: '2026_11_28_0301_invoice_issue', table: 'invoice_documents' },
];

t.test('migrations go up, down and up again on a real PostgreSQL', async (t) => {
  const { db } = await createTestDatabase(t, { empty: true });
  const up = await migrateToLatest(db);
  t.same(
    up,
    migrationNames.map((n) => `Up ${n}`),
    'every migration applied in order',
  );
  t.same(await tables(db), everyTable, 'the whole model exists');

  const down = await migrateToNothing(db);
  t.same(
    down,
    [...migrationNames].reverse().map((n) => `Down ${n}`),
    'every migration reverted in reverse order',
  );
  t.same(await tables(db), [], 'nothing is left after going down');

  await migrateToLatest(db);
  t.same(await tables(db), everyTable, 'up again after down');
  t.same(await migrateToLatest(db), [], 'a second up is a no-op');

  t.same(await migrateDown(db), [`Down ${migrationNames.at(-1)}`], 'one step down reverts only the newest migration');
  t.same(await migrateToLatest(db), [`Up ${migrationNames.at(-1)}`], 'and up again applies only it');
  // The migration that took the never-set `cancelled` order status away (a constraint and a
  // column, no table): going down through it brings only those back and leaves every table, the
  // sessions' WeChat payer of the migration before included.
  const reverted = await downThrough(db, CANCELLED_GONE);
  t.same(
    await tables(db),
    everyTable.filter((name) => !tablesAfter(CANCELLED_GONE).includes(name)),
  );
  const columns = async (table: string) =>
    (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = ${table}`.execute(db)).rows.map(
      (r) => r.column_name,
    );
  t.ok((await columns('orders')).includes('cancelled_at'), 'the orders get their cancellation time back');
  t.ok((await columns('sessions')).includes('wechat_openid'), 'the sessions keep the WeChat payer of the migration before');
  t.ok((await columns('books')).includes('isbn'), 'and the books their details');
  t.same(await migrateToLatest(db), reverted.map((r) => r.replace(/^Down /, 'Up ')).reverse());
  t.notOk((await columns('orders')).includes('cancelled_at'), 'up again: no cancellation time');
});

t.test('an order cannot be cancelled: the database refuses the status, and the migration stops on an old cancelled row', async (t) => {
  const { db } = await createTestDatabase(t);
  const reverted = await downThrough(db, CANCELLED_GONE);
  const u = await db
    .insertInto('users')
    .values({ first_name: 'A', last_name: 'B', password_hash: 'x', email: 'old@example.com' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = { user_id: u.id, expires_at: new Date(Date.now() + 3600_000) };
  await sql`insert into orders (order_no, user_id, book_id, format, country, pay_type, unit_price_cents, amount_cents, expires_at, status, cancelled_at)
    values ('OLD1', ${order.user_id}, 1, 'ebook', 'China', 2, 7500, 7500, ${order.expires_at}, 'cancelled', now())`.execute(db);
  await t.rejects(
    migrateToLatest(db),
    new RegExp(`${CANCELLED_GONE} failed: 1 order\\(s\\) are marked cancelled`),
    'a cancelled row stops the migration, nothing is rewritten',
  );
  t.equal((await sql<{ status: string }>`select status from orders where order_no = 'OLD1'`.execute(db)).rows[0]?.status, 'cancelled', 'the row is as it was');
  await sql`update orders set status = 'expired', cancelled_at = null where order_no = 'OLD1'`.execute(db);
  t.same(await migrateToLatest(db), reverted.map((r) => r.replace(/^Down /, 'Up ')).reverse(), 'once an operator decided, the migration goes through');
  await t.rejects(
    sql`insert into orders (order_no, user_id, book_id, format, country, pay_type, unit_price_cents, amount_cents, expires_at, status)
      values ('NEW1', ${order.user_id}, 2, 'ebook', 'China', 2, 7500, 7500, ${order.expires_at}, 'cancelled')`.execute(db),
    /orders_status_check/,
    'the database refuses a cancelled order',
  );
});

t.test('seeds: three books in integer cents and about 240 countries with China as 001', async (t) => {
  const { db } = await createTestDatabase(t);
  const books = await db.selectFrom('books').select(['id', 'price_cents', 'currency', 'title_en', 'title_zh']).orderBy('id').execute();
  t.same(
    books.map((b) => [b.id, b.price_cents, b.currency]),
    [
      [1, 7500, 'EUR'],
      [2, 25000, 'EUR'],
      [3, 5000, 'EUR'],
    ],
  );
  t.ok(
    books.every((b) => b.title_en && b.title_zh),
    'every title in both languages',
  );
  const countries = await db.selectFrom('countries').selectAll().orderBy('sort_order').execute();
  t.ok(countries.length >= 235 && countries.length <= 250, `${countries.length} countries`);
  t.match(countries[0], { code: '001', name_en: 'China', name_zh: '中国' });
  const again = await seed(db);
  t.equal(again.countries, countries.length, 'seeding twice keeps one row per country');
  t.equal(
    Number(
      (
        await db
          .selectFrom('countries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    countries.length,
  );
});

t.test('constraints hold in the database itself', async (t) => {
  const { db } = await createTestDatabase(t);
  const user = { first_name: 'A', last_name: 'B', password_hash: 'x' };
  await db
    .insertInto('users')
    .values({ ...user, email: 'Buyer@Example.com' })
    .execute();
  await t.rejects(
    db
      .insertInto('users')
      .values({ ...user, email: 'buyer@example.COM' })
      .execute(),
    /users_email_lower_key/,
    'email unique whatever its case',
  );
  await t.rejects(
    db
      .insertInto('users')
      .values({ ...user, email: null })
      .execute(),
    /users_has_account/,
    'a user needs an email or a phone',
  );

  const u = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const order = {
    user_id: u.id,
    book_id: 1,
    format: 'ebook' as const,
    country: 'China',
    pay_type: 2 as const,
    unit_price_cents: 7500,
    amount_cents: 7500,
    expires_at: new Date(Date.now() + 3600_000),
  };
  const o = await db
    .insertInto('orders')
    .values({ ...order, order_no: 'A1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.rejects(
    db
      .insertInto('orders')
      .values({ ...order, order_no: 'A2' })
      .execute(),
    /orders_one_pending_key/,
    'one pending order per buyer, book and format',
  );
  await t.rejects(
    db
      .insertInto('orders')
      .values({ ...order, order_no: 'A3', format: 'paper', amount_cents: 0 })
      .execute(),
    /amount_cents/,
    'no free orders',
  );

  await db.insertInto('order_events').values({ order_id: o.id, type: 'created', actor_type: 'buyer' }).execute();
  await t.rejects(db.updateTable('order_events').set({ type: 'tampered' }).execute(), /append-only/, 'audit rows cannot be changed');
  await t.rejects(db.deleteFrom('order_events').execute(), /append-only/, 'audit rows cannot be deleted');

  await db.insertInto('provider_events').values({ provider: 'wechat', event_id: 'EV-1', raw_body: '{}', verified: true, outcome: 'accepted' }).execute();
  await t.rejects(
    db.insertInto('provider_events').values({ provider: 'wechat', event_id: 'EV-1', raw_body: '{}', verified: true, outcome: 'accepted' }).execute(),
    /provider_events_provider_event_key/,
    'a provider event is stored once',
  );
});

t.test('the catalogue holds edition, pages, ISBN, publication date, a description and a cover per language', async (t) => {
  const { db } = await createTestDatabase(t);
  const books = await db.selectFrom('books').selectAll().orderBy('id').execute();
  for (const b of books) {
    t.ok(b.edition_en && b.edition_zh, `book ${b.id}: edition in both languages`);
    t.ok(b.pages && b.pages > 0, `book ${b.id}: pages`);
    t.match(b.isbn, /^978-\d-\d{2}-\d{6}-\d$/, `book ${b.id}: ISBN-13`);
    const digits = b.isbn!.replace(/-/g, '').split('').map(Number);
    t.equal(digits.reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0) % 10, 0, `book ${b.id}: ISBN check digit`);
    t.ok(b.published_on instanceof Date, `book ${b.id}: publication date`);
    t.ok(
      b.description_en.length > b.introduction_en.length && b.description_zh.length > b.introduction_zh.length,
      `book ${b.id}: a longer description in both languages`,
    );
    t.equal(b.cover_zh, `book-${b.id}-zh.svg`, `book ${b.id}: a Chinese cover`);
  }
  await t.rejects(db.updateTable('books').set({ pages: 0 }).where('id', '=', 1).execute(), /check/, 'pages are positive');
});
