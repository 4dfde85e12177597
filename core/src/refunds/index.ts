export { requestRefund, openRefund, type RefundRequest, type RequestedRefund, type OpenRefund } from './request.js';
export { applyRefundStatus, REFUND_TRANSITIONS, type RefundOutcome, type ApplyRefundStatus } from './apply.js';
export { advanceRefund, dueRefunds, type AdvanceRefund } from './execute.js';
export { recordPayerAmount, type RecordPayerAmount } from './payer-amount.js';
export { refundNoFor } from './numbers.js';
export { RefundRefused } from './errors.js';
