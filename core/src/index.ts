// The only writer of orders, payment attempts, refunds and their events: read core/README.md first.
// This entry holds commands, each `(deps, input)` running in the unit of work, their input and
// result types, and the refusals they throw. Primitives (one guarded move inside a running
// transaction) are not here: tests reach them through `@shop/core/internal`.
export type { CoreDeps } from './deps.js';
export type { StatusEvents } from './status-events.js';
export { inTransaction, type UnitOfWork, type Enqueue } from './unit-of-work.js';
export { LedgerRefusal, type RefusalReason } from './refusal.js';
export { checkoutOrder, type CheckoutRequest, type CheckoutResult, type WithdrawnAttempt } from './checkout.js';
export { completeBankTransfer, type CompleteBankTransfer } from './bank-transfer.js';
export { recordPaperOrder, type PaperOrderRequest } from './paper-order.js';
export { markShipped, type MarkShipped, type ShippingResult } from './shipping.js';
export { issueInvoice, type IssueInvoice, type IssuedInvoice, type InvoiceDocumentInput } from './invoices.js';
export { expireDueOrders, type ExpireDueOrders } from './expiry.js';
export {
  settleAttempt,
  finishAttempt,
  closeAttempt,
  closeAbandonedAttempts,
  type SettleAttempt,
  type SettleOutcome,
  type SettleSource,
  type FinishAttempt,
  type CloseAttempt,
  type CloseOutcome,
  type CloseAbandonedAttempts,
} from './settle.js';
export { applyAttemptStatus, mismatch, type ApplyAttemptStatus, type AppliedStatus, type IntentRef } from './settlement-rules.js';
export { notePoll, type NotePoll } from './polling.js';
export {
  requestRefund,
  applyRefundStatus,
  advanceRefund,
  dueRefunds,
  recordPayerAmount,
  RefundRefused,
  type RefundRequest,
  type RequestedRefund,
  type RefundOutcome,
  type ApplyRefundStatus,
  type AdvanceRefund,
  type RecordPayerAmount,
} from './refunds/index.js';
export { reconcileDay, reconcileDueDays, type ReconcileDay, type ReconcileDueDays, type ReconcileResult } from './reconciliation/reconcile.js';
export { resolveReconciliationItem, type ResolveItem, type ResolvedItem } from './reconciliation/review.js';
export { reconcileBankStatement, type ReconcileBankStatement, type BankStatementResult } from './reconciliation/bank-statement.js';
export type { Verdict } from './reconciliation/verdicts.js';
export type { DetailCode, DetailMoney, DetailValuesOf } from './reconciliation/detail-codes.js';
