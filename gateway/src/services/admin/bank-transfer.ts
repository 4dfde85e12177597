import { completeBankTransfer, LedgerRefusal } from '@shop/core';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { requireOperator } from './operator.js';

export interface Completion {
  orderNo: string;
  /** False when the order had been completed already: a repeat is harmless. */
  changed: boolean;
}

function validReference(reference: string | null | undefined): string {
  const ref = reference?.trim();
  if (!ref) throw appError('transferReferenceRequired', { field: 'reference' });
  if ([...ref].length > 64) throw appError('tooLong64', { field: 'reference' });
  return ref;
}

const refusals = {
  order_not_found: () => appError('orderNotFound', { field: 'orderNo' }),
  not_bank_transfer: () => appError('notBankTransferOrder'),
  not_awaiting_payment: () => appError('orderNotAwaitingPayment'),
} as const;

/**
 * An operator records a bank transfer as received: the order is settled at once through the
 * ledger (operator as the actor, the reference on the attempt) and the receipt is queued in the
 * same transaction. Of any number of operators clicking at once exactly one settles; the others
 * are told nothing changed. Only a pending bank-transfer order can be completed.
 */
export async function completeBankTransferOrder(
  deps: ServiceDeps,
  user: SessionUser | null,
  orderNo: string,
  reference: string | null | undefined,
): Promise<Completion> {
  const { actor } = requireOperator(user);
  const ref = validReference(reference);
  try {
    const r = await completeBankTransfer(deps, { orderNo, reference: ref, actor });
    return { orderNo, changed: r.changed };
  } catch (err) {
    if (err instanceof LedgerRefusal && err.reason in refusals) throw refusals[err.reason as keyof typeof refusals]();
    throw err;
  }
}
