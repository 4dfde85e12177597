import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import type { PaypalMoney, PaypalWebhookEvent } from '@shop/payments/paypal/wire';
import { newEventId } from './ids.js';
import { captureJson, orderJson } from './orderJson.js';
import type { SandboxCapture, SandboxOrder } from './store.js';

export type CaptureEventType = 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.PENDING' | 'PAYMENT.CAPTURE.DECLINED' | 'PAYMENT.CAPTURE.DENIED';

/** A webhook event as PayPal wraps every resource: a fresh id, its links, the type and the summary. */
export function webhookEnvelope(base: string, eventType: string, resourceType: string, summary: string, resource: object): PaypalWebhookEvent {
  const id = newEventId();
  const self = `${base}/v1/notifications/webhooks-events/${id}`;
  return {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: resourceType,
    resource_version: '2.0',
    event_type: eventType,
    summary,
    resource: resource as Record<string, unknown>,
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/** An amount as PayPal's event summaries write it. */
export const summaryMoney = (m: PaypalMoney) => `${m.currency_code} ${m.value} ${m.currency_code}`;

/** CHECKOUT.ORDER.APPROVED: the resource is the whole order. */
export function orderApprovedEvent(base: string, order: SandboxOrder): PaypalWebhookEvent {
  return webhookEnvelope(base, 'CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', orderJson(base, order));
}

/** CHECKOUT.PAYMENT-APPROVAL.REVERSED: approved, never captured, approval lapsed. */
export function approvalReversedEvent(base: string, order: SandboxOrder): PaypalWebhookEvent {
  // The resource names the order by order_id [unverified shape; the adapter also accepts id].
  const resource = {
    order_id: order.id,
    purchase_units: [
      {
        reference_id: order.unit.reference_id,
        ...(order.unit.custom_id ? { custom_id: order.unit.custom_id } : {}),
        ...(order.unit.invoice_id ? { invoice_id: order.unit.invoice_id } : {}),
        amount: { ...order.unit.amount },
        payee: { ...order.unit.payee },
      },
    ],
  };
  return webhookEnvelope(base, 'CHECKOUT.PAYMENT-APPROVAL.REVERSED', 'checkout-order', 'A payment has been reversed after approval.', resource);
}

const CAPTURE_SUMMARY: Record<CaptureEventType, string> = {
  'PAYMENT.CAPTURE.COMPLETED': 'Payment completed for',
  'PAYMENT.CAPTURE.PENDING': 'Payment pending for',
  'PAYMENT.CAPTURE.DECLINED': 'Payment declined for',
  'PAYMENT.CAPTURE.DENIED': 'Payment denied for',
};

/** PAYMENT.CAPTURE.*: the resource is the capture, with custom_id and the order id in supplementary_data. */
export function captureEvent(base: string, type: CaptureEventType, order: SandboxOrder, capture: SandboxCapture): PaypalWebhookEvent {
  return webhookEnvelope(base, type, 'capture', `${CAPTURE_SUMMARY[type]} ${summaryMoney(capture.amount)}`, captureJson(base, order, capture, true));
}

function bump(m: unknown): void {
  const amount = m as PaypalMoney | undefined;
  if (!amount || typeof amount.value !== 'string') return;
  const cents = decimalToCents(amount.value);
  if (cents !== null) amount.value = centsToDecimal(cents + 100);
}

/** A copy of the event whose amounts are 1.00 higher (the wrong-amount fault). */
export function withWrongAmount(event: PaypalWebhookEvent): PaypalWebhookEvent {
  const copy = structuredClone(event);
  const resource = copy.resource as { amount?: unknown; purchase_units?: Array<{ amount?: unknown }> };
  bump(resource.amount);
  for (const unit of resource.purchase_units ?? []) bump(unit.amount);
  return copy;
}
