import { type Kysely, sql } from 'kysely';

// Why a reconciliation item or run came out as it did, as a code with its values beside the
// English `detail` (which logs and audit data keep): the console words the code in the operator's
// language. Rows written before have no code; the console shows their English detail as written.
const CODES = sql`detail_code in ('unknown_trade', 'amount_differs', 'payer_amount_differs', 'not_settled_in_shop', 'second_payment_refunded',
  'second_payment_not_refunded', 'billed_twice', 'unknown_refund', 'refund_amount_differs', 'refund_not_completed', 'missing_at_provider', 'found_later',
  'unmatched_credit', 'credit_amount_differs', 'bill_not_ready', 'bill_rejected')`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['reconciliation_items', 'reconciliation_runs']) {
    await db.schema
      .alterTable(table)
      .addColumn('detail_code', 'text', (c) => c.check(CODES))
      .addColumn('detail_values', 'jsonb')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['reconciliation_items', 'reconciliation_runs'])
    await db.schema.alterTable(table).dropColumn('detail_values').dropColumn('detail_code').execute();
}
