import type { Actor } from '@shop/db';
import type { CoreDeps } from './deps.js';
import { settleOrder } from './order-ledger.js';
import { LedgerRefusal } from './refusal.js';
import { inTransaction } from './unit-of-work.js';

/**
 * An operator records the money of a pending bank-transfer order as received: one guarded ledger
 * transition (as a paid paper order is), with the operator as the actor and the bank reference on
 * the attempt. Under the order's row lock, so of any number of operators clicking at once exactly
 * one settles and the others are told nothing changed.
 */
export interface CompleteBankTransfer {
  orderNo: string;
  /** The bank's reference of the credit. */
  reference: string;
  actor: Actor;
}

export async function completeBankTransfer(deps: CoreDeps, { orderNo, reference, actor }: CompleteBankTransfer): Promise<{ changed: boolean }> {
  return inTransaction(deps, async (uow) => {
    const { trx } = uow;
    const order =
      orderNo && orderNo.length <= 64
        ? await trx.selectFrom('orders').select(['id', 'status', 'provider']).where('order_no', '=', orderNo).forUpdate().executeTakeFirst()
        : undefined;
    if (!order) throw new LedgerRefusal('order_not_found');
    if (order.provider !== 'bank_transfer') throw new LedgerRefusal('not_bank_transfer');
    if (order.status === 'paid') return { changed: false };
    if (order.status !== 'pending_payment') throw new LedgerRefusal('not_awaiting_payment');
    const attempt = await trx
      .selectFrom('payment_intents')
      .select('id')
      .where('order_id', '=', order.id)
      .where('provider', '=', 'bank_transfer')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const settled = await settleOrder(uow, { orderNo, intentId: attempt?.id ?? null, actor, source: 'bank_transfer', providerRef: reference });
    return { changed: settled.transitioned };
  });
}
