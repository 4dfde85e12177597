import { markShipped } from '@shop/core';
import { appError } from '../errors.js';
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
  if (!orderNo || orderNo.length > 64) throw appError('orderNotFound', { field: 'orderNo' });
  const r = await markShipped(deps, { orderNo, actor });
  if (r.transitioned) return { orderNo, changed: true };
  if (r.status === null) throw appError('orderNotFound', { field: 'orderNo' });
  if (r.format !== 'paper') throw appError('notPaperOrder');
  if (r.status !== 'paid') throw appError('orderNotPaidYet');
  return { orderNo, changed: false };
}
