// The only writer of orders, payment attempts and their events: read core/README.md first.
export type { CoreDeps } from './deps.js';
export { inTransaction, type UnitOfWork, type Enqueue } from './unit-of-work.js';
export { LedgerRefusal, type RefusalReason } from './refusal.js';
export {
  ATTEMPT_TRANSITIONS,
  OPEN_STATES,
  canMove,
  isOpen,
  createAttempt,
  moveAttempt,
  openAttempts,
  notePoll,
  type AttemptStatus,
  type Moved,
} from './attempt-ledger.js';
export { openOrder, reuseOrder, expireOrder, expireDueOrders, settleOrder, markShipped, type SettleResult } from './order-ledger.js';
export { checkoutOrder, type CheckoutRequest, type CheckoutResult } from './checkout.js';
export { completeBankTransfer } from './bank-transfer.js';
export { recordPaperOrder, type PaperOrderRequest } from './paper-order.js';
export { settleAttempt, finishAttempt, closeAttempt, closeAtProvider, closeAbandonedAttempts, type SettleOutcome, type CloseOutcome } from './settle.js';
export { applyAttemptStatus, mismatch, type IntentRef } from './settlement-rules.js';
export { outboxJob, relayNow, deliverTo } from './outbox.js';
export { orderStatusChannel, redisStatusEvents, silentStatusEvents, type StatusEvents } from './status-events.js';
export { seal, unseal, keyedHash, sha256 } from './crypto.js';
export { createLogger, redactPaths } from './logger.js';
export {
  requestRefund,
  applyRefundStatus,
  advanceRefund,
  dueRefunds,
  recordPayerAmount,
  refundNoFor,
  RefundRefused,
  type RefundRequest,
  type RequestedRefund,
  type RefundOutcome,
  type RefundContext,
} from './refunds/index.js';
