// WeChat Pay API v3 (direct merchant) behind the PaymentProvider interface: Native (QR) and JSAPI.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import {
  ProviderError,
  type AttemptStatus,
  type CreateAttemptInput,
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
import { attemptStateOf } from './trade-state.js';
import { WechatpayVerifier } from './verifier.js';
import type { PrepayRequest, Transaction } from './wire.js';

export const WECHAT_API_BASE = 'https://api.mch.weixin.qq.com';

export interface WechatPayConfig {
  /** Default https://api.mch.weixin.qq.com; a sandbox URL may carry a path prefix. */
  baseUrl?: string;
  mchid: string;
  appid: string;
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
  timeoutMs?: number;
  userAgent?: string;
  /** Injectable for observing traffic; defaults to the global fetch. */
  fetch?: typeof fetch;
}

// Not-found codes: query answers ORDER_NOT_EXIST, close has been seen answering ORDERNOTEXIST.
const NOT_FOUND = new Set(['ORDER_NOT_EXIST', 'ORDERNOTEXIST']);

export class WechatPayAdapter implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly identity: { merchantId: string; appId: string };
  private readonly verifier = new WechatpayVerifier();
  private readonly merchantKey: KeyObject;
  private readonly http: WechatHttpClient;

  constructor(private readonly config: WechatPayConfig) {
    if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32) throw new Error('WeChat APIv3 key must be 32 bytes');
    if (!config.platformCertificates?.length && !config.wechatpayPublicKey) {
      throw new Error('WeChat Pay needs a platform certificate or the WeChat Pay public key to verify answers');
    }
    this.identity = { merchantId: config.mchid, appId: config.appid };
    this.merchantKey = createPrivateKey(config.merchantPrivateKey);
    for (const c of config.platformCertificates ?? []) this.verifier.addPlatformCertificate(c.serialNo, c.pem);
    if (config.wechatpayPublicKey) this.verifier.addPublicKey(config.wechatpayPublicKey.keyId, config.wechatpayPublicKey.pem);
    this.http = new WechatHttpClient({
      baseUrl: config.baseUrl ?? WECHAT_API_BASE,
      mchid: config.mchid,
      merchantSerialNo: config.merchantSerialNo,
      merchantPrivateKey: this.merchantKey,
      verifier: this.verifier,
      timeoutMs: config.timeoutMs ?? 10_000,
      fetch: config.fetch ?? fetch,
      userAgent: config.userAgent ?? 'shop-payments/wechat (node)',
    });
  }

  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    if (input.method !== 'native' && input.method !== 'jsapi') {
      throw new ProviderError('wechat', 'UNSUPPORTED_METHOD', `WeChat Pay does not do ${input.method}`, false);
    }
    if (input.method === 'jsapi' && !input.openId) throw new ProviderError('wechat', 'PARAM_ERROR', 'JSAPI needs the payer openid', false);
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new ProviderError('wechat', 'PARAM_ERROR', 'amount must be a positive integer of cents', false);
    }
    const body: PrepayRequest = {
      appid: this.config.appid,
      mchid: this.config.mchid,
      // WeChat limits description to 127 characters.
      description: [...input.description].slice(0, 127).join(''),
      out_trade_no: input.outTradeNo,
      time_expire: toChinaRfc3339(input.expiresAt),
      attach: input.orderNo.slice(0, 128),
      notify_url: input.notifyUrl,
      amount: { total: input.amountCents, currency: input.currency },
      ...(input.clientIp ? { scene_info: { payer_client_ip: input.clientIp } } : {}),
      ...(input.method === 'jsapi' ? { payer: { openid: input.openId! } } : {}),
    };
    const res = await this.http.request('POST', `/v3/pay/transactions/${input.method}`, body);
    if (res.status !== 200) throw WechatHttpClient.errorOf(res);
    const answer = res.body as { code_url?: string; prepay_id?: string };

    if (input.method === 'native') {
      if (!answer.code_url) throw new ProviderError('wechat', 'BAD_RESPONSE', 'native prepay answered without code_url', true);
      return { nextAction: { type: 'qr', codeUrl: answer.code_url } };
    }
    if (!answer.prepay_id) throw new ProviderError('wechat', 'BAD_RESPONSE', 'jsapi prepay answered without prepay_id', true);
    return { providerRef: answer.prepay_id, nextAction: { type: 'jsapi', paySign: this.jsapiParams(answer.prepay_id) } };
  }

  /** The parameters for WeixinJSBridge getBrandWCPayRequest / wx.requestPayment. */
  jsapiParams(prepayId: string): { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string } {
    const appId = this.config.appid;
    const timeStamp = unixSeconds();
    const nonceStr = randomAlnum(32);
    const pkg = `prepay_id=${prepayId}`;
    const paySign = rsaSign(this.merchantKey, paySignMessage(appId, timeStamp, nonceStr, pkg));
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async query(outTradeNo: string): Promise<AttemptStatus> {
    const res = await this.http.request('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.config.mchid)}`);
    if (res.status === 404 && NOT_FOUND.has(WechatHttpClient.codeOf(res) ?? '')) {
      return { state: 'pending', outTradeNo, detail: 'ORDER_NOT_EXIST' };
    }
    if (res.status !== 200) throw WechatHttpClient.errorOf(res);
    return statusOf(res.body as Transaction);
  }

  async close(outTradeNo: string): Promise<void> {
    const res = await this.http.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.config.mchid });
    if (res.status === 204) return;
    if (isAlreadyClosedOrAbsent(res)) return;
    if (res.status === 202) {
      // USERPAYING: the buyer is entering the password; closing may work a moment later.
      throw new ProviderError('wechat', WechatHttpClient.codeOf(res) ?? 'USERPAYING', 'buyer is paying; close later', true, 202);
    }
    throw WechatHttpClient.errorOf(res);
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    return decodeNotification(this.verifier, this.config.apiV3Key, input);
  }

  answer(acknowledged: boolean): NotificationAnswer {
    // WeChat reads the status only: 200/204 ends redelivery, anything else retries.
    if (acknowledged) return { status: 204, contentType: 'application/json', body: '' };
    return { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  /** Downloads /v3/certificates and trusts every certificate it lists (certificate mode). */
  async refreshPlatformCertificates(): Promise<DownloadedCertificate[]> {
    const certs = await downloadPlatformCertificates(this.http, this.config.apiV3Key, this.verifier);
    for (const c of certs) this.verifier.addPlatformCertificate(c.serialNo, c.pem);
    return certs;
  }
}

function isAlreadyClosedOrAbsent(res: WechatResponse): boolean {
  const code = WechatHttpClient.codeOf(res) ?? '';
  return code === 'ORDER_CLOSED' || NOT_FOUND.has(code);
}

function statusOf(tx: Transaction): AttemptStatus {
  return {
    state: attemptStateOf(tx.trade_state),
    outTradeNo: tx.out_trade_no,
    providerRef: tx.transaction_id,
    amountCents: tx.amount?.total,
    currency: tx.amount?.currency,
    merchantId: tx.mchid,
    appId: tx.appid,
    detail: `${tx.trade_state}${tx.trade_state_desc ? ` ${tx.trade_state_desc}` : ''}`,
  };
}
