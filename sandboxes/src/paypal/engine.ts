import type { PaypalCaptureStatus } from '@shop/payments/paypal/wire';
import { resourceNotFound, unprocessable } from './apiErrors.js';
import { TokenRegistry } from './auth.js';
import { FaultSwitches } from './faults.js';
import { newCaptureId, newOrderId, newPayerId } from './ids.js';
import type { PaypalSandboxOptions } from './options.js';
import { parseOrderRequest } from './orderRequest.js';
import { OrderStore, paypalTime, type SandboxCapture, type SandboxOrder } from './store.js';
import { WebhookDispatcher } from './webhookDelivery.js';
import { approvalReversedEvent, captureEvent, orderApprovedEvent, type CaptureEventType } from './webhookEvents.js';
import { WebhookSigner } from './webhookSigner.js';
import { RefundDesk, refundEvent, type SandboxRefund } from './refunds.js';
import { SandboxClock } from '../bills/clock.js';
import { BillFaultBook } from '../bills/faults.js';

/** A control action that does not fit the order's current state (answered 409). */
export class ControlConflict extends Error {}

export interface CaptureOutcome {
  status: 'COMPLETED' | 'PENDING' | 'DECLINED';
  /** status_details.reason, e.g. PENDING_REVIEW or DECLINED_BY_RISK_FRAUD_FILTERS. */
  reason?: string;
}

const CAPTURE_EVENT: Record<CaptureOutcome['status'], CaptureEventType> = {
  COMPLETED: 'PAYMENT.CAPTURE.COMPLETED',
  PENDING: 'PAYMENT.CAPTURE.PENDING',
  DECLINED: 'PAYMENT.CAPTURE.DECLINED',
};

/** The simulated PayPal: order FSM CREATED/PAYER_ACTION_REQUIRED → APPROVED → COMPLETED, or VOIDED. */
export class PaypalSandboxEngine {
  readonly store = new OrderStore();
  /** PayPal's "now" for captures, refunds and what Transaction Search lists (settable via _control/clock). */
  readonly clock = new SandboxClock();
  /** Per-trade bill faults, keyed by the trade's invoice_id (the shop's out_trade_no). */
  readonly billFaults = new BillFaultBook();
  readonly refunds = new RefundDesk(() => this.clock.date());
  readonly faults = new FaultSwitches();
  readonly tokens: TokenRegistry;
  readonly dispatcher: WebhookDispatcher;
  private readonly captureOutcomes: CaptureOutcome[] = [];

  constructor(readonly options: PaypalSandboxOptions) {
    this.tokens = new TokenRegistry(options.tokenTtlSeconds ?? 32_400);
    const signer = new WebhookSigner(options.credentials.privateKeyPem, options.credentials.webhookId, () => this.certUrl);
    this.dispatcher = new WebhookDispatcher({
      signer,
      ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
      timeScale: options.timeScale ?? 1,
      deliveryTimeoutMs: options.deliveryTimeoutMs ?? 10_000,
    });
  }

  private time(): string {
    return paypalTime(this.clock.date());
  }

  get base(): string {
    const b = typeof this.options.publicBaseUrl === 'function' ? this.options.publicBaseUrl() : this.options.publicBaseUrl;
    return b.replace(/\/+$/, '');
  }

  get certUrl(): string {
    return `${this.base}/v1/notifications/certs/${this.options.credentials.certId}`;
  }

  createOrder(body: unknown, requestId?: string): { order: SandboxOrder; replayed: boolean } {
    // Same PayPal-Request-Id: the order that call created, in its current state.
    const earlier = this.store.replayed('create', requestId);
    if (earlier) return { order: earlier, replayed: true };
    const parsed = parseOrderRequest(body);
    const now = this.time();
    const { merchantId, merchantEmail } = this.options.credentials;
    const order: SandboxOrder = {
      id: newOrderId(),
      status: parsed.viaPaymentSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      intent: 'CAPTURE',
      unit: { ...parsed.unit, payee: { email_address: merchantEmail, merchant_id: merchantId } },
      experience: parsed.experience,
      viaPaymentSource: parsed.viaPaymentSource,
      captures: [],
      createTime: now,
      updateTime: now,
    };
    this.store.add(order);
    this.store.remember('create', requestId, order.id);
    return { order, replayed: false };
  }

  getOrder(id: string): SandboxOrder {
    const order = this.store.orders.get(id);
    if (!order) throw resourceNotFound();
    return order;
  }

  capture(id: string, requestId?: string): { order: SandboxOrder; replayed: boolean } {
    const earlier = this.store.replayed(`capture:${id}`, requestId);
    if (earlier) return { order: earlier, replayed: true };
    const order = this.getOrder(id);
    if (order.status === 'COMPLETED') {
      throw unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    }
    if (order.status === 'VOIDED') throw unprocessable('ORDER_EXPIRED', 'The order has expired or was voided and can no longer be captured.');
    if (order.status !== 'APPROVED') {
      throw unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    if (this.store.invoicePaidElsewhere(order)) {
      throw unprocessable(
        'DUPLICATE_INVOICE_ID',
        'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
      );
    }
    const outcome = this.captureOutcomes.shift() ?? { status: 'COMPLETED' };
    const now = this.time();
    const reason =
      outcome.reason ?? (outcome.status === 'PENDING' ? 'PENDING_REVIEW' : outcome.status === 'DECLINED' ? 'DECLINED_BY_RISK_FRAUD_FILTERS' : undefined);
    const capture: SandboxCapture = {
      id: newCaptureId(),
      orderId: order.id,
      status: outcome.status,
      ...(reason ? { reason } : {}),
      amount: { ...order.unit.amount },
      createTime: now,
      updateTime: now,
    };
    order.captures.push(capture);
    order.status = 'COMPLETED';
    order.updateTime = now;
    this.store.addCapture(capture);
    this.store.remember(`capture:${id}`, requestId, order.id);
    this.emit(captureEvent(this.base, CAPTURE_EVENT[outcome.status], order, capture), order);
    return { order, replayed: false };
  }

  /** The buyer pressed Pay. Idempotent for an already approved order. */
  approve(id: string): { order: SandboxOrder; redirectUrl?: string } {
    const order = this.getOrder(id);
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      const payerId = newPayerId();
      order.payer = { payer_id: payerId, email_address: `sb-${payerId.toLowerCase()}@personal.example.com`, name: { given_name: 'Sandbox', surname: 'Buyer' } };
      order.status = 'APPROVED';
      order.updateTime = this.time();
      this.emit(orderApprovedEvent(this.base, order), order);
    } else if (order.status !== 'APPROVED') {
      throw new ControlConflict(`order ${id} is ${order.status} and cannot be approved`);
    }
    const ret = order.experience.return_url;
    return { order, ...(ret ? { redirectUrl: withQuery(ret, { token: order.id, PayerID: order.payer!.payer_id }) } : {}) };
  }

  /** The buyer pressed Cancel: nothing changes at PayPal; the browser goes to cancel_url. */
  cancelRedirect(id: string): string | undefined {
    const order = this.getOrder(id);
    const url = order.experience.cancel_url;
    return url ? withQuery(url, { token: order.id }) : undefined;
  }

  /** Expiry/void: the order can no longer be paid. An approved order also gets its approval reversed. */
  voidOrder(id: string): SandboxOrder {
    const order = this.getOrder(id);
    if (order.status === 'VOIDED') return order;
    if (order.status === 'COMPLETED') throw new ControlConflict(`order ${id} is COMPLETED and cannot be voided`);
    const wasApproved = order.status === 'APPROVED';
    order.status = 'VOIDED';
    order.updateTime = this.time();
    if (wasApproved) this.emit(approvalReversedEvent(this.base, order), order);
    return order;
  }

  /** A PENDING capture clears (COMPLETED, PAYMENT.CAPTURE.COMPLETED) or is denied (DECLINED, PAYMENT.CAPTURE.DENIED). */
  settlePendingCapture(captureId: string, to: Extract<PaypalCaptureStatus, 'COMPLETED' | 'DECLINED'>): SandboxCapture {
    const capture = this.store.captures.get(captureId);
    if (!capture) throw resourceNotFound();
    if (capture.status !== 'PENDING') throw new ControlConflict(`capture ${captureId} is ${capture.status}, not PENDING`);
    const order = this.getOrder(capture.orderId);
    capture.status = to;
    if (to === 'DECLINED') capture.reason = 'DECLINED_BY_RISK_FRAUD_FILTERS';
    else delete capture.reason;
    capture.updateTime = this.time();
    order.updateTime = capture.updateTime;
    this.emit(captureEvent(this.base, to === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', order, capture), order);
    return capture;
  }

  /** Queue the outcome of the next capture (one per call, used in order). */
  queueCaptureOutcome(outcome: CaptureOutcome): CaptureOutcome[] {
    this.captureOutcomes.push(outcome);
    return [...this.captureOutcomes];
  }

  close(): void {
    this.dispatcher.close();
  }

  /** Refunds a capture (what remains of it, or the amount asked); the webhook follows. */
  refund(captureId: string, body: unknown, requestId?: string): { refund: SandboxRefund; replayed: boolean } {
    const result = this.refunds.refund(this.store.captures.get(captureId), body, requestId);
    if (!result.replayed) {
      const capture = this.store.captures.get(captureId);
      this.emit(refundEvent(this.base, result.refund), capture ? this.store.orders.get(capture.orderId) : undefined);
    }
    return result;
  }

  /** Sends the event with the faults in force: the trade's own (by invoice_id or custom_id), else the global ones. */
  private emit(event: Parameters<WebhookDispatcher['emit']>[0], order?: SandboxOrder): void {
    this.dispatcher.emit(event, this.faults.takeForEvent(order ? tradeKeyOf(order) : undefined));
  }
}

/** The shop's number of a trade: the purchase unit's invoice_id, else its custom_id. */
export function tradeKeyOf(order: SandboxOrder): string | undefined {
  return order.unit.invoice_id ?? order.unit.custom_id;
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
