import { type Kysely, sql } from 'kysely';

// Nothing ever cancelled an order: an unpaid one expires, a paid one is refunded. The status and
// its timestamp go, so the database refuses what the product cannot do. A row that somehow is
// `cancelled` stops the migration instead of being rewritten: an operator decides what it was.

export async function up(db: Kysely<any>): Promise<void> {
  const found = await sql<{ n: string }>`select count(*) as n from orders where status = 'cancelled' or cancelled_at is not null`.execute(db);
  const n = Number(found.rows[0]?.n ?? 0);
  if (n > 0) throw new Error(`${n} order(s) are marked cancelled: decide their status (expired or paid) before this migration`);
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('pending_payment', 'paid', 'expired'))`.execute(db);
  await sql`alter table orders drop column cancelled_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders add column cancelled_at timestamptz`.execute(db);
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('pending_payment', 'paid', 'cancelled', 'expired'))`.execute(db);
}
