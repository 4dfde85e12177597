import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import type { PaypalCapture, PaypalLink, PaypalMoney, PaypalOrder } from '@shop/payments/paypal/wire';
import type { SandboxCapture, SandboxOrder } from './store.js';

// Renders store records as PayPal's JSON. `base` is the sandbox's public URL (prefix included),
// standing in for https://api-m.paypal.com in every HATEOAS link.

export function approvalUrl(base: string, orderId: string): string {
  return `${base}/checkoutnow?token=${orderId}`;
}

function orderLinks(base: string, order: SandboxOrder): PaypalLink[] {
  const self = `${base}/v2/checkout/orders/${order.id}`;
  const links: PaypalLink[] = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'PAYER_ACTION_REQUIRED') {
    links.push({ href: approvalUrl(base, order.id), rel: 'payer-action', method: 'GET' });
  } else if (order.status === 'CREATED') {
    links.push(
      { href: approvalUrl(base, order.id), rel: 'approve', method: 'GET' },
      { href: self, rel: 'update', method: 'PATCH' },
      { href: `${self}/capture`, rel: 'capture', method: 'POST' },
    );
  } else if (order.status === 'APPROVED') {
    links.push({ href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' });
  }
  return links;
}

/** A simple fee model so seller_receivable_breakdown looks real: 3.49 % + 0.49. */
export function fee(amount: PaypalMoney): { fee: PaypalMoney; net: PaypalMoney } {
  const gross = decimalToCents(amount.value) ?? 0;
  const feeCents = Math.min(gross, Math.round(gross * 0.0349) + 49);
  return {
    fee: { currency_code: amount.currency_code, value: centsToDecimal(feeCents) },
    net: { currency_code: amount.currency_code, value: centsToDecimal(gross - feeCents) },
  };
}

/** A capture as inside an order, or (forWebhook) as the resource of a PAYMENT.CAPTURE.* event. */
export function captureJson(base: string, order: SandboxOrder, capture: SandboxCapture, forWebhook = false): PaypalCapture {
  const json: PaypalCapture = {
    id: capture.id,
    status: capture.status,
    ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
    amount: { ...capture.amount },
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
  };
  if (capture.status === 'COMPLETED') {
    const { fee: paypalFee, net } = fee(capture.amount);
    json.seller_receivable_breakdown = { gross_amount: { ...capture.amount }, paypal_fee: paypalFee, net_amount: net };
  }
  if (order.unit.invoice_id) json.invoice_id = order.unit.invoice_id;
  // PayPal copies the purchase unit's custom_id onto the capture.
  if (order.unit.custom_id) json.custom_id = order.unit.custom_id;
  if (forWebhook) {
    json.supplementary_data = { related_ids: { order_id: order.id } };
    json.payee = { ...order.unit.payee };
  }
  json.links = [
    { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
    { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
  ];
  json.create_time = capture.createTime;
  json.update_time = capture.updateTime;
  return json;
}

/** The full order ("Prefer: return=representation", GET, and webhook resources). */
export function orderJson(base: string, order: SandboxOrder): PaypalOrder {
  const unit = {
    reference_id: order.unit.reference_id,
    amount: { ...order.unit.amount },
    payee: { ...order.unit.payee },
    ...(order.unit.description ? { description: order.unit.description } : {}),
    ...(order.unit.custom_id ? { custom_id: order.unit.custom_id } : {}),
    ...(order.unit.invoice_id ? { invoice_id: order.unit.invoice_id } : {}),
    ...(order.captures.length ? { payments: { captures: order.captures.map((c) => captureJson(base, order, c)) } } : {}),
  };
  const payer = order.payer;
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(order.viaPaymentSource || payer
      ? { payment_source: { paypal: payer ? { email_address: payer.email_address, account_id: payer.payer_id, name: { ...payer.name } } : {} } }
      : {}),
    purchase_units: [unit],
    ...(payer ? { payer: { name: { ...payer.name }, email_address: payer.email_address, payer_id: payer.payer_id } } : {}),
    create_time: order.createTime,
    update_time: order.updateTime,
    links: orderLinks(base, order),
  };
}

/** The default ("return=minimal") answer: id, status, links. */
export function minimalOrderJson(base: string, order: SandboxOrder): PaypalOrder {
  return {
    id: order.id,
    status: order.status,
    ...(order.viaPaymentSource ? { payment_source: { paypal: {} } } : {}),
    links: orderLinks(base, order),
  };
}
