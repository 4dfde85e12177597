import { NotificationIgnored, NotificationRejected, type AttemptState, type VerifiedNotification } from '../provider.js';
import { moneyToCents } from './orderStatus.js';
import { refundStatusOf, type PaypalRefundResource } from './refundStatus.js';
import type { PaypalCapture, PaypalOrder, PaypalPurchaseUnit, PaypalWebhookEvent } from './wire.js';

/** Event type -> attempt state, for the events this checkout flow subscribes to. */
const EVENT_STATES: Record<string, AttemptState> = {
  // Buyer approved; the app captures next (this also covers buyers who never return).
  'CHECKOUT.ORDER.APPROVED': 'approved',
  'PAYMENT.CAPTURE.COMPLETED': 'succeeded',
  'PAYMENT.CAPTURE.PENDING': 'pending',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
  // Approved but not captured in time: PayPal reversed the approval.
  'CHECKOUT.PAYMENT-APPROVAL.REVERSED': 'closed',
};

function fromOrderResource(resource: PaypalOrder & { order_id?: string }) {
  const unit: PaypalPurchaseUnit | undefined = resource.purchase_units?.[0];
  return {
    outTradeNo: unit?.custom_id ?? unit?.reference_id,
    // CHECKOUT.PAYMENT-APPROVAL.REVERSED carries order_id instead of id [unverified: accept both].
    providerRef: resource.order_id ?? resource.id,
    money: unit?.amount,
    merchantId: unit?.payee?.merchant_id,
    detail: `order ${resource.order_id ?? resource.id}${resource.status ? ` ${resource.status}` : ''}`,
  };
}

function fromCaptureResource(resource: PaypalCapture) {
  const reason = resource.status_details?.reason;
  return {
    // PayPal copies the purchase unit's custom_id onto the capture.
    outTradeNo: resource.custom_id,
    providerRef: resource.supplementary_data?.related_ids?.order_id,
    money: resource.amount,
    merchantId: resource.payee?.merchant_id,
    detail: `capture ${resource.id} ${resource.status}${reason ? ` (${reason})` : ''}`,
  };
}

/**
 * PAYMENT.CAPTURE.REFUNDED carries the refund as its resource. The shop's refunds carry the refund
 * number as custom_id; a refund made elsewhere (PayPal's dashboard) is not ours to apply.
 */
function refundNotification(event: PaypalWebhookEvent): VerifiedNotification {
  const r = event.resource as PaypalRefundResource;
  if (!r.custom_id) throw new NotificationIgnored(event.id, event.event_type);
  return {
    eventId: event.id,
    eventType: event.event_type,
    state: 'succeeded',
    outTradeNo: '',
    detail: `refund ${r.id ?? '?'} ${r.status ?? ''}`.trim(),
    refund: refundStatusOf(r.custom_id, r),
  };
}

/**
 * Decodes a verified event into our notification. An authentic event of a type the shop does not
 * act on throws NotificationIgnored: it is recorded and acknowledged, so PayPal stops redelivering.
 */
export function notificationFromEvent(event: PaypalWebhookEvent): VerifiedNotification {
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') return refundNotification(event);
  const state = EVENT_STATES[event.event_type];
  if (!state) throw new NotificationIgnored(event.id, event.event_type);
  const facts = event.event_type.startsWith('PAYMENT.CAPTURE.')
    ? fromCaptureResource(event.resource as unknown as PaypalCapture)
    : fromOrderResource(event.resource as unknown as PaypalOrder & { order_id?: string });
  if (!facts.outTradeNo) {
    throw new NotificationRejected('body', `PayPal event ${event.id} has no custom_id/reference_id to match an attempt`);
  }
  return {
    eventId: event.id,
    eventType: event.event_type,
    state,
    outTradeNo: facts.outTradeNo,
    ...(facts.providerRef ? { providerRef: facts.providerRef } : {}),
    ...moneyToCents(facts.money),
    ...(facts.merchantId ? { merchantId: facts.merchantId } : {}),
    detail: facts.detail,
  };
}
