import type { Transaction } from 'kysely';
import type { Actor, Database, NewOrder, Order, OrderStatus, PaymentIntent, ShippingStatus } from '@shop/db';
import { moveAttempt, openAttempts, type AttemptStatus } from './attempt-ledger.js';
import { appendOrderEvent, orderEventFrom } from './order-events.js';
import type { UnitOfWork } from './unit-of-work.js';

// The order ledger: every change of an order is a guarded transition plus an audit row, in one
// transaction. A transition whose guard no longer holds changes nothing and says so, which is
// what makes duplicate callbacks, retried jobs and racing operators harmless. These are
// primitives: they take the running transaction, and the commands that use them run in the unit
// of work.

type Tx = Transaction<Database>;

/**
 * Allowed moves of an order's status, from → to. An expired order may still be paid: the money
 * did arrive. A paid order never moves again; a refund is a row of its own (`refunded_at`).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['expired', 'paid'],
  expired: ['paid'],
  paid: [],
};

/** A paid paper order's shipping, the only change a paid order still sees. */
export const SHIPPING_TRANSITIONS: Readonly<Record<ShippingStatus, readonly ShippingStatus[]>> = {
  not_shipped: ['shipped'],
  shipped: [],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** A new order, pending payment, with its 'created' event. */
export async function openOrder(trx: Tx, values: NewOrder, actor: Actor, opts: { data?: unknown; after?: Record<string, unknown> } = {}): Promise<Order> {
  // The order and its event in one statement: a checkout is mostly round trips.
  return trx
    .with('order', (db) => db.insertInto('orders').values(values).returningAll())
    .with('trail', (db) =>
      orderEventFrom(db, 'created', actor, undefined, { status: 'pending_payment', amountCents: values.amount_cents, ...opts.after }, opts.data),
    )
    .selectFrom('order')
    .selectAll()
    .executeTakeFirstOrThrow();
}

/** What a new checkout may change on the buyer's open order it reuses. */
export type ReusedOrderChanges = Pick<NewOrder, 'country' | 'pay_type' | 'provider' | 'language' | 'invoice_required' | 'remarks' | 'expires_at'>;

/** A checkout reuses the buyer's open order: the new method and expiry, and a 'checkout_reused' event. */
export async function reuseOrder(trx: Tx, orderId: string, changes: ReusedOrderChanges, actor: Actor, data?: unknown): Promise<Order> {
  const order = await trx
    .updateTable('orders')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .returningAll()
    .executeTakeFirstOrThrow();
  await appendOrderEvent(trx, order.id, 'checkout_reused', actor, undefined, undefined, data);
  return order;
}

/** The bank reference a bank-transfer order is paid under. */
export async function setBankReference(trx: Tx, orderId: string, reference: string): Promise<void> {
  await trx.updateTable('orders').set({ bank_reference: reference }).where('id', '=', orderId).execute();
}

/** pending_payment → expired for one order the caller holds locked; false when it was not pending any more. */
export async function expireOrder(trx: Tx, orderId: string, now = new Date()): Promise<boolean> {
  const moved = await trx
    .updateTable('orders')
    .set({ status: 'expired', updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .returning('id')
    .executeTakeFirst();
  if (moved)
    await appendOrderEvent(
      trx,
      orderId,
      'expired',
      { type: 'system' },
      { status: 'pending_payment' satisfies OrderStatus },
      { status: 'expired' satisfies OrderStatus },
    );
  return !!moved;
}

/** What settleOrder needs of the order, read with its row lock (`FOR UPDATE`). */
export type LockedOrder = Pick<Order, 'id' | 'status' | 'paid_intent_id' | 'format'>;

export interface SettleResult {
  transitioned: boolean;
  orderId: string | null;
  orderNo: string;
  status: OrderStatus | null;
  /** The attempt that paid the order (this one when it transitioned). */
  paidIntentId: string | null;
  /** Other attempts of the order that were still open: closed in the ledger now, at their providers by a job. */
  closedSiblings: PaymentIntent[];
}

/**
 * Marks an order paid through a given payment attempt. The order's row lock is taken first, so
 * the audit row states the status it really left (pending or expired: the money did arrive) and
 * only one settlement moves it. In the same transaction the attempt moves to succeeded and is
 * recorded as the paying one, the order's other open attempts are closed (a `payment-close` job
 * each closes them at their providers), the receipt mail (and for an e-book the buyer's encrypted
 * copy) is queued and the live pages are told.
 */
export async function settleOrder(
  uow: Pick<UnitOfWork, 'trx' | 'enqueue' | 'announce'>,
  args: {
    orderNo: string;
    intentId: string | null;
    actor: Actor;
    source: string;
    providerRef?: string | null;
    /** The attempt's state when the caller locked its row in this transaction (saves the look-up). */
    attemptStatus?: AttemptStatus;
    /** The order as the caller read it with its row lock in this transaction (saves the look-up). */
    lockedOrder?: LockedOrder;
  },
): Promise<SettleResult> {
  const { trx } = uow;
  const current =
    args.lockedOrder ??
    (await trx.selectFrom('orders').select(['id', 'status', 'paid_intent_id', 'format']).where('order_no', '=', args.orderNo).forUpdate().executeTakeFirst());
  const unchanged = { transitioned: false, orderId: current?.id ?? null, orderNo: args.orderNo, status: current?.status ?? null, closedSiblings: [] };
  if (!current || !canMoveOrder(current.status, 'paid')) return { ...unchanged, paidIntentId: current?.paid_intent_id ?? null };
  const now = new Date();
  // The guarded update and its 'paid' event in one statement (a settlement is mostly round trips).
  await trx
    .with('order', (db) =>
      db
        .updateTable('orders')
        .set({ status: 'paid', paid_at: now, updated_at: now, paid_intent_id: args.intentId })
        .where('id', '=', current.id)
        .where('status', '=', current.status)
        .returningAll(),
    )
    .with('trail', (db) =>
      orderEventFrom(
        db,
        'paid',
        args.actor,
        { status: current.status },
        { status: 'paid' },
        { source: args.source, intentId: args.intentId, ...(args.source === 'bank_transfer' && args.providerRef ? { reference: args.providerRef } : {}) },
      ),
    )
    .selectFrom('order')
    .select('order.id')
    .executeTakeFirstOrThrow();
  if (args.intentId) {
    await moveAttempt(trx, args.intentId, 'succeeded', args.actor, {
      set: args.providerRef ? { provider_ref: args.providerRef } : {},
      data: { source: args.source },
      from: args.attemptStatus,
    });
  }
  const closedSiblings: PaymentIntent[] = [];
  for (const sibling of await openAttempts(trx, current.id)) {
    const closed = await moveAttempt(trx, sibling.id, 'closed', { type: 'system' }, { data: { reason: 'order paid through another attempt' } });
    if (closed.attempt) {
      closedSiblings.push(closed.attempt);
      if (sibling.provider !== 'bank_transfer') await uow.enqueue('payment-close', { intentId: sibling.id });
    }
  }
  await uow.enqueue('mail', { kind: 'receipt', orderNo: args.orderNo });
  // The buyer's encrypted copy is made now, so the first download streams it like any other.
  if (current.format === 'ebook') await uow.enqueue('ebook-copy', { orderNo: args.orderNo });
  uow.announce(args.orderNo, 'paid');
  return { transitioned: true, orderId: current.id, orderNo: args.orderNo, status: 'paid', paidIntentId: args.intentId, closedSiblings };
}
