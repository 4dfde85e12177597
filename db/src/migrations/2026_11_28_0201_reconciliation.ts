import { type Kysely, sql } from 'kysely';

// Reconciliation against the providers' daily bills: each bill kept exactly as fetched with its
// hash, each run of a day with its outcome and totals, and one verdict per bill row (and per
// shop payment the bill lacks), keyed by the row so a re-run of the day adds nothing twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provider_bills')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('setup', 'text', (c) => c.notNull().check(sql`setup in ('overseas', 'domestic')`))
    .addColumn('bill_date', 'text', (c) => c.notNull().check(sql`bill_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('integrity', 'text', (c) => c.notNull().check(sql`integrity in ('sha1', 'none')`))
    .addColumn('integrity_expected', 'text')
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('raw', 'bytea', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('provider_bills_one_per_content', ['provider', 'setup', 'bill_date', 'sha256'])
    .execute();

  await db.schema
    .createTable('reconciliation_runs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('setup', 'text', (c) => c.notNull().check(sql`setup in ('overseas', 'domestic')`))
    .addColumn('bill_date', 'text', (c) => c.notNull().check(sql`bill_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('bill_id', 'bigint', (c) => c.references('provider_bills.id'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('reconciled', 'not_ready', 'rejected', 'failed')`))
    .addColumn('detail', 'text')
    .addColumn('totals', 'jsonb')
    .addColumn('differences', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('reconciliation_runs_day_idx').on('reconciliation_runs').columns(['bill_date', 'provider', 'id']).execute();

  await db.schema
    .createTable('reconciliation_items')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('setup', 'text', (c) => c.notNull().check(sql`setup in ('overseas', 'domestic')`))
    .addColumn('bill_date', 'text', (c) => c.notNull().check(sql`bill_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`verdict in ('matched', 'missing_settlement', 'amount_mismatch', 'unknown_refund', 'missing_at_provider', 'duplicate_payment', 'unmatched_credit')`,
        ),
    )
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('closed', 'open', 'settled', 'refunded', 'acknowledged', 'found_later')`))
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('refund_no', 'text')
    .addColumn('order_id', 'bigint', (c) => c.references('orders.id'))
    .addColumn('intent_id', 'bigint', (c) => c.references('payment_intents.id'))
    .addColumn('refund_id', 'bigint', (c) => c.references('refunds.id'))
    .addColumn('bill_id', 'bigint', (c) => c.references('provider_bills.id'))
    .addColumn('bill_row', 'jsonb')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recheck_until', 'text')
    .addColumn('note', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reconciliation_items_one_per_row', ['provider', 'setup', 'bill_date', 'row_key'])
    .execute();
  await sql`create index reconciliation_items_open_idx on reconciliation_items (bill_date) where state = 'open'`.execute(db);
  await db.schema.createIndex('reconciliation_items_trade_idx').on('reconciliation_items').columns(['provider', 'out_trade_no']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reconciliation_items').execute();
  await db.schema.dropTable('reconciliation_runs').execute();
  await db.schema.dropTable('provider_bills').execute();
}
