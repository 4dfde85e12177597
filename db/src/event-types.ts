// The kinds of rows in the append-only trails. The writers live in core/ (the ledgers); the
// operators' console has a label for each (zh and en).

/** Every kind of order event. The two bank_transfer_completion_* kinds are kept for the rows of
 * the earlier job-based completion; new completions are a single 'paid' event. */
export const ORDER_EVENT_TYPES = [
  'created',
  'checkout_reused',
  'paid',
  'duplicate_payment',
  'expired',
  'shipped',
  'bank_transfer_completion_requested',
  'bank_transfer_completion_skipped',
  'refund_requested',
  'refunded',
  'refund_failed',
  'invoice_issued',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Every kind of event in the audit trail of other subjects (audit_events). The last five are a
 * reconciliation difference's: found by a run or an uploaded statement, then settled, refunded,
 * acknowledged by an operator, or found in a later bill ('refunded' is also an order event's kind).
 */
export const AUDIT_EVENT_TYPES = [
  'mirror_retry_requested',
  'account_disabled',
  'account_enabled',
  'password_changed',
  'email_bound',
  'verdict',
  'settled',
  'refunded',
  'acknowledged',
  'found_later',
  // The custody of an invoice's file (subject `invoice`, id the order number): stored, and each download.
  'invoice_stored',
  'invoice_downloaded',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Who made a change, as the trails record it. */
export interface Actor {
  type: import('./database.js').ActorType;
  id?: string | null;
}

/** The columns both trails (order_events, audit_events) share: who acted, and the change as JSON. */
export function trailColumns(actor: Actor, before: unknown, after: unknown, data: unknown) {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  return { actor_type: actor.type, actor_id: actor.id ?? null, before: json(before), after: json(after), data: json(data) };
}
