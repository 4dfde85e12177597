import { ProviderError, decimalToCents, type AttemptState, type AttemptStatus } from '../provider.js';
import type { PaypalCapture, PaypalCaptureStatus, PaypalMoney, PaypalOrder } from './wire.js';

/** A capture's status says whether money moved; PENDING and DECLINED do not settle. */
export function stateOfCapture(status: PaypalCaptureStatus): AttemptState {
  switch (status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      // Refunds are outside this interface; the payment itself did succeed.
      return 'succeeded';
    case 'PENDING':
      return 'pending';
    case 'DECLINED':
    case 'FAILED':
      return 'failed';
  }
}

/** The capture that decides the order: the newest one (PayPal lists them oldest first). */
export function latestCapture(order: PaypalOrder): PaypalCapture | undefined {
  const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
  return captures[captures.length - 1];
}

export function moneyToCents(money: PaypalMoney | undefined): { amountCents?: number; currency?: string } {
  if (!money) return {};
  const cents = decimalToCents(money.value);
  return { ...(cents === null ? {} : { amountCents: cents }), currency: money.currency_code };
}

/**
 * Maps an Orders v2 order to our attempt state. A COMPLETED order is only "succeeded" when its
 * capture is COMPLETED: PayPal's docs warn that a completed order can hold a pending or declined
 * capture.
 */
export function statusFromOrder(order: PaypalOrder, outTradeNo: string): AttemptStatus {
  const unit = order.purchase_units?.[0];
  const ours = unit?.custom_id ?? unit?.reference_id;
  if (ours !== undefined && ours !== outTradeNo) {
    throw new ProviderError('paypal', 'ORDER_MISMATCH', `PayPal order ${order.id} belongs to ${ours}, not ${outTradeNo}`, false);
  }
  const capture = latestCapture(order);
  let state: AttemptState;
  let detail = `order ${order.status}`;
  switch (order.status) {
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
      state = 'pending';
      break;
    case 'APPROVED':
      state = 'approved';
      break;
    case 'VOIDED':
      state = 'closed';
      break;
    case 'COMPLETED':
      state = capture ? stateOfCapture(capture.status) : 'pending';
      if (capture) detail += `, capture ${capture.id} ${capture.status}${capture.status_details?.reason ? ` (${capture.status_details.reason})` : ''}`;
      break;
    default:
      throw new ProviderError('paypal', 'UNKNOWN_ORDER_STATUS', `PayPal order ${order.id} has unknown status ${String(order.status)}`, false);
  }
  const merchantId = unit?.payee?.merchant_id;
  return {
    state,
    outTradeNo,
    providerRef: order.id,
    ...moneyToCents(capture?.amount ?? unit?.amount),
    ...(merchantId ? { merchantId } : {}),
    detail,
  };
}
