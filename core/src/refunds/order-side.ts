// The order side of a refund that succeeded: an order refund stops downloads (refunded_at) and
// frees the e-book to be bought again; every refund is audited in the order's trail and told to
// the buyer by mail.
import type { Actor, RefundKind } from '@shop/db';
import { appendOrderEvent } from '../order-events.js';
import type { UnitOfWork } from '../unit-of-work.js';

export interface RefundDone {
  orderId: string;
  refundNo: string;
  kind: RefundKind;
  actor: Actor;
  data: Record<string, unknown>;
}

export async function markRefunded({ trx, enqueue }: Pick<UnitOfWork, 'trx' | 'enqueue'>, done: RefundDone): Promise<void> {
  const order = done.kind === 'order';
  if (order) {
    await trx
      .updateTable('orders')
      .set({ refunded_at: new Date(), updated_at: new Date() })
      .where('id', '=', done.orderId)
      .where('refunded_at', 'is', null)
      .execute();
  }
  await appendOrderEvent(trx, done.orderId, 'refunded', done.actor, order ? { refunded: false } : undefined, order ? { refunded: true } : undefined, done.data);
  await enqueue('mail', { kind: 'refund', refundNo: done.refundNo });
}
