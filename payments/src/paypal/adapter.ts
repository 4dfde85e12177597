import {
  ProviderError,
  centsToDecimal,
  type AttemptStatus,
  type CloseAnswer,
  type CreateAttemptInput,
  type CreatedAttempt,
  type NotificationAnswer,
  type NotificationInput,
  type PaymentProvider,
  type RefundInput,
  type RefundStatus,
  type VerifiedNotification,
} from '../provider.js';
import type { FetchedBill } from '../bills.js';
import { checkIsoDate } from '../zoned-time.js';
import { PaypalApiClient } from './apiClient.js';
import { PaypalBillFetcher } from './transactionSearch.js';
import { CertificateStore } from './certificateStore.js';
import { resolvePaypalConfig, type PaypalConfig, type ResolvedPaypalConfig } from './config.js';
import { paypalIssue, providerErrorFromResponse } from './errors.js';
import { statusFromOrder } from './orderStatus.js';
import { refundStatusOf, type PaypalRefundResource } from './refundStatus.js';
import { notificationFromEvent } from './webhookEvents.js';
import { verifyWebhookTransmission } from './webhookVerifier.js';
import type { PaypalErrorBody, PaypalOrder, PaypalOrderRequest } from './wire.js';

// PayPal order ids are upper-case alphanumerics (≤36); checking keeps odd input out of URLs.
const ORDER_ID = /^[A-Z0-9]{1,36}$/;

/** The capture's PayPal-Request-Id: derived from the attempt, so a retried capture replays. */
export function captureRequestId(outTradeNo: string): string {
  return `${outTradeNo}-capture`.slice(0, 108);
}

/**
 * PayPal Orders v2 checkout: create an order (buyer approves on PayPal), capture it
 * server-side, learn outcomes from webhooks verified against PayPal's signing certificate.
 *
 * close() is a documented no-op: Orders v2 has no call to cancel an unapproved CAPTURE order
 * (PayPal lets it expire by itself), and no money moves until we capture, so an attempt the app
 * has closed is simply never captured.
 */
export class PaypalAdapter implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly identity: { merchantId?: string; appId?: string };
  private readonly config: ResolvedPaypalConfig;
  private readonly api: PaypalApiClient;
  private readonly certs: CertificateStore;
  private readonly bills: PaypalBillFetcher;
  /** The account's time zone (config reportingTimeZone): the shop's PayPal bill days are cut there. */
  readonly billZone: string;

  constructor(config: PaypalConfig) {
    this.config = resolvePaypalConfig(config);
    this.api = new PaypalApiClient(this.config);
    this.certs = new CertificateStore(this.config);
    this.bills = new PaypalBillFetcher(this.api, this.config);
    this.billZone = this.config.reportingTimeZone;
    this.identity = this.config.merchantId ? { merchantId: this.config.merchantId } : {};
  }

  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    const body: PaypalOrderRequest = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.outTradeNo,
          custom_id: input.outTradeNo,
          // One invoice id per attempt: PayPal may refuse a repeated invoice id for a second attempt of an order.
          invoice_id: input.outTradeNo,
          description: input.description.slice(0, 127),
          amount: { currency_code: input.currency.toUpperCase(), value: centsToDecimal(input.amountCents) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl ?? input.returnUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            locale: input.locale === 'zh' ? 'zh-CN' : 'en-US',
            ...(this.config.brandName ? { brand_name: this.config.brandName } : {}),
          },
        },
      },
    };
    // The out_trade_no as PayPal-Request-Id makes a retried create answer the same order.
    const res = await this.api.send(
      { method: 'POST', path: '/v2/checkout/orders', body, headers: { 'PayPal-Request-Id': input.outTradeNo } },
      'PayPal create order',
    );
    if (res.status !== 200 && res.status !== 201) {
      throw providerErrorFromResponse(res.status, res.body as PaypalErrorBody, 'PayPal create order');
    }
    const order = res.body as PaypalOrder;
    const link = order.links?.find((l) => l.rel === 'approve') ?? order.links?.find((l) => l.rel === 'payer-action');
    if (!order.id || !link) {
      throw new ProviderError('paypal', 'NO_APPROVE_LINK', `PayPal order ${order.id ?? '?'} came back without an approve link`, false, res.status);
    }
    return { providerRef: order.id, nextAction: { type: 'redirect', href: link.href } };
  }

  async query(outTradeNo: string, providerRef?: string): Promise<AttemptStatus> {
    // Orders cannot be looked up by our number, only by PayPal's id.
    if (!providerRef) return { state: 'pending', outTradeNo, detail: 'no PayPal order id yet' };
    const id = checkOrderId(providerRef);
    const res = await this.api.send({ method: 'GET', path: `/v2/checkout/orders/${id}` }, 'PayPal get order');
    if (res.status === 404) return { state: 'pending', outTradeNo, providerRef, detail: 'order not found at PayPal' };
    if (res.status !== 200) throw providerErrorFromResponse(res.status, res.body as PaypalErrorBody, 'PayPal get order');
    return statusFromOrder(res.body as PaypalOrder, outTradeNo);
  }

  async capture(outTradeNo: string, providerRef: string): Promise<AttemptStatus> {
    const id = checkOrderId(providerRef);
    const res = await this.api.send(
      {
        method: 'POST',
        path: `/v2/checkout/orders/${id}/capture`,
        body: {},
        headers: { 'PayPal-Request-Id': captureRequestId(outTradeNo), Prefer: 'return=representation' },
      },
      'PayPal capture order',
    );
    if (res.status === 200 || res.status === 201) return statusFromOrder(res.body as PaypalOrder, outTradeNo);
    const error = res.body as PaypalErrorBody | undefined;
    // Captured before (by another worker, or a request id that expired): the order says how it went.
    if (res.status === 422 && paypalIssue(error) === 'ORDER_ALREADY_CAPTURED') return this.query(outTradeNo, providerRef);
    throw providerErrorFromResponse(res.status, error, 'PayPal capture order');
  }

  async close(): Promise<CloseAnswer> {
    // Nothing to ask PayPal; see the class comment.
    return { state: 'closed' };
  }

  /**
   * POST /v2/payments/captures/{capture_id}/refund with the refund number as PayPal-Request-Id (the
   * same number answers the same refund) and as custom_id (the webhook's refund names it).
   * The body has no amount: PayPal refunds what remains of the capture, the whole payment here.
   */
  async refund(input: RefundInput): Promise<RefundStatus> {
    const captureId = await this.captureIdOf(input);
    const res = await this.api.send(
      {
        method: 'POST',
        path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        body: { custom_id: input.refundNo, ...(input.reason ? { note_to_payer: Array.from(input.reason).slice(0, 255).join('') } : {}) },
        headers: { 'PayPal-Request-Id': input.refundNo, Prefer: 'return=representation' },
      },
      'PayPal refund capture',
    );
    const body = res.body as PaypalRefundResource & PaypalErrorBody;
    if (res.status === 200 || res.status === 201) return refundStatusOf(input.refundNo, body);
    if (res.status === 422 && (paypalIssue(body) === 'CAPTURED_AMOUNT_FULLY_REFUNDED' || paypalIssue(body) === 'CAPTURE_FULLY_REFUNDED')) {
      return { state: 'succeeded', refundNo: input.refundNo, outTradeNo: input.outTradeNo, detail: paypalIssue(body) };
    }
    const err = providerErrorFromResponse(res.status, body, 'PayPal refund capture');
    if (err.retryable) throw err;
    return { state: 'failed', refundNo: input.refundNo, outTradeNo: input.outTradeNo, detail: `${err.code}: ${err.message}` };
  }

  /** Asking again under the same PayPal-Request-Id answers the refund as it is now. */
  async queryRefund(input: RefundInput): Promise<RefundStatus> {
    return this.refund(input);
  }

  private async captureIdOf(input: RefundInput): Promise<string> {
    if (!input.providerRef) throw new ProviderError('paypal', 'NO_ORDER', `attempt ${input.outTradeNo} has no PayPal order`, false);
    const res = await this.api.send({ method: 'GET', path: `/v2/checkout/orders/${checkOrderId(input.providerRef)}` }, 'PayPal get order');
    if (res.status !== 200) throw providerErrorFromResponse(res.status, res.body as PaypalErrorBody, 'PayPal get order');
    const capture = (res.body as PaypalOrder).purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture?.id) throw new ProviderError('paypal', 'NOT_CAPTURED', `PayPal order ${input.providerRef} has no capture`, false);
    return capture.id;
  }

  /**
   * The day's bill from Transaction Search: the day in `billZone`, every page; BillNotReady until the
   * day's end plus PayPal's listing delay (3 h) has passed, or while PayPal says its data is older.
   * The shop's out_trade_no travels as the purchase unit's invoice_id (and custom_id), so rows carry it.
   */
  async fetchBill(date: string): Promise<FetchedBill> {
    checkIsoDate(date);
    return this.bills.fetch(date);
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    const event = await verifyWebhookTransmission(input, this.config, this.certs);
    return notificationFromEvent(event);
  }

  answer(acknowledged: boolean): NotificationAnswer {
    // Any 2xx stops PayPal's redelivery; anything else makes it retry.
    return acknowledged
      ? { status: 200, contentType: 'application/json', body: '{"received":true}' }
      : { status: 500, contentType: 'application/json', body: '{"received":false}' };
  }
}

function checkOrderId(providerRef: string): string {
  if (!ORDER_ID.test(providerRef)) throw new ProviderError('paypal', 'INVALID_RESOURCE_ID', `not a PayPal order id: ${providerRef}`, false);
  return providerRef;
}
