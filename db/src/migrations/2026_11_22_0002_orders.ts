import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('books')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('introduction_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('introduction_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('currency', 'text', (c) =>
      c
        .notNull()
        .defaultTo('EUR')
        .check(sql`currency = 'EUR'`),
    )
    .addColumn('pdf_file', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id'))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('ebook', 'paper')`))
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('zh', 'en')`),
    )
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'smallint', (c) => c.notNull().check(sql`pay_type in (2, 3)`))
    .addColumn('provider', 'text', (c) => c.check(sql`provider in ('wechat', 'alipay', 'paypal', 'bank_transfer')`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity > 0`),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending_payment')
        .check(sql`status in ('pending_payment', 'paid', 'cancelled', 'expired')`),
    )
    .addColumn('shipping_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('not_shipped')
        .check(sql`shipping_status in ('not_shipped', 'shipped')`),
    )
    .addColumn('invoice_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bank_reference', 'text')
    .addColumn('remarks', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('shipped_at', 'timestamptz')
    .addCheckConstraint('orders_paid_has_time', sql`status <> 'paid' or paid_at is not null`)
    .execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_expires_idx').on('orders').columns(['status', 'expires_at']).execute();
  // At most one open order per buyer, book and format: a second checkout reuses it.
  await sql`create unique index orders_one_pending_key on orders (user_id, book_id, format) where status = 'pending_payment'`.execute(db);
  // An e-book is bought once per buyer.
  await sql`create unique index orders_one_paid_ebook_key on orders (user_id, book_id) where status = 'paid' and format = 'ebook'`.execute(db);

  await db.schema
    .createTable('purchase_infos')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('street_number', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('town', 'text', (c) => c.notNull())
    .addColumn('province', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('vat_id', 'text')
    .addColumn('letterbox', 'text')
    .addColumn('landline_tel', 'text')
    .addColumn('mobile_tel', 'text')
    .addColumn('purchase_order_no', 'text')
    .addColumn('payment_method', 'smallint', (c) => c.notNull())
    .addColumn('sel_language', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('invoice_type', 'text', (c) => c.notNull().check(sql`invoice_type in ('vat_general', 'vat_special')`))
    .addColumn('invoice_payable', 'text')
    .addColumn('services', 'text')
    .addColumn('taxpayer_inden', 'text')
    .addColumn('registered_office', 'text')
    .addColumn('finance_phone', 'text')
    .addColumn('account_opening_bank', 'text')
    .addColumn('bank_account', 'text')
    .addColumn('pickup_method', 'text', (c) => c.check(sql`pickup_method in ('express', 'electronic')`))
    .addColumn('recipient_name', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('contact_area', 'text')
    .addColumn('contact_mail', 'text')
    .addColumn('province', 'text')
    .addColumn('city', 'text')
    .addColumn('area', 'text')
    .addColumn('detailed_address', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('wechat', 'alipay', 'paypal', 'bank_transfer')`))
    .addColumn('method', 'text', (c) => c.notNull())
    // One out_trade_no per attempt: WeChat refuses reuse across trade types.
    .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
    .addColumn('provider_ref', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('created')
        .check(sql`status in ('created', 'pending', 'succeeded', 'failed', 'closed', 'expired')`),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('next_action', 'jsonb')
    .addColumn('poll_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_poll_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('succeeded_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('payment_intents_order_idx').on('payment_intents').column('order_id').execute();
  await sql`create index payment_intents_open_idx on payment_intents (next_poll_at) where status in ('created', 'pending')`.execute(db);

  await db.schema
    .createTable('provider_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('intent_id', 'bigint', (c) => c.references('payment_intents.id'))
    .addColumn('event_type', 'text')
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('raw_body', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('processed_at', 'timestamptz')
    .addUniqueConstraint('provider_events_provider_event_key', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull().check(sql`actor_type in ('system', 'buyer', 'operator', 'provider')`))
    .addColumn('actor_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('data', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();
  // The audit trail is append-only, enforced by the database rather than by convention.
  await sql`
    create function order_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'order_events is append-only';
    end $$`.execute(db);
  await sql`
    create trigger order_events_no_change before update or delete on order_events
    for each row execute function order_events_append_only()`.execute(db);

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('relayed_at', 'timestamptz')
    .addColumn('relay_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await sql`create index outbox_unrelayed_idx on outbox (available_at, id) where relayed_at is null`.execute(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('order_events').execute();
  await sql`drop function order_events_append_only()`.execute(db);
  for (const table of ['provider_events', 'payment_intents', 'invoices', 'purchase_infos', 'orders', 'books']) {
    await db.schema.dropTable(table).execute();
  }
}
