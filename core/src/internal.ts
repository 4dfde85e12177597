// Tests only: the primitives under the commands (each one guarded move inside a running
// transaction) and the state tables. Production code goes through `@shop/core`; a boundary test
// fails when anything outside core and test/ imports this entry.
export {
  ATTEMPT_TRANSITIONS,
  OPEN_STATES,
  canMove,
  isOpen,
  createAttempt,
  moveAttempt,
  openAttempts,
  type AttemptStatus,
  type Moved,
} from './attempt-ledger.js';
export { ORDER_TRANSITIONS, SHIPPING_TRANSITIONS, canMoveOrder, openOrder, reuseOrder, expireOrder, settleOrder, type SettleResult } from './order-ledger.js';
export { REFUND_TRANSITIONS, openRefund, refundNoFor } from './refunds/index.js';
export { appendOrderEvent } from './order-events.js';
export { outboxJob, relayNow } from './outbox.js';
export { settleAttemptIn } from './settle.js';
export { judgeBill, billTotals, type LedgerView, type LedgerAttempt, type LedgerRefund, type Judged } from './reconciliation/verdicts.js';
export { invoiceContentType } from './invoices.js';
