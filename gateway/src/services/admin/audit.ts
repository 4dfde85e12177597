import { sql, type Kysely, type Transaction } from 'kysely';
import { trailColumns, type Actor, type ActorType, type AuditEvent, type AuditEventType, type Database } from '@shop/db';
import { appError } from '../errors.js';

type Tx = Kysely<Database> | Transaction<Database>;

/** One row of an audit trail, orders' (order_events) or other subjects' (audit_events). */
export interface AuditEntry {
  id: string;
  type: string;
  actorType: ActorType;
  actorId: string | null;
  /** The acting user's email, when the actor is a buyer or an operator. */
  actorEmail: string | null;
  createdAt: string;
  before: unknown;
  after: unknown;
  data: unknown;
}

/** Appends to the audit trail of a non-order subject, in the caller's transaction. */
export async function appendAuditEvent(
  trx: Tx,
  subject: { type: string; id: string },
  type: AuditEventType,
  actor: Actor,
  before: unknown,
  after: unknown,
  data?: unknown,
): Promise<void> {
  await trx
    .insertInto('audit_events')
    .values({ subject_type: subject.type, subject_id: subject.id, type, ...trailColumns(actor, before, after, data) })
    .execute();
}

/** A trail row of either table (order_events has the same columns) with the actor's email. */
type EntryRow = Pick<AuditEvent, 'id' | 'type' | 'actor_type' | 'actor_id' | 'created_at' | 'before' | 'after' | 'data'> & { actor_email: string | null };

function entry(r: EntryRow): AuditEntry {
  return {
    id: r.id,
    type: r.type,
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    createdAt: r.created_at.toISOString(),
    before: r.before,
    after: r.after,
    data: r.data,
  };
}

// Actor ids of users are their numeric ids as text; providers and the system name themselves.
const userActor = (table: 'order_events' | 'audit_events') =>
  sql<
    string | null
  >`(select u.email from users u where ${sql.ref(`${table}.actor_type`)} in ('buyer', 'operator') and u.id::text = ${sql.ref(`${table}.actor_id`)})`;

/** The audit trail of one order, oldest first; an unknown order number is refused. */
export async function orderAuditTrail(db: Kysely<Database>, orderNo: string): Promise<AuditEntry[]> {
  const order = orderNo && orderNo.length <= 64 ? await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst() : undefined;
  if (!order) throw appError('orderNotFound', { field: 'orderNo' });
  const rows = await db
    .selectFrom('order_events')
    .select(['id', 'type', 'actor_type', 'actor_id', 'created_at', 'before', 'after', 'data'])
    .select(userActor('order_events').as('actor_email'))
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  return rows.map((r) => entry(r));
}

/** The audit trail of a non-order subject, oldest first. */
export async function subjectAuditTrail(db: Kysely<Database>, subject: { type: string; id: string }): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(['id', 'type', 'actor_type', 'actor_id', 'created_at', 'before', 'after', 'data'])
    .select(userActor('audit_events').as('actor_email'))
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .orderBy('id')
    .execute();
  return rows.map((r) => entry(r));
}
