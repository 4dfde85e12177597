import { type Kysely, sql } from 'kysely';

// Every move of a payment attempt's state machine (core/src/attempt-ledger.ts) leaves a row here,
// in the transaction of the move: which attempt, from which state to which, who or what moved it
// and why. Append-only like order_events, which keeps the order-level trail operators read.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_attempt_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('intent_id', 'bigint', (c) => c.notNull().references('payment_intents.id'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull().check(sql`actor_type in ('system', 'buyer', 'operator', 'provider')`))
    .addColumn('actor_id', 'text')
    .addColumn('data', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_attempt_events_intent_idx').on('payment_attempt_events').columns(['intent_id', 'id']).execute();
  await sql`
    create function payment_attempt_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'payment_attempt_events is append-only';
    end $$`.execute(db);
  await sql`
    create trigger payment_attempt_events_no_change before update or delete on payment_attempt_events
    for each row execute function payment_attempt_events_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_attempt_events').execute();
  await sql`drop function payment_attempt_events_append_only()`.execute(db);
}
