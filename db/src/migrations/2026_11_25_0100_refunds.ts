import { type Kysely, sql } from 'kysely';

// Money as the providers see it, and refunds:
// - an attempt keeps what was asked of the provider (amount_cents/currency, CNY fen for a domestic
//   setup) beside the order's own amount, the dated rate used, and what the payer was charged as
//   the provider reported it (cross-border products);
// - a refund row per refund, numbered from a business key; at most one refund in flight or done
//   per attempt, so a double click or a notification racing the poller refunds once;
// - a refunded order stays `paid` in its history but carries refunded_at (no more downloads), and
//   the buyer may buy the e-book again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_intents')
    .addColumn('order_amount_cents', 'integer')
    .addColumn('order_currency', 'text')
    .addColumn('fx_rate', 'text')
    .addColumn('fx_source', 'text')
    .addColumn('fx_date', 'text')
    .addColumn('payer_amount', 'integer')
    .addColumn('payer_currency', 'text')
    .addColumn('payer_rate', 'text')
    .execute();

  await db.schema.alterTable('orders').addColumn('refunded_at', 'timestamptz').execute();
  await sql`drop index orders_one_paid_ebook_key`.execute(db);
  await sql`create unique index orders_one_paid_ebook_key on orders (user_id, book_id) where status = 'paid' and format = 'ebook' and refunded_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('intent_id', 'bigint', (c) => c.notNull().references('payment_intents.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('order', 'duplicate_payment')`))
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`status in ('requested', 'pending', 'succeeded', 'failed')`),
    )
    .addColumn('provider_refund_id', 'text')
    .addColumn('reference', 'text')
    .addColumn('reason', 'text')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id'))
    .addColumn('last_error', 'text')
    .addColumn('poll_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_poll_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
  // One live refund per attempt: a failed one may be retried under a new number.
  await sql`create unique index refunds_one_live_per_intent on refunds (intent_id) where status <> 'failed'`.execute(db);
  await sql`create index refunds_open_idx on refunds (next_poll_at) where status in ('requested', 'pending')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await sql`drop index orders_one_paid_ebook_key`.execute(db);
  await sql`create unique index orders_one_paid_ebook_key on orders (user_id, book_id) where status = 'paid' and format = 'ebook'`.execute(db);
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
  for (const c of ['order_amount_cents', 'order_currency', 'fx_rate', 'fx_source', 'fx_date', 'payer_amount', 'payer_currency', 'payer_rate']) {
    await db.schema.alterTable('payment_intents').dropColumn(c).execute();
  }
}
