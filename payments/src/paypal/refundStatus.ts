import type { RefundState, RefundStatus } from '../provider.js';
import { moneyToCents } from './orderStatus.js';
import type { PaypalMoney } from './wire.js';

/** A Payments v2 refund as the refund call answers it and PAYMENT.CAPTURE.REFUNDED carries it. */
export interface PaypalRefundResource {
  id?: string;
  status?: string;
  custom_id?: string;
  amount?: PaypalMoney;
}

const REFUND_STATES: Record<string, RefundState> = { COMPLETED: 'succeeded', PENDING: 'pending', FAILED: 'failed', CANCELLED: 'failed' };

/** Our refund status for a PayPal refund; an unknown status waits (pending). */
export function refundStatusOf(refundNo: string, r: PaypalRefundResource): RefundStatus {
  const money = moneyToCents(r.amount);
  return {
    state: REFUND_STATES[r.status ?? ''] ?? 'pending',
    refundNo,
    ...(r.id ? { providerRefundId: r.id } : {}),
    ...(money.amountCents !== undefined ? { amountMinor: money.amountCents } : {}),
    ...(money.currency ? { currency: money.currency } : {}),
    detail: r.status ?? 'UNKNOWN',
  };
}
