import type { Transaction } from 'kysely';
import { trailColumns, type Actor, type AuditEventType, type Database } from '@shop/db';

/** Audit rows of reconciliation items (subject `reconciliation_item`), one insert for many. */
export async function auditItems<T extends { itemId: string }>(
  trx: Transaction<Database>,
  items: T[],
  entry: (item: T) => {
    type: Extract<AuditEventType, 'verdict' | 'settled' | 'refunded' | 'acknowledged' | 'found_later'>;
    actor: Actor;
    data: Record<string, unknown>;
  },
): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    if (!chunk.length) continue;
    await trx
      .insertInto('audit_events')
      .values(
        chunk.map((item) => {
          const e = entry(item);
          return { subject_type: 'reconciliation_item', subject_id: item.itemId, type: e.type, ...trailColumns(e.actor, undefined, undefined, e.data) };
        }),
      )
      .execute();
  }
}
