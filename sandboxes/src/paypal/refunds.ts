// Payments v2 refunds (cross-border reference 4.3): POST /v2/payments/captures/{id}/refund, replayed
// under the same PayPal-Request-Id, never beyond what remains of the capture, in its currency;
// the capture turns REFUNDED and PAYMENT.CAPTURE.REFUNDED goes out with the refund as resource.
import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import type { PaypalMoney, PaypalWebhookEvent } from '@shop/payments/paypal/wire';
import { invalidRequest, resourceNotFound, unprocessable } from './apiErrors.js';
import { newCaptureId } from './ids.js';
import { paypalTime, type SandboxCapture } from './store.js';
import { summaryMoney, webhookEnvelope } from './webhookEvents.js';

export interface SandboxRefund {
  id: string;
  captureId: string;
  status: 'COMPLETED';
  amount: PaypalMoney;
  customId?: string;
  invoiceId?: string;
  noteToPayer?: string;
  createTime: string;
}

interface RefundRequest {
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
}

const DEFINED = new Set(['amount', 'custom_id', 'invoice_id', 'note_to_payer', 'payment_instruction']);

export class RefundDesk {
  readonly refunds = new Map<string, SandboxRefund>();
  private readonly byRequestId = new Map<string, string>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The refund and whether it is a replay of an earlier call with the same PayPal-Request-Id. */
  refund(capture: SandboxCapture | undefined, body: unknown, requestId: string | undefined): { refund: SandboxRefund; replayed: boolean } {
    const earlier = requestId ? this.byRequestId.get(requestId) : undefined;
    if (earlier) return { refund: this.refunds.get(earlier)!, replayed: true };
    if (!capture) throw resourceNotFound();
    const req = (body && typeof body === 'object' ? body : {}) as RefundRequest & Record<string, unknown>;
    const unknown = Object.keys(req).filter((k) => !DEFINED.has(k));
    if (unknown.length)
      throw invalidRequest(unknown.map((f) => ({ field: `/${f}`, issue: 'UNKNOWN_FIELD', description: `${f} is not a field of a refund request.` })));
    if (req.custom_id !== undefined && (typeof req.custom_id !== 'string' || req.custom_id.length > 127))
      throw invalidRequest([{ field: '/custom_id', issue: 'INVALID_STRING_LENGTH' }]);
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      throw unprocessable(capture.status === 'REFUNDED' ? 'CAPTURED_AMOUNT_FULLY_REFUNDED' : 'CAPTURE_NOT_REFUNDABLE', `The capture is ${capture.status}.`);
    }
    const captured = decimalToCents(capture.amount.value) ?? 0;
    const done = [...this.refunds.values()].filter((r) => r.captureId === capture.id).reduce((s, r) => s + (decimalToCents(r.amount.value) ?? 0), 0);
    const left = captured - done;
    let cents = left;
    if (req.amount) {
      if (req.amount.currency_code !== capture.amount.currency_code)
        throw unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the currency of the capture.');
      const asked = decimalToCents(String(req.amount.value));
      if (asked === null || asked <= 0) throw invalidRequest([{ field: '/amount/value', issue: 'INVALID_PARAMETER_VALUE' }]);
      if (asked > left)
        throw unprocessable(
          left === 0 ? 'CAPTURED_AMOUNT_FULLY_REFUNDED' : 'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      cents = asked;
    }
    if (cents <= 0) throw unprocessable('CAPTURED_AMOUNT_FULLY_REFUNDED', 'The captured amount has already been fully refunded.');
    const refund: SandboxRefund = {
      id: newCaptureId(),
      captureId: capture.id,
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: centsToDecimal(cents) },
      ...(req.custom_id ? { customId: req.custom_id } : {}),
      ...(req.invoice_id ? { invoiceId: req.invoice_id } : {}),
      ...(req.note_to_payer ? { noteToPayer: req.note_to_payer } : {}),
      createTime: paypalTime(this.now()),
    };
    this.refunds.set(refund.id, refund);
    if (requestId) this.byRequestId.set(requestId, refund.id);
    capture.status = cents === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updateTime = paypalTime(this.now());
    return { refund, replayed: false };
  }
}

export function refundJson(base: string, r: SandboxRefund): Record<string, unknown> {
  return {
    id: r.id,
    status: r.status,
    amount: { ...r.amount },
    ...(r.customId ? { custom_id: r.customId } : {}),
    ...(r.invoiceId ? { invoice_id: r.invoiceId } : {}),
    ...(r.noteToPayer ? { note_to_payer: r.noteToPayer } : {}),
    seller_payable_breakdown: { gross_amount: { ...r.amount }, net_amount: { ...r.amount } },
    create_time: r.createTime,
    update_time: r.createTime,
    links: [
      { href: `${base}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${r.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** PAYMENT.CAPTURE.REFUNDED: the resource is the refund. */
export function refundEvent(base: string, r: SandboxRefund): PaypalWebhookEvent {
  return webhookEnvelope(base, 'PAYMENT.CAPTURE.REFUNDED', 'refund', `A ${summaryMoney(r.amount)} capture payment was refunded`, refundJson(base, r));
}
