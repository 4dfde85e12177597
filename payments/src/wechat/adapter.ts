// WeChat Pay API v3 behind the PaymentProvider interface: Native (QR) and JSAPI, refunds, for the
// overseas (Global API, EUR) or the domestic (CNY) merchant product (see setup.ts).
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { BillNotReady, BillRejected, sha1Hex, sha256Hex, type FetchedBill } from '../bills.js';
import { checkIsoDate } from '../zoned-time.js';
import { parseStatement, parseTradeBill, tradeBillSummaryProblems, unreadable, WECHAT_BILL_ZONE } from './bill-file.js';
import {
  ProviderError,
  type AttemptStatus,
  type CloseAnswer,
  type Charge,
  type ExchangeRate,
  type CreateAttemptInput,
  type RefundInput,
  type RefundStatus,
  type CreatedAttempt,
  type NotificationAnswer,
  type NotificationInput,
  type PaymentProvider,
  type VerifiedNotification,
} from '../provider.js';
import { downloadPlatformCertificates, type DownloadedCertificate } from './certificates.js';
import { WechatHttpClient, type WechatResponse } from './http-client.js';
import { decodeNotification } from './notification.js';
import { randomAlnum } from './random.js';
import { paySignMessage, rsaSign } from './signing.js';
import { toChinaRfc3339, unixSeconds } from './time.js';
import { refundStatusOf, transactionStatus } from './transaction-status.js';
import { WechatpayVerifier } from './verifier.js';
import type { GlobalPrepayRequest, PrepayRequest, RefundResource, Transaction } from './wire.js';
import {
  closeBody,
  merchantBody,
  merchantQuery,
  payerOf,
  payingAppId,
  wechatPaths,
  WECHAT_DOMESTIC_BASE,
  WECHAT_GLOBAL_BASE,
  type WechatMerchant,
  type WechatMode,
  type WechatSetup,
} from './setup.js';
import { convertedCharge } from '../fx/convert.js';
import type { RateSource } from '../fx/rates.js';
import { WechatOAuthClient, type WechatOAuthConfig } from './oauth.js';

export const WECHAT_API_BASE = WECHAT_DOMESTIC_BASE;

export interface WechatPayConfig {
  /** Which merchant product: `overseas` (Global API, EUR) or `domestic` (CNY). Default domestic. */
  setup?: WechatSetup;
  /** Overseas only: `common` (direct merchant) or `institutional` (through an institution). Default common. */
  mode?: WechatMode;
  /** Default per setup (apihk.mch.weixin.qq.com / api.mch.weixin.qq.com); a sandbox URL may carry a path prefix. */
  baseUrl?: string;
  /** common: the merchant id; institutional: the institution's sp_mchid. */
  mchid: string;
  /** common: the AppID; institutional: sp_appid. */
  appid: string;
  /** Institutional mode: the sub-merchant (the shop) and optionally its own AppID. */
  subMchid?: string;
  subAppid?: string;
  /** Overseas: the 4-digit MCC WeChat accepted for the account (e.g. 5942 book stores). */
  merchantCategoryCode?: string;
  /** Overseas: the contracted order currency; default EUR. */
  currency?: string;
  /** Serial of the merchant API certificate (apiclient_cert.pem). */
  merchantSerialNo: string;
  /** PEM of apiclient_key.pem. */
  merchantPrivateKey: string;
  /** The 32-byte APIv3 key that encrypts callback resources. */
  apiV3Key: string;
  /** Platform certificates (PEM certificate or public key) by serial. */
  platformCertificates?: Array<{ serialNo: string; pem: string }>;
  /** The WeChat Pay public key and its id (PUB_KEY_ID_…). */
  wechatpayPublicKey?: { keyId: string; pem: string };
  /** JSAPI: web authorization (snsapi_base) that gives the payer's openid; its AppSecret belongs to the paying AppID. */
  oauth?: WechatOAuthConfig;
  /**
   * Global statements: what the response signature covers, the statement's SHA1
   * (Wechatpay-Statement-Sha1, in the body's place: the HK v3 statement page) or the file itself.
   * Default 'sha1'. UNVERIFIED for /v3/global/statements.
   */
  statementSignature?: 'sha1' | 'body';
  /** Global statements: amounts in the currency's major unit ("75.00", default) or minor units. UNVERIFIED. */
  statementAmountUnit?: 'major' | 'minor';
  timeoutMs?: number;
  userAgent?: string;
  /** Injectable for observing traffic; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface WechatAdapterDeps {
  /** Domestic setup: where the EUR→CNY rate comes from; overseas: an optional reference rate for the payer's estimate. */
  rates?: RateSource;
}

// Not-found codes: query answers ORDER_NOT_EXIST, close has been seen answering ORDERNOTEXIST.
const NOT_FOUND = new Set(['ORDER_NOT_EXIST', 'ORDERNOTEXIST']);

export class WechatPayAdapter implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly identity: { merchantId: string; appId: string };
  readonly setup: WechatSetup;
  readonly merchant: WechatMerchant;
  /** WeChat cuts bill days in Beijing time. */
  readonly billZone = WECHAT_BILL_ZONE;
  private readonly verifier = new WechatpayVerifier();
  private readonly merchantKey: KeyObject;
  private readonly http: WechatHttpClient;
  private readonly orderCurrency: string;
  /** Null without an AppSecret: then no payer openid can be verified and JSAPI is unavailable. */
  readonly oauth: WechatOAuthClient | null;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly deps: WechatAdapterDeps = {},
  ) {
    if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32) throw new Error('WeChat APIv3 key must be 32 bytes');
    if (!config.platformCertificates?.length && !config.wechatpayPublicKey) {
      throw new Error('WeChat Pay needs a platform certificate or the WeChat Pay public key to verify answers');
    }
    this.setup = config.setup ?? 'domestic';
    const mode = config.mode ?? 'common';
    if (mode === 'institutional' && this.setup !== 'overseas') throw new Error('WeChat Pay institutional mode is supported for the overseas setup only');
    if (mode === 'institutional' && !config.subMchid) throw new Error('WeChat Pay institutional mode needs subMchid');
    if (this.setup === 'overseas' && !config.merchantCategoryCode) throw new Error('WeChat Pay Global needs merchantCategoryCode');
    this.merchant = { setup: this.setup, mode, mchid: config.mchid, appid: config.appid, subMchid: config.subMchid, subAppid: config.subAppid };
    this.oauth = config.oauth?.appSecret
      ? new WechatOAuthClient(payingAppId(this.merchant), { timeoutMs: config.timeoutMs, fetch: config.fetch, ...config.oauth })
      : null;
    this.orderCurrency = this.setup === 'overseas' ? (config.currency ?? 'EUR').toUpperCase() : 'CNY';
    this.identity = { merchantId: config.mchid, appId: config.appid };
    this.merchantKey = createPrivateKey(config.merchantPrivateKey);
    for (const c of config.platformCertificates ?? []) this.verifier.addPlatformCertificate(c.serialNo, c.pem);
    if (config.wechatpayPublicKey) this.verifier.addPublicKey(config.wechatpayPublicKey.keyId, config.wechatpayPublicKey.pem);
    this.http = new WechatHttpClient({
      baseUrl: config.baseUrl ?? (this.setup === 'overseas' ? WECHAT_GLOBAL_BASE : WECHAT_DOMESTIC_BASE),
      mchid: config.mchid,
      merchantSerialNo: config.merchantSerialNo,
      merchantPrivateKey: this.merchantKey,
      verifier: this.verifier,
      timeoutMs: config.timeoutMs ?? 10_000,
      fetch: config.fetch ?? fetch,
      userAgent: config.userAgent ?? 'shop-payments/wechat (node)',
    });
  }

  /** Overseas: the order amount as it is; domestic: converted to CNY fen at the configured rate. */
  charge(amountCents: number, currency: string): Charge {
    const cur = currency.toUpperCase();
    if (cur === this.orderCurrency) return { amountMinor: amountCents, currency: cur };
    if (this.setup === 'overseas')
      throw new ProviderError('wechat', 'CURRENCY_NOT_SUPPORTED', `the WeChat Pay Global account takes ${this.orderCurrency}, not ${cur}`, false);
    if (!this.deps.rates) throw new ProviderError('wechat', 'NO_EXCHANGE_RATE', `no ${cur}→CNY rate configured for the domestic WeChat Pay setup`, false);
    return convertedCharge(amountCents, cur, this.deps.rates.rate(cur, 'CNY'));
  }

  /**
   * Overseas: the configured dated rate from `currency` to CNY, a reference for telling the payer
   * about what WeChat will charge (WeChat converts at its own rate); null when none is configured
   * or the setup is domestic (which charges CNY itself).
   */
  referenceRate(currency: string): ExchangeRate | null {
    if (this.setup !== 'overseas' || !this.deps.rates) return null;
    try {
      return this.deps.rates.rate(currency.toUpperCase(), 'CNY');
    } catch {
      return null;
    }
  }

  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    if (input.method !== 'native' && input.method !== 'jsapi') {
      throw new ProviderError('wechat', 'UNSUPPORTED_METHOD', `WeChat Pay does not do ${input.method}`, false);
    }
    if (input.method === 'jsapi' && !input.openId) throw new ProviderError('wechat', 'PARAM_ERROR', 'JSAPI needs the payer openid', false);
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new ProviderError('wechat', 'PARAM_ERROR', 'amount must be a positive integer of cents', false);
    }
    if (input.currency.toUpperCase() !== this.orderCurrency) {
      // A domestic product takes CNY only; a global account only its contracted currency.
      throw new ProviderError('wechat', 'PARAM_ERROR', `the ${this.setup} WeChat Pay setup charges ${this.orderCurrency}, not ${input.currency}`, false);
    }
    const body: PrepayRequest | GlobalPrepayRequest =
      this.setup === 'overseas'
        ? this.globalOrder(input)
        : {
            appid: this.config.appid,
            mchid: this.config.mchid,
            // WeChat limits description to 127 characters.
            description: [...input.description].slice(0, 127).join(''),
            out_trade_no: input.outTradeNo,
            time_expire: toChinaRfc3339(input.expiresAt),
            attach: input.orderNo.slice(0, 128),
            notify_url: input.notifyUrl,
            amount: { total: input.amountCents, currency: 'CNY' },
            ...(input.clientIp ? { scene_info: { payer_client_ip: input.clientIp } } : {}),
            ...(input.method === 'jsapi' ? { payer: { openid: input.openId! } } : {}),
          };
    const res = await this.http.request('POST', wechatPaths.order(this.setup, input.method), body);
    if (res.status !== 200) throw WechatHttpClient.errorOf(res);
    const answer = res.body as { code_url?: string; prepay_id?: string };

    if (input.method === 'native') {
      if (!answer.code_url) throw new ProviderError('wechat', 'BAD_RESPONSE', 'native prepay answered without code_url', true);
      return { nextAction: { type: 'qr', codeUrl: answer.code_url } };
    }
    if (!answer.prepay_id) throw new ProviderError('wechat', 'BAD_RESPONSE', 'jsapi prepay answered without prepay_id', true);
    return { providerRef: answer.prepay_id, nextAction: { type: 'jsapi', paySign: this.jsapiParams(answer.prepay_id) } };
  }

  /** Cross-border reference 1.2: only the fields the global product defines. */
  private globalOrder(input: CreateAttemptInput): GlobalPrepayRequest {
    return {
      ...merchantBody(this.merchant),
      description: [...input.description].slice(0, 127).join(''),
      out_trade_no: input.outTradeNo,
      trade_type: input.method === 'jsapi' ? 'JSAPI' : 'NATIVE',
      merchant_category_code: this.config.merchantCategoryCode!,
      notify_url: input.notifyUrl,
      attach: input.orderNo.slice(0, 128),
      time_expire: toChinaRfc3339(input.expiresAt),
      amount: { total: input.amountCents, currency: this.orderCurrency },
      ...(input.method === 'jsapi' ? { payer: payerOf(this.merchant, input.openId!) } : {}),
      ...(input.clientIp ? { scene_info: { payer_client_ip: input.clientIp } } : {}),
    };
  }

  /** The parameters for WeixinJSBridge getBrandWCPayRequest / wx.requestPayment. */
  jsapiParams(prepayId: string): { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string } {
    const appId = payingAppId(this.merchant);
    const timeStamp = unixSeconds();
    const nonceStr = randomAlnum(32);
    const pkg = `prepay_id=${prepayId}`;
    const paySign = rsaSign(this.merchantKey, paySignMessage(appId, timeStamp, nonceStr, pkg));
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async query(outTradeNo: string): Promise<AttemptStatus> {
    const res = await this.http.request('GET', `${wechatPaths.query(this.setup, outTradeNo)}?${merchantQuery(this.merchant)}`);
    if (res.status === 404 && NOT_FOUND.has(WechatHttpClient.codeOf(res) ?? '')) {
      return { state: 'pending', outTradeNo, detail: 'ORDER_NOT_EXIST' };
    }
    if (res.status !== 200) throw WechatHttpClient.errorOf(res);
    return statusOf(res.body as Transaction);
  }

  async close(outTradeNo: string): Promise<CloseAnswer> {
    const res = await this.http.request('POST', wechatPaths.close(this.setup, outTradeNo), closeBody(this.merchant));
    if (res.status === 204) return { state: 'closed' };
    if (isAlreadyClosedOrAbsent(res)) return { state: 'closed' };
    if (WechatHttpClient.codeOf(res) === 'ORDERPAID') return { state: 'paid' };
    if (res.status === 202) {
      // USERPAYING: the buyer is entering the password; closing may work a moment later.
      throw new ProviderError('wechat', WechatHttpClient.codeOf(res) ?? 'USERPAYING', 'buyer is paying; close later', true, 202);
    }
    throw WechatHttpClient.errorOf(res);
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    return decodeNotification(this.verifier, this.config.apiV3Key, input);
  }

  async refund(input: RefundInput): Promise<RefundStatus> {
    const body = {
      ...(this.setup === 'overseas' ? merchantBody(this.merchant) : {}),
      out_trade_no: input.outTradeNo,
      out_refund_no: input.refundNo,
      ...(input.reason ? { reason: [...input.reason].slice(0, 80).join('') } : {}),
      ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
      amount: { refund: input.amountMinor, total: input.totalMinor, currency: input.currency.toUpperCase() },
    };
    const res = await this.http.request('POST', wechatPaths.refund(this.setup), body);
    if (res.status !== 200) throw WechatHttpClient.errorOf(res);
    return refundStatusOf(res.body as RefundResource);
  }

  async queryRefund(input: RefundInput): Promise<RefundStatus> {
    const query = this.setup === 'overseas' ? `?${merchantQuery(this.merchant)}` : '';
    const res = await this.http.request('GET', `${wechatPaths.refundQuery(this.setup, input.refundNo)}${query}`);
    if (res.status === 404 && WechatHttpClient.codeOf(res) === 'RESOURCE_NOT_EXISTS')
      return { state: 'failed', refundNo: input.refundNo, detail: 'RESOURCE_NOT_EXISTS' };
    if (res.status !== 200) throw WechatHttpClient.errorOf(res);
    return refundStatusOf(res.body as RefundResource);
  }

  answer(acknowledged: boolean): NotificationAnswer {
    // WeChat reads the status only: 200/204 ends redelivery, anything else retries.
    if (acknowledged) return { status: 204, contentType: 'application/json', body: '' };
    return { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  /**
   * The bill of one Beijing day: the domestic trade bill (apply, download, SHA1 against hash_value,
   * summary against rows) or the Global statement (the signed answer is the file; its SHA1 must equal
   * Wechatpay-Statement-Sha1). STATEMENT_CREATING means not yet published; NO_STATEMENT_EXIST, that
   * the day had no trades (an empty bill).
   */
  async fetchBill(date: string): Promise<FetchedBill> {
    checkIsoDate(date);
    return this.setup === 'overseas' ? this.fetchStatement(date) : this.fetchTradeBill(date);
  }

  private emptyBill(date: string, raw: Buffer): FetchedBill {
    return {
      provider: 'wechat',
      setup: this.setup,
      date,
      raw,
      integrity: { algorithm: 'none' },
      sha256: sha256Hex(raw),
      mediaType: 'application/json',
      rows: [],
    };
  }

  /** Not published yet, no bill that day, or a ProviderError for any other refusal. */
  private billAnswer(date: string, code: string | undefined, raw: Buffer, error: () => ProviderError): FetchedBill {
    if (code === 'STATEMENT_CREATING') throw new BillNotReady('wechat', date, `WeChat Pay is still producing the bill of ${date}`);
    if (code === 'NO_STATEMENT_EXIST') return this.emptyBill(date, raw);
    throw error();
  }

  private async fetchTradeBill(date: string): Promise<FetchedBill> {
    const res = await this.http.request('GET', `/v3/bill/tradebill?bill_date=${date}&bill_type=ALL`);
    if (res.status !== 200) {
      return this.billAnswer(date, WechatHttpClient.codeOf(res), Buffer.from(res.rawBody, 'utf8'), () => WechatHttpClient.errorOf(res));
    }
    const answer = res.body as { hash_type?: string; hash_value?: string; download_url?: string };
    if (answer.hash_type !== 'SHA1' || !answer.hash_value || !answer.download_url)
      throw new ProviderError('wechat', 'BAD_RESPONSE', `tradebill answered without SHA1 hash and download_url`, true);
    // The download answer carries no WeChat signature: the SHA1 from the signed answer vouches for it.
    const file = await this.http.download(answer.download_url);
    if (file.status !== 200) throw WechatHttpClient.errorOfBytes(file.status, file.bytes, file.headers);
    const expected = answer.hash_value.toLowerCase();
    const parsed = checkedBillFile(date, 'the trade bill', file.bytes, expected, parseTradeBill);
    const problems = tradeBillSummaryProblems(parsed.rows, parsed.totals, parsed.summary.count);
    if (problems.length) throw new BillRejected('wechat', date, 'summary_mismatch', `the trade bill of ${date}: ${problems.join('; ')}`);
    return { ...csvBill('domestic', date, file.bytes, expected), rows: parsed.rows, summary: parsed.summary };
  }

  private async fetchStatement(date: string): Promise<FetchedBill> {
    const res = await this.http.download(`/v3/global/statements?date=${date.replace(/-/g, '')}&${merchantQuery(this.merchant)}`);
    if (res.status !== 200) {
      const err = WechatHttpClient.errorOfBytes(res.status, res.bytes, res.headers);
      return this.billAnswer(date, err.code, res.bytes, () => err);
    }
    const expected = res.headers['wechatpay-statement-sha1']?.toLowerCase();
    if (!expected) throw new ProviderError('wechat', 'BAD_RESPONSE', 'the statement came without Wechatpay-Statement-Sha1', true);
    // The header is part of the signed answer: an altered header fails here, an altered file below.
    this.http.verify(
      res.headers,
      (this.config.statementSignature ?? 'sha1') === 'sha1' ? res.headers['wechatpay-statement-sha1']! : res.bytes.toString('utf8'),
      200,
    );
    const rows = checkedBillFile(date, 'the statement', res.bytes, expected, (text) => parseStatement(text, this.config.statementAmountUnit ?? 'major'));
    return { ...csvBill('overseas', date, res.bytes, expected), rows };
  }

  /** Downloads /v3/certificates and trusts every certificate it lists (certificate mode). */
  async refreshPlatformCertificates(): Promise<DownloadedCertificate[]> {
    const certs = await downloadPlatformCertificates(this.http, this.config.apiV3Key, this.verifier, wechatPaths.certificates(this.setup));
    for (const c of certs) this.verifier.addPlatformCertificate(c.serialNo, c.pem);
    return certs;
  }
}

/** A downloaded bill file checked against the SHA1 WeChat vouched for, then parsed; a file that does not read is rejected. */
function checkedBillFile<T>(date: string, what: string, bytes: Buffer, expectedSha1: string, parse: (text: string) => T): T {
  if (sha1Hex(bytes) !== expectedSha1) throw new BillRejected('wechat', date, 'hash_mismatch', `${what} of ${date} does not match its SHA1 ${expectedSha1}`);
  try {
    return parse(bytes.toString('utf8'));
  } catch (err) {
    throw unreadable(date, err);
  }
}

/** What every WeChat CSV bill answers besides its rows. */
function csvBill(setup: 'domestic' | 'overseas', date: string, raw: Buffer, expectedSha1: string) {
  return {
    provider: 'wechat' as const,
    setup,
    date,
    raw,
    integrity: { algorithm: 'sha1' as const, expected: expectedSha1 },
    sha256: sha256Hex(raw),
    mediaType: 'text/csv',
  };
}

function isAlreadyClosedOrAbsent(res: WechatResponse): boolean {
  const code = WechatHttpClient.codeOf(res) ?? '';
  return code === 'ORDER_CLOSED' || NOT_FOUND.has(code);
}

function statusOf(tx: Transaction): AttemptStatus {
  return transactionStatus(tx);
}
