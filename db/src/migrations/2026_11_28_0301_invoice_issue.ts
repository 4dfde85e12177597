import { type Kysely, sql } from 'kysely';

// An invoice the buyer asked for is issued by an operator once the order is paid: an electronic
// one as its PDF or OFD file, a paper one by courier with a tracking number.
//
// `orders.invoice_issued_at` is the one fact core records; `orders.invoice_status` is derived from
// it and from `invoice_required` (a generated column), so the two can never disagree and the
// console's filter reads an indexed column. The document itself lives in `invoice_documents`, one
// row per order (the primary key makes issuing happen once). The file is kept in the database
// (bytea, at most 10 MiB): every gateway replica reads the same bytes, and the row, its audit rows
// and the order's move commit together.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('invoice_issued_at', 'timestamptz').execute();
  await sql`alter table orders add column invoice_status text not null
    generated always as (case when invoice_issued_at is not null then 'issued' when invoice_required then 'required' else 'none' end) stored`.execute(db);
  await sql`alter table orders add constraint orders_invoice_status_check check (invoice_status in ('none', 'required', 'issued'))`.execute(db);
  // Only an invoice that was asked for, of a paid order, is issued.
  await sql`alter table orders add constraint orders_invoice_issued_asked check (invoice_issued_at is null or (invoice_required and status = 'paid'))`.execute(
    db,
  );
  await sql`create index orders_invoice_status_created_idx on orders (invoice_status, created_at)`.execute(db);

  await db.schema
    .createTable('invoice_documents')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('delivery', 'text', (c) => c.notNull().check(sql`delivery in ('electronic', 'express')`))
    .addColumn('file_name', 'text')
    .addColumn('content_type', 'text', (c) => c.check(sql`content_type in ('application/pdf', 'application/ofd')`))
    .addColumn('content', 'bytea')
    .addColumn('byte_size', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('courier', 'text')
    .addColumn('tracking_no', 'text')
    .addColumn('issued_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'invoice_documents_kind',
      sql`(delivery = 'electronic' and content is not null and file_name is not null and content_type is not null and sha256 is not null
            and byte_size = octet_length(content) and byte_size between 1 and 10485760 and courier is null and tracking_no is null)
        or (delivery = 'express' and content is null and courier is not null and tracking_no is not null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_documents').execute();
  await sql`drop index orders_invoice_status_created_idx`.execute(db);
  await db.schema.alterTable('orders').dropConstraint('orders_invoice_issued_asked').execute();
  await db.schema.alterTable('orders').dropColumn('invoice_status').execute();
  await db.schema.alterTable('orders').dropColumn('invoice_issued_at').execute();
}
