import { markShipped } from '@shop/core';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { requireOperator } from './operator.js';

/**
 * Marks a paid paper order shipped through the ledger's guarded transition: of two operators
 * clicking at once one moves it, the other is told nothing changed. A repeat is harmless; an
 * unpaid or e-book order is refused with the reason.
 */
export async function markOrderShipped(deps: ServiceDeps, user: SessionUser | null, orderNo: string): Promise<{ orderNo: string; changed: boolean }> {
  const { actor } = requireOperator(user);
  if (!orderNo || orderNo.length > 64) throw new AppError('orderNotFound', 404, 'NOT_FOUND', 'orderNo');
  const r = await deps.db.transaction().execute((trx) => markShipped(trx, orderNo, actor));
  if (r.transitioned) return { orderNo, changed: true };
  if (r.status === null) throw new AppError('orderNotFound', 404, 'NOT_FOUND', 'orderNo');
  if (r.format !== 'paper') throw new AppError('notPaperOrder', 409, 'WRONG_ORDER_STATE');
  if (r.status !== 'paid') throw new AppError('orderNotPaidYet', 409, 'WRONG_ORDER_STATE');
  return { orderNo, changed: false };
}
