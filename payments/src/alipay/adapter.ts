// PaymentProvider for Alipay page pay (OpenAPI v2 gateway.do, RSA2 keys mode).
import type { KeyObject } from 'node:crypto';
import {
  centsToDecimal,
  decimalToCents,
  ProviderError,
  type AttemptStatus,
  type CreateAttemptInput,
  type CreatedAttempt,
  type NotificationAnswer,
  type NotificationInput,
  type PaymentProvider,
  type VerifiedNotification,
} from '../provider.js';
import { callGateway, resultError, type GatewayClientConfig, type GatewayResult } from './gateway-client.js';
import { loadPrivateKey, loadPublicKey } from './keys.js';
import { verifyAlipayNotification } from './notification.js';
import { autoSubmitForm, signedRequestParams } from './request-params.js';
import { verifyReturnParams, type ReturnHint } from './return-params.js';
import { alipayTimestamp } from './time.js';
import { stateOfTradeStatus } from './trade-status.js';

export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayAdapterConfig {
  /** Application id from the Open Platform console. */
  appId: string;
  /** App private key (PEM PKCS#1/PKCS#8 or bare base64); signs requests. */
  appPrivateKey: string;
  /** Alipay public key (PEM or bare base64); verifies responses, notifies and returns. */
  alipayPublicKey: string;
  /** gateway.do URL; defaults to production. Point it at the sandbox's `<publicBaseUrl>/gateway.do`. */
  gatewayUrl?: string;
  /** Seller PID ("2088…"); notifies carry it as seller_id and callers compare it. */
  sellerId?: string;
  /** Per-call HTTP timeout; default 10 s. */
  timeoutMs?: number;
  /**
   * The merchant's settlement currency, CNY for a mainland merchant. `total_amount` is always in
   * the order's currency: when that differs from this one it is sent as `trans_currency`
   * (cross-border pricing); otherwise no currency is sent and the amount is in CNY.
   */
  settlementCurrency?: string;
}

const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
const MAX_AMOUNT_CENTS = 100_000_000_00;

export class AlipayAdapter implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly identity: { merchantId?: string; appId?: string };
  /** Where the page-pay form posts: the storefront's CSP must allow it as a form target. */
  get formTarget(): string {
    return this.gateway.gatewayUrl;
  }
  private readonly gateway: GatewayClientConfig;
  private readonly settlementCurrency: string;
  private readonly alipayPublicKey: KeyObject;

  constructor(private readonly config: AlipayAdapterConfig) {
    this.alipayPublicKey = loadPublicKey(config.alipayPublicKey);
    this.gateway = {
      gatewayUrl: config.gatewayUrl ?? ALIPAY_PRODUCTION_GATEWAY,
      appId: config.appId,
      appPrivateKey: loadPrivateKey(config.appPrivateKey),
      alipayPublicKey: this.alipayPublicKey,
      timeoutMs: config.timeoutMs ?? 10_000,
    };
    this.settlementCurrency = (config.settlementCurrency ?? 'CNY').toUpperCase();
    this.identity = { appId: config.appId, ...(config.sellerId ? { merchantId: config.sellerId } : {}) };
  }

  /** alipay.trade.page.pay is a browser redirect, not a server call: we only build the signed form. */
  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    if (input.method !== 'page') {
      throw new ProviderError('alipay', 'UNSUPPORTED_METHOD', `Alipay adapter supports page pay only, not ${input.method}`, false);
    }
    if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_AMOUNT_CENTS) {
      throw new ProviderError('alipay', 'INVALID_AMOUNT', `amount ${input.amountCents} cents is outside 0.01..100000000`, false);
    }
    const currency = input.currency.toUpperCase();
    const bizContent: Record<string, unknown> = {
      out_trade_no: input.outTradeNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: centsToDecimal(input.amountCents),
      subject: Array.from(input.description || input.orderNo).slice(0, 256).join(''),
      body: input.orderNo,
      // Without it a form could still be paid after we "closed" a trade that did not exist yet.
      time_expire: alipayTimestamp(input.expiresAt),
    };
    if (currency !== this.settlementCurrency) bizContent.trans_currency = currency;
    const params = signedRequestParams({
      appId: this.config.appId,
      method: 'alipay.trade.page.pay',
      bizContent,
      appPrivateKey: this.gateway.appPrivateKey,
      notifyUrl: input.notifyUrl,
      returnUrl: input.returnUrl,
    });
    return { nextAction: { type: 'form', body: autoSubmitForm(this.gateway.gatewayUrl, params) } };
  }

  async query(outTradeNo: string, providerRef?: string): Promise<AttemptStatus> {
    const biz: Record<string, unknown> = { out_trade_no: outTradeNo };
    if (providerRef) biz.trade_no = providerRef;
    const result = await callGateway(this.gateway, 'alipay.trade.query', biz);
    // The trade exists only once the buyer opened the cashier: not found yet means not paid yet.
    if (result.code === '40004' && result.sub_code === TRADE_NOT_EXIST) {
      return { state: 'pending', outTradeNo, providerRef, detail: TRADE_NOT_EXIST };
    }
    if (result.code !== '10000') throw resultError('alipay.trade.query', result);
    return this.statusOf(outTradeNo, result);
  }

  async close(outTradeNo: string, providerRef?: string): Promise<void> {
    const biz: Record<string, unknown> = { out_trade_no: outTradeNo };
    if (providerRef) biz.trade_no = providerRef;
    const result = await callGateway(this.gateway, 'alipay.trade.close', biz);
    if (result.code === '10000') return;
    if (result.code === '40004' && result.sub_code === TRADE_NOT_EXIST) return;
    if (result.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      // Either already closed (done) or already paid (the caller must learn that money arrived).
      const status = await this.query(outTradeNo, providerRef);
      if (status.state === 'closed') return;
      if (status.state === 'succeeded') {
        throw new ProviderError('alipay', 'TRADE_ALREADY_PAID', `alipay.trade.close: ${outTradeNo} is already paid`, false);
      }
    }
    throw resultError('alipay.trade.close', result);
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    return verifyAlipayNotification(input, this.alipayPublicKey, this.settlementCurrency);
  }

  /** Alipay stops redelivering only when the body is exactly `success`. */
  answer(acknowledged: boolean): NotificationAnswer {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: acknowledged ? 'success' : 'fail' };
  }

  /** The return_url parameters' signature, for a UI hint only: never settle on it. */
  verifyReturn(query: string | URLSearchParams | Record<string, string | undefined>): ReturnHint {
    return verifyReturnParams(query, this.alipayPublicKey);
  }

  private statusOf(outTradeNo: string, result: GatewayResult): AttemptStatus {
    const str = (k: string) => (typeof result[k] === 'string' ? (result[k] as string) : undefined);
    const amount = str('total_amount');
    return {
      state: stateOfTradeStatus(str('trade_status')),
      outTradeNo: str('out_trade_no') ?? outTradeNo,
      providerRef: str('trade_no'),
      amountCents: amount ? (decimalToCents(amount) ?? undefined) : undefined,
      currency: str('trans_currency') ?? this.settlementCurrency,
      detail: str('trade_status'),
    };
  }
}
