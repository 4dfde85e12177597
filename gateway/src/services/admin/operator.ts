import type { Actor } from '@shop/db';
import { forbidden, unauthenticated } from '../errors.js';
import type { SessionUser } from '../accounts/sessions.js';

export interface Operator {
  user: SessionUser;
  /** How the ledger and the audit trail record this operator. */
  actor: Actor;
}

/** Every admin service starts here: a guest is asked to log in, a buyer gets 'No Permission'. */
export function requireOperator(user: SessionUser | null): Operator {
  if (!user) throw unauthenticated();
  if (user.role !== 'operator') throw forbidden();
  return { user, actor: { type: 'operator', id: String(user.id) } };
}
