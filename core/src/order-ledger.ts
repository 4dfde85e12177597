import type { Kysely, Transaction } from 'kysely';
import type { Actor, Database, NewOrder, Order, OrderStatus, PaymentIntent } from '@shop/db';
import { moveAttempt, openAttempts, type AttemptStatus } from './attempt-ledger.js';
import { appendOrderEvent, orderEventFrom } from './order-events.js';
import type { UnitOfWork } from './unit-of-work.js';

// The order ledger: every change of an order is a guarded transition plus an audit row, in one
// transaction. A transition whose guard no longer holds changes nothing and says so, which is
// what makes duplicate callbacks, retried jobs and racing operators harmless.

type Tx = Kysely<Database> | Transaction<Database>;

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

/** pending_payment → expired for one order; false when it was not pending any more. */
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

/** Moves every unpaid order past its expiry to 'expired'; returns the order numbers it moved. */
export async function expireDueOrders(db: Kysely<Database>, now: Date = new Date(), limit = 500): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('orders')
      .set({ status: 'expired', updated_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('id')
          .where('status', '=', 'pending_payment')
          .where('expires_at', '<=', now)
          .orderBy('expires_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .where('status', '=', 'pending_payment')
      .returning(['id', 'order_no'])
      .execute();
    for (const o of expired) {
      await appendOrderEvent(
        trx,
        o.id,
        'expired',
        { type: 'system' },
        { status: 'pending_payment' satisfies OrderStatus },
        { status: 'expired' satisfies OrderStatus },
      );
    }
    return expired.map((o) => o.order_no);
  });
}

export interface SettleResult {
  transitioned: boolean;
  orderId: string | null;
  orderNo: string;
  status: string | null;
  /** Other attempts of the order that were still open: closed in the ledger now, at their providers by a job. */
  closedSiblings: PaymentIntent[];
}

/**
 * Marks an order paid through a given payment attempt. Guarded: only a pending (or just expired,
 * since the money did arrive) order moves, and only once. In the same transaction the attempt
 * moves to succeeded, the order's other open attempts are closed (a `payment-close` job each
 * closes them at their providers), the receipt mail is queued and the live pages are told.
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
  },
): Promise<SettleResult> {
  const { trx } = uow;
  const now = new Date();
  const moved = await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now, updated_at: now })
    .where('order_no', '=', args.orderNo)
    .where('status', 'in', ['pending_payment', 'expired'])
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (!moved) {
    const current = await trx.selectFrom('orders').select(['id', 'status']).where('order_no', '=', args.orderNo).executeTakeFirst();
    return { transitioned: false, orderId: current?.id ?? null, orderNo: args.orderNo, status: current?.status ?? null, closedSiblings: [] };
  }
  if (args.intentId) {
    await moveAttempt(trx, args.intentId, 'succeeded', args.actor, {
      set: args.providerRef ? { provider_ref: args.providerRef } : {},
      data: { source: args.source },
      from: args.attemptStatus,
    });
  }
  await appendOrderEvent(
    trx,
    moved.id,
    'paid',
    args.actor,
    { status: 'pending_payment' },
    { status: 'paid' },
    { source: args.source, intentId: args.intentId, ...(args.source === 'bank_transfer' && args.providerRef ? { reference: args.providerRef } : {}) },
  );
  const closedSiblings: PaymentIntent[] = [];
  for (const sibling of await openAttempts(trx, moved.id)) {
    const closed = await moveAttempt(trx, sibling.id, 'closed', { type: 'system' }, { data: { reason: 'order paid through another attempt' } });
    if (closed.attempt) {
      closedSiblings.push(closed.attempt);
      if (sibling.provider !== 'bank_transfer') await uow.enqueue('payment-close', { intentId: sibling.id });
    }
  }
  await uow.enqueue('mail', { kind: 'receipt', orderNo: args.orderNo });
  uow.announce(args.orderNo, 'paid');
  return { transitioned: true, orderId: moved.id, orderNo: args.orderNo, status: 'paid', closedSiblings };
}

/** Paid paper orders only; a second call changes nothing. */
export async function markShipped(
  trx: Tx,
  orderNo: string,
  actor: Actor,
): Promise<{ transitioned: boolean; status: string | null; format: string | null; shipping: string | null }> {
  const now = new Date();
  const moved = await trx
    .updateTable('orders')
    .set({ shipping_status: 'shipped', shipped_at: now, updated_at: now })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'paid')
    .where('format', '=', 'paper')
    .where('shipping_status', '=', 'not_shipped')
    .returning(['id'])
    .executeTakeFirst();
  if (moved) {
    await appendOrderEvent(trx, moved.id, 'shipped', actor, { shippingStatus: 'not_shipped' }, { shippingStatus: 'shipped' });
    return { transitioned: true, status: 'paid', format: 'paper', shipping: 'shipped' };
  }
  const o = await trx.selectFrom('orders').select(['status', 'format', 'shipping_status']).where('order_no', '=', orderNo).executeTakeFirst();
  return { transitioned: false, status: o?.status ?? null, format: o?.format ?? null, shipping: o?.shipping_status ?? null };
}
