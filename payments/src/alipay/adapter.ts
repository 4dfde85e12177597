// PaymentProvider for Alipay's mainland product (OpenAPI v2 gateway.do, RSA2 keys mode): page pay
// on desktops, wap pay on phones, in CNY; refunds with alipay.trade.refund.
import type { KeyObject } from 'node:crypto';
import {
  centsToDecimal,
  decimalToCents,
  ProviderError,
  type AttemptStatus,
  type CloseAnswer,
  type Charge,
  type CreateAttemptInput,
  type RefundInput,
  type RefundStatus,
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
import { convertedCharge } from '../fx/convert.js';
import type { RateSource } from '../fx/rates.js';
import { BEIJING, BillNotReady, BillRejected, type FetchedBill } from '../bills.js';
import { BillFormatError, sha256Hex } from '../bill-support.js';
import { dayInZone, isIsoDate } from '../zoned-time.js';
import { parseAlipayTradeBill, tradeBillFormat, type AlipayTradeBillFormat, type AlipayTradeBillFormatOverrides } from './trade-bill.js';

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
  /** Always `domestic` here: the mainland product, amounts in CNY yuan (see forex/ for overseas). */
  setup?: 'domestic';
  /** The trade bill's layout (header names, 业务类型 words, encoding): overrides of ALIPAY_TRADE_BILL_FORMAT. */
  billFormat?: AlipayTradeBillFormatOverrides;
  /**
   * sub_codes of alipay.data.dataservice.bill.downloadurl.query meaning "not generated yet"
   * (UNVERIFIED: the open platform lists isp.bill_not_exist, the older English page BILL_NOT_EXIST).
   * Default both.
   */
  billNotReadySubCodes?: readonly string[];
  /** Clock for the bill day checks; default the system clock. */
  now?: () => Date;
}

export interface AlipayAdapterDeps {
  /** Where the EUR→CNY rate comes from (orders are priced in EUR, the product takes CNY). */
  rates?: RateSource;
}

const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
const BILL_METHOD = 'alipay.data.dataservice.bill.downloadurl.query';
export const ALIPAY_BILL_NOT_READY_SUB_CODES: readonly string[] = ['isp.bill_not_exist', 'BILL_NOT_EXIST'];
const MAX_AMOUNT_CENTS = 100_000_000_00;

export class AlipayAdapter implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly identity: { merchantId?: string; appId?: string };
  /** Where the page-pay form posts: the storefront's CSP must allow it as a form target. */
  get formTarget(): string {
    return this.gateway.gatewayUrl;
  }
  readonly setup = 'domestic' as const;
  /** Alipay cuts its bill days in Beijing time. */
  readonly billZone = BEIJING;
  private readonly gateway: GatewayClientConfig;
  private readonly billFormat: AlipayTradeBillFormat;
  private readonly alipayPublicKey: KeyObject;

  constructor(
    private readonly config: AlipayAdapterConfig,
    private readonly deps: AlipayAdapterDeps = {},
  ) {
    this.alipayPublicKey = loadPublicKey(config.alipayPublicKey);
    this.gateway = {
      gatewayUrl: config.gatewayUrl ?? ALIPAY_PRODUCTION_GATEWAY,
      appId: config.appId,
      appPrivateKey: loadPrivateKey(config.appPrivateKey),
      alipayPublicKey: this.alipayPublicKey,
      timeoutMs: config.timeoutMs ?? 10_000,
    };
    this.identity = { appId: config.appId, ...(config.sellerId ? { merchantId: config.sellerId } : {}) };
    this.billFormat = tradeBillFormat(config.billFormat);
  }

  /** The product takes CNY: an EUR price is converted at the configured, dated rate. */
  charge(amountCents: number, currency: string): Charge {
    const cur = currency.toUpperCase();
    if (cur === 'CNY') return { amountMinor: amountCents, currency: cur };
    if (!this.deps.rates) throw new ProviderError('alipay', 'NO_EXCHANGE_RATE', `no ${cur}→CNY rate configured for the domestic Alipay setup`, false);
    return convertedCharge(amountCents, cur, this.deps.rates.rate(cur, 'CNY'));
  }

  /**
   * alipay.trade.page.pay (desktop) / alipay.trade.wap.pay (phone) are browser redirects, not
   * server calls: we only build the signed form. total_amount is CNY yuan; no other currency exists.
   */
  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    if (input.method !== 'page') {
      throw new ProviderError('alipay', 'UNSUPPORTED_METHOD', `Alipay adapter supports page pay only, not ${input.method}`, false);
    }
    if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_AMOUNT_CENTS) {
      throw new ProviderError('alipay', 'INVALID_AMOUNT', `amount ${input.amountCents} cents is outside 0.01..100000000`, false);
    }
    if (input.currency.toUpperCase() !== 'CNY') {
      throw new ProviderError('alipay', 'INVALID_CURRENCY', `alipay.trade.page.pay takes CNY only, not ${input.currency}`, false);
    }
    const phone = input.device === 'phone';
    const bizContent: Record<string, unknown> = {
      out_trade_no: input.outTradeNo,
      product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
      total_amount: centsToDecimal(input.amountCents),
      subject: Array.from(input.description || input.orderNo)
        .slice(0, 256)
        .join(''),
      body: input.orderNo,
      // Without it a form could still be paid after we "closed" a trade that did not exist yet.
      time_expire: alipayTimestamp(input.expiresAt),
    };
    const params = signedRequestParams({
      appId: this.config.appId,
      method: phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
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

  async close(outTradeNo: string, providerRef?: string): Promise<CloseAnswer> {
    const biz: Record<string, unknown> = { out_trade_no: outTradeNo };
    if (providerRef) biz.trade_no = providerRef;
    const result = await callGateway(this.gateway, 'alipay.trade.close', biz);
    if (result.code === '10000') return { state: 'closed' };
    if (result.code === '40004' && result.sub_code === TRADE_NOT_EXIST) return { state: 'closed' };
    if (result.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      // Either already closed (done) or already paid (the caller must learn that money arrived).
      const status = await this.query(outTradeNo, providerRef);
      if (status.state === 'closed') return { state: 'closed' };
      if (status.state === 'succeeded') return { state: 'paid' };
    }
    throw resultError('alipay.trade.close', result);
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    return verifyAlipayNotification(input, this.alipayPublicKey);
  }

  /** alipay.trade.refund; out_request_no makes it idempotent (the same number answers the same refund). */
  async refund(input: RefundInput): Promise<RefundStatus> {
    const result = await callGateway(this.gateway, 'alipay.trade.refund', {
      out_trade_no: input.outTradeNo,
      refund_amount: centsToDecimal(input.amountMinor),
      out_request_no: input.refundNo,
      ...(input.reason ? { refund_reason: Array.from(input.reason).slice(0, 256).join('') } : {}),
    });
    if (result.code !== '10000') {
      if (result.code === '20000' || result.sub_code === 'ACQ.SYSTEM_ERROR') throw resultError('alipay.trade.refund', result);
      return { state: 'failed', refundNo: input.refundNo, outTradeNo: input.outTradeNo, detail: String(result.sub_code ?? result.code) };
    }
    // fund_change=Y: money moved by this call; N: an earlier call with this number already did it.
    return {
      state: 'succeeded',
      refundNo: input.refundNo,
      outTradeNo: input.outTradeNo,
      amountMinor: input.amountMinor,
      currency: 'CNY',
      detail: `fund_change=${String(result.fund_change ?? '')}`,
    };
  }

  /** alipay.trade.fastpay.refund.query: refund_status REFUND_SUCCESS, or nothing while not (yet) refunded. */
  async queryRefund(input: RefundInput): Promise<RefundStatus> {
    const result = await callGateway(this.gateway, 'alipay.trade.fastpay.refund.query', { out_trade_no: input.outTradeNo, out_request_no: input.refundNo });
    if (result.code !== '10000') throw resultError('alipay.trade.fastpay.refund.query', result);
    const amount = typeof result.refund_amount === 'string' ? decimalToCents(result.refund_amount) : null;
    const done = result.refund_status === 'REFUND_SUCCESS';
    return {
      state: done ? 'succeeded' : 'pending',
      refundNo: input.refundNo,
      outTradeNo: input.outTradeNo,
      ...(amount !== null ? { amountMinor: amount } : {}),
      currency: 'CNY',
      detail: String(result.refund_status ?? 'NOT_FOUND'),
    };
  }

  /**
   * The trade bill of one Beijing day: alipay.data.dataservice.bill.downloadurl.query (signed, its
   * answer verified like every gateway call) gives a URL valid for 30 s; the ZIP behind it is read
   * and its summary checked against its rows. Alipay publishes no hash of the file.
   */
  async fetchBill(date: string): Promise<FetchedBill> {
    if (!isIsoDate(date)) throw new ProviderError('alipay', 'INVALID_BILL_DATE', `bill date ${date} is not YYYY-MM-DD`, false);
    // Alipay never has the bill of today or a later day (it refuses such a bill_date outright).
    if (date >= dayInZone((this.config.now ?? (() => new Date()))().getTime(), BEIJING)) {
      throw new BillNotReady('alipay', date, `the bill of ${date} cannot exist before the day is over in Beijing`);
    }
    const result = await callGateway(this.gateway, BILL_METHOD, { bill_type: 'trade', bill_date: date });
    if (result.code !== '10000') {
      if ((this.config.billNotReadySubCodes ?? ALIPAY_BILL_NOT_READY_SUB_CODES).includes(String(result.sub_code ?? ''))) {
        throw new BillNotReady('alipay', date, `${BILL_METHOD}: ${result.sub_code} ${result.sub_msg ?? ''}`.trim());
      }
      throw resultError(BILL_METHOD, result);
    }
    const url = typeof result.bill_download_url === 'string' ? result.bill_download_url : '';
    if (!/^https?:\/\//.test(url)) throw new ProviderError('alipay', 'BAD_RESPONSE', `${BILL_METHOD}: no bill_download_url`, false);
    const raw = await this.download(url);
    try {
      const parsed = parseAlipayTradeBill(raw, this.billFormat);
      return {
        provider: 'alipay',
        setup: 'domestic',
        date,
        raw,
        integrity: { algorithm: 'none' },
        sha256: sha256Hex(raw),
        mediaType: 'application/zip',
        rows: parsed.rows,
        summary: parsed.summary,
      };
    } catch (err) {
      if (err instanceof BillFormatError) throw new BillRejected('alipay', date, err.kind, err.message);
      throw err;
    }
  }

  /** The bill file behind a download URL (no signature: the URL itself came in a signed answer). */
  private async download(url: string): Promise<Buffer> {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(Math.max(this.gateway.timeoutMs, 30_000)) });
    } catch (err) {
      throw new ProviderError('alipay', 'NETWORK', `bill download: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    const body = Buffer.from(await res.arrayBuffer());
    // An expired link (30 s) is answered with an error: asking for a new URL helps.
    if (res.status !== 200) throw new ProviderError('alipay', `BILL_DOWNLOAD_HTTP_${res.status}`, `bill download: HTTP ${res.status}`, true, res.status);
    return body;
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
      currency: 'CNY',
      detail: str('trade_status'),
    };
  }
}
