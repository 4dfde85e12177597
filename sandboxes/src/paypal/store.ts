import type { PaypalCaptureStatus, PaypalExperienceContext, PaypalMoney, PaypalOrderStatus, PaypalPayee } from '@shop/payments/paypal/wire';

export interface SandboxPayer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
}

export interface SandboxCapture {
  id: string;
  orderId: string;
  status: PaypalCaptureStatus;
  reason?: string;
  amount: PaypalMoney;
  createTime: string;
  updateTime: string;
}

export interface SandboxOrder {
  id: string;
  status: PaypalOrderStatus;
  intent: 'CAPTURE';
  unit: {
    reference_id: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: PaypalMoney;
    payee: PaypalPayee;
  };
  experience: PaypalExperienceContext;
  /** Created with payment_source.paypal (answers PAYER_ACTION_REQUIRED + payer-action) rather than the legacy style (CREATED + approve). */
  viaPaymentSource: boolean;
  payer?: SandboxPayer;
  captures: SandboxCapture[];
  createTime: string;
  updateTime: string;
}

// PayPal keeps PayPal-Request-Id keys for 6 hours.
const REQUEST_ID_RETENTION_MS = 6 * 3600_000;

/** In-memory orders, captures and idempotency keys. */
export class OrderStore {
  readonly orders = new Map<string, SandboxOrder>();
  readonly captures = new Map<string, SandboxCapture>();
  private readonly requestIds = new Map<string, { orderId: string; at: number }>();

  add(order: SandboxOrder): void {
    this.orders.set(order.id, order);
  }

  addCapture(capture: SandboxCapture): void {
    this.captures.set(capture.id, capture);
  }

  /** The order an earlier call with this key (scope "create" or "capture") produced, if any. */
  replayed(scope: string, requestId: string | undefined): SandboxOrder | undefined {
    if (!requestId) return undefined;
    this.prune();
    const hit = this.requestIds.get(`${scope}:${requestId}`);
    return hit ? this.orders.get(hit.orderId) : undefined;
  }

  remember(scope: string, requestId: string | undefined, orderId: string): void {
    if (requestId) this.requestIds.set(`${scope}:${requestId}`, { orderId, at: Date.now() });
  }

  /** Another order with this invoice id that already took money (PayPal: DUPLICATE_INVOICE_ID). */
  invoicePaidElsewhere(order: SandboxOrder): boolean {
    if (!order.unit.invoice_id) return false;
    for (const other of this.orders.values()) {
      if (other.id === order.id || other.unit.invoice_id !== order.unit.invoice_id) continue;
      if (other.captures.some((c) => c.status === 'COMPLETED' || c.status === 'PENDING')) return true;
    }
    return false;
  }

  /** Control hook: act as if PayPal's 6-hour key retention had run out. */
  forgetRequestIds(): void {
    this.requestIds.clear();
  }

  private prune(): void {
    const cutoff = Date.now() - REQUEST_ID_RETENTION_MS;
    for (const [key, entry] of this.requestIds) if (entry.at < cutoff) this.requestIds.delete(key);
  }
}

/** PayPal's timestamps: ISO 8601 in UTC without milliseconds. */
export function paypalTime(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
