import { type Kysely, sql } from 'kysely';

// The attempt that paid an order is a column, not something read back out of the audit trail:
// refunds, operators and reconciliation look it up by key. `payable_until` marks an attempt the
// shop has withdrawn but its provider cannot close (Alipay's cross-border trade stays payable until
// its timeout): until then a late payment may still arrive, and is refunded automatically.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('paid_intent_id', 'bigint', (c) => c.references('payment_intents.id'))
    .execute();
  await sql`
    update orders o set paid_intent_id = (e.data->>'intentId')::bigint
    from (
      select distinct on (order_id) order_id, data from order_events
      where type = 'paid' and data->>'intentId' ~ '^[0-9]+$'
      order by order_id, id
    ) e
    where e.order_id = o.id and o.status = 'paid'`.execute(db);
  await db.schema.alterTable('payment_intents').addColumn('payable_until', 'timestamptz').execute();
  await sql`create index payment_intents_payable_until_idx on payment_intents (payable_until) where payable_until is not null and status = 'closed'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index payment_intents_payable_until_idx`.execute(db);
  await db.schema.alterTable('payment_intents').dropColumn('payable_until').execute();
  await db.schema.alterTable('orders').dropColumn('paid_intent_id').execute();
}
