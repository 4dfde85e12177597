import { type Kysely, sql } from 'kysely';

// What the operator console's order list needs: substring search by order number or buyer
// email, newest-first listing over every buyer, its two work lists (transfers to complete, paper
// orders to ship) and the registration-mirror list by status.

export async function up(db: Kysely<any>): Promise<void> {
  // ILIKE '%…%' can only use an index through trigrams (pg_trgm is a trusted extension since
  // PostgreSQL 13: the database owner may create it).
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index orders_order_no_trgm_idx on orders using gin (order_no gin_trgm_ops)`.execute(db);
  await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(db);
  // The console lists newest first, over every buyer (the existing index leads with user_id).
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  // The two work lists operators open every day stay small however large the table grows.
  await sql`create index orders_transfer_pending_idx on orders (created_at) where provider = 'bank_transfer' and status = 'pending_payment'`.execute(db);
  await sql`create index orders_to_ship_idx on orders (created_at) where status = 'paid' and format = 'paper' and shipping_status = 'not_shipped'`.execute(db);
  await db.schema.createIndex('registration_mirrors_status_idx').on('registration_mirrors').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('registration_mirrors_status_idx').execute();
  await db.schema.dropIndex('orders_to_ship_idx').execute();
  await db.schema.dropIndex('orders_transfer_pending_idx').execute();
  await db.schema.dropIndex('orders_created_idx').execute();
  await db.schema.dropIndex('users_email_trgm_idx').execute();
  await db.schema.dropIndex('orders_order_no_trgm_idx').execute();
  // pg_trgm stays installed: other schemas of the database may use it, and up reuses it.
}
