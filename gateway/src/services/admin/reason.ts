import { appError } from '../errors.js';

/** The most an operator's reason (a refund, an account disabled or enabled) may hold. */
export const REASON_MAX = 200;

/**
 * An operator's reason as it is kept: trimmed, empty as null. A longer one is refused before
 * anything changes, never cut, so the audit holds what the operator wrote.
 */
export function operatorReason(v: string | null | undefined): string | null {
  const t = v?.trim();
  if (!t) return null;
  if ([...t].length > REASON_MAX) throw appError('badRequest', { field: 'reason' });
  return t;
}
