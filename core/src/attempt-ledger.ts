import { sql, type Insertable, type QueryCreator, type Transaction, type Updateable } from 'kysely';
import type { Actor, Database, IntentStatus, PaymentIntent } from '@shop/db';

// The payment-attempt state machine. An attempt is one try at paying an order at one provider,
// with its own out_trade_no. Every move is a guarded UPDATE (it only applies from a state the
// table allows, under the row lock) plus a payment_attempt_events row, in one transaction: a
// duplicate callback, a poll racing a callback or two closes at once move an attempt once.

export type AttemptStatus = IntentStatus;

/** The states an attempt may be handed to the buyer in, or may still be paid at its provider. */
export const OPEN_STATES = ['created', 'pending'] as const satisfies readonly AttemptStatus[];

/**
 * Allowed moves, from → to. `succeeded` is reachable from every state but itself: when a provider
 * took the money (a payment that beat our close, or arrived after expiry) its word wins, and the
 * order ledger records the payment, or a duplicate to refund.
 */
export const ATTEMPT_TRANSITIONS: Readonly<Record<AttemptStatus, readonly AttemptStatus[]>> = {
  created: ['pending', 'failed', 'closed', 'expired', 'succeeded'],
  pending: ['succeeded', 'failed', 'closed', 'expired'],
  failed: ['succeeded'],
  closed: ['succeeded'],
  expired: ['succeeded'],
  succeeded: [],
};

export function canMove(from: AttemptStatus, to: AttemptStatus): boolean {
  return ATTEMPT_TRANSITIONS[from].includes(to);
}

export const isOpen = (s: AttemptStatus): boolean => (OPEN_STATES as readonly string[]).includes(s);

// Primitives: they take the running transaction only, so their row locks always hold until its commit.
type Tx = Transaction<Database>;

/** The event row of a move, inserted from the row the sibling CTE `attempt` wrote (none, no event). */
function attemptEventFrom(
  db: QueryCreator<Database & { attempt: PaymentIntent }>,
  from: AttemptStatus | null,
  to: AttemptStatus,
  actor: Actor,
  data?: unknown,
) {
  return db
    .insertInto('payment_attempt_events')
    .columns(['intent_id', 'from_status', 'to_status', 'actor_type', 'actor_id', 'data'])
    .expression((eb) =>
      eb
        .selectFrom('attempt')
        .select([
          'attempt.id',
          sql<AttemptStatus | null>`${from}::text`.as('from_status'),
          sql<AttemptStatus>`${to}::text`.as('to_status'),
          sql<Actor['type']>`${actor.type}::text`.as('actor_type'),
          sql<string | null>`${actor.id ?? null}::text`.as('actor_id'),
          sql<string | null>`${data === undefined ? null : JSON.stringify(data)}::jsonb`.as('data'),
        ]),
    )
    .returning('payment_attempt_events.id');
}

export interface NewAttempt {
  orderId: string;
  provider: PaymentIntent['provider'];
  method: string;
  outTradeNo: string;
  amountCents: number;
  currency: string;
  /** Set when the attempt charges another currency than the order's (domestic CNY setups). */
  converted?: { order: { amountCents: number; currency: string }; rate: { rate: string; source: string; date: string } };
}

/** A new attempt, in `created`: not yet known to its provider, not yet shown to the buyer. */
export async function createAttempt(trx: Tx, a: NewAttempt, actor: Actor): Promise<PaymentIntent> {
  const values: Insertable<Database['payment_intents']> = {
    order_id: a.orderId,
    provider: a.provider,
    method: a.method,
    out_trade_no: a.outTradeNo,
    amount_cents: a.amountCents,
    currency: a.currency,
    ...(a.converted
      ? {
          order_amount_cents: a.converted.order.amountCents,
          order_currency: a.converted.order.currency,
          fx_rate: a.converted.rate.rate,
          fx_source: a.converted.rate.source,
          fx_date: a.converted.rate.date,
        }
      : {}),
  };
  // The attempt and its event in one statement (one round trip).
  return trx
    .with('attempt', (db) => db.insertInto('payment_intents').values(values).returningAll())
    .with('trail', (db) => attemptEventFrom(db, null, 'created', actor))
    .selectFrom('attempt')
    .selectAll()
    .executeTakeFirstOrThrow();
}

/** Columns a move sets besides the status (a provider reference, the next action, ...). */
export type MoveExtras = Pick<Updateable<Database['payment_intents']>, 'provider_ref' | 'next_action' | 'next_poll_at' | 'payable_until'>;

export interface Moved {
  moved: boolean;
  /** The state before the move (or the current one when nothing moved); null when the attempt does not exist. */
  from: AttemptStatus | null;
  attempt: PaymentIntent | null;
}

/**
 * Moves an attempt to `to` when the table allows it from its current state; otherwise changes
 * nothing and says so. Takes the attempt's row lock, so concurrent moves are serialised.
 */
export async function moveAttempt(
  trx: Tx,
  intentId: string,
  to: AttemptStatus,
  actor: Actor,
  opts: {
    set?: MoveExtras;
    data?: unknown;
    /**
     * The state the caller knows the attempt is in because it created or locked the row in this
     * transaction: the look-up is skipped, the UPDATE stays guarded by it.
     */
    from?: AttemptStatus;
  } = {},
): Promise<Moved> {
  const current = opts.from
    ? { status: opts.from }
    : await trx.selectFrom('payment_intents').select('status').where('id', '=', intentId).forUpdate().executeTakeFirst();
  if (!current) return { moved: false, from: null, attempt: null };
  if (!canMove(current.status, to)) return { moved: false, from: current.status, attempt: null };
  const now = new Date();
  const stamps = to === 'succeeded' ? { succeeded_at: now } : to === 'closed' || to === 'expired' ? { closed_at: now } : {};
  const set = Object.fromEntries(Object.entries(opts.set ?? {}).filter(([, v]) => v !== undefined));
  // The guarded update and its event in one statement: no event when the guard stops it.
  const attempt = await trx
    .with('attempt', (db) =>
      db
        .updateTable('payment_intents')
        .set({ ...set, ...stamps, status: to, updated_at: now })
        .where('id', '=', intentId)
        .where('status', '=', current.status)
        .returningAll(),
    )
    .with('trail', (db) => attemptEventFrom(db, current.status, to, actor, opts.data))
    .selectFrom('attempt')
    .selectAll()
    .executeTakeFirst();
  if (!attempt) return { moved: false, from: current.status, attempt: null };
  return { moved: true, from: current.status, attempt };
}

/** The open attempts of an order, oldest first, locked. */
export function openAttempts(trx: Tx, orderId: string): Promise<PaymentIntent[]> {
  return trx
    .selectFrom('payment_intents')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', [...OPEN_STATES])
    .orderBy('id')
    .forUpdate()
    .execute();
}
