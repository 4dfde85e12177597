export { requestRefund, type RefundRequest, type RequestedRefund } from './request.js';
export { applyRefundStatus, type RefundOutcome } from './apply.js';
export { advanceRefund, dueRefunds, type RefundContext } from './execute.js';
export { recordPayerAmount } from './payer-amount.js';
export { refundNoFor } from './numbers.js';
export { RefundRefused } from './errors.js';
