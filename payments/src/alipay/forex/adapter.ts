// Alipay cross-border website payment (MAPI) for an overseas merchant settling in EUR:
// create_forex_trade (desktop) / create_forex_trade_wap (phone), single_trade_query, forex_refund,
// notify_verify (cross-border reference 2).
import type { KeyObject } from 'node:crypto';
import {
  centsToDecimal,
  decimalToCents,
  ProviderError,
  type AttemptStatus,
  type CloseAnswer,
  type Charge,
  type CreateAttemptInput,
  type CreatedAttempt,
  type NotificationAnswer,
  type NotificationInput,
  type PaymentProvider,
  type RefundInput,
  type RefundStatus,
  type VerifiedNotification,
} from '../../provider.js';
import { escapeHtml } from '../html.js';
import { loadPrivateKey, loadPublicKey } from '../keys.js';
import type { AlipayParams } from '../signing.js';
import { stateOfTradeStatus } from '../trade-status.js';
import { verifyForexNotification } from './notification.js';
import { signedForexParams, type ForexSignType } from './signing.js';
import { beijingCompact } from './time.js';
import { xmlLeaves, xmlText } from './xml.js';
import { BEIJING, BillNotReady, BillRejected, type FetchedBill } from '../../bills.js';
import { BillFormatError, billPublishedAt, sha256Hex } from '../../bill-support.js';
import { dayInZone, isIsoDate } from '../../zoned-time.js';
import { forexTransactionFormat, parseForexTransactionFile, type ForexTransactionFormat, type ForexTransactionFormatOverrides } from './transaction-file.js';

export const ALIPAY_FOREX_GATEWAY = 'https://intlmapi.alipay.com/gateway.do';

/** Alipay's own payable window when no timeout_rule is sent. */
export const DEFAULT_TIMEOUT_RULE = '12h';

const RULE_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a timeout_rule (`30m`, `2h`, `1d`); throws for anything Alipay does not take. */
export function timeoutRuleMs(rule: string): number {
  const m = /^(\d{1,4})([mhd])$/.exec(rule);
  const ms = m ? Number(m[1]) * RULE_UNITS[m[2]!]! : NaN;
  if (!(ms >= 60_000 && ms <= 15 * 86_400_000))
    throw new Error(`timeout_rule ${JSON.stringify(rule)} is not a number of minutes (m), hours (h) or days (d) between 1m and 15d`);
  return ms;
}

export interface AlipayForexConfig {
  /** The 16-digit partner id ("2088…"). */
  partner: string;
  /** Merchant RSA private key (PEM or bare base64). */
  privateKey: string;
  /** Alipay's RSA public key (PEM or bare base64). */
  alipayPublicKey: string;
  /** RSA2 (SHA256withRSA, default) or RSA (SHA1withRSA). */
  signType?: ForexSignType;
  /** Default https://intlmapi.alipay.com/gateway.do. */
  gatewayUrl?: string;
  /** The settlement currency in the contract; default EUR. */
  currency?: string;
  /** product_code per device; defaults NEW_OVERSEAS_SELLER / NEW_WAP_OVERSEAS_SELLER. */
  productCode?: { desktop?: string; phone?: string };
  /**
   * timeout_rule: how long after the buyer logs in to the cashier the trade stays payable (`5m`,
   * `30m`, `2h`, `1d` … up to `15d`). Alipay's default, 12h, applies when it is not set; any other
   * value must first be enabled for the partner id by Alipay, or the cashier refuses the trade.
   */
  timeoutRule?: string;
  /** Send trade_information ({business_type 4: goods}); required for many merchants (UNVERIFIED which). Default true. */
  tradeInformation?: boolean;
  /** Seller name shown in the cashier (`supplier`). */
  supplier?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The transaction file's layout (header names, delimiter, type letters): overrides of FOREX_TRANSACTION_FORMAT. */
  billFormat?: ForexTransactionFormatOverrides;
  /** When the file of day T exists: T+1 at this Beijing time (HH:mm). Default 09:00. */
  billPublishedAt?: string;
  /**
   * forex_compare_file answers errors as plain text (UNVERIFIED list, from merchant integrations):
   * texts meaning "not yet", "no transactions in the period" (before `billPublishedAt`: not yet),
   * and "try again". Defaults FOREX_COMPARE_ANSWERS.
   */
  billAnswers?: Partial<ForexCompareAnswers>;
  /** Clock for the bill day checks; default the system clock. */
  now?: () => Date;
}

export interface ForexCompareAnswers {
  notReady: readonly string[];
  empty: readonly string[];
  retryable: readonly string[];
  /** Other known refusals (bad dates, too long a period): errors that trying again does not cure. */
  refused: readonly string[];
}

export const FOREX_COMPARE_ANSWERS: ForexCompareAnswers = {
  notReady: ['Finish date not ahead of today'],
  empty: ['No balance account data in the period'],
  retryable: ['System exception', 'Internet connected exception'],
  refused: [
    'Over 10 days to Date period',
    'Over limit balance amount record',
    'Finish date ahead of begin date',
    'Illegal Date period',
    'Date format incorrect',
  ],
};

export class AlipayForexAdapter implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly setup = 'overseas' as const;
  /** Alipay cuts its bill days in Beijing time. */
  readonly billZone = BEIJING;
  readonly identity: { merchantId?: string; appId?: string } = {};
  private readonly key: KeyObject;
  private readonly alipayKey: KeyObject;
  private readonly signType: ForexSignType;
  private readonly currency: string;
  readonly gatewayUrl: string;
  private readonly billFormat: ForexTransactionFormat;

  constructor(private readonly config: AlipayForexConfig) {
    if (!/^2088\d{12}$/.test(config.partner)) throw new Error('Alipay partner id must be 16 digits starting with 2088');
    if (config.timeoutRule !== undefined) timeoutRuleMs(config.timeoutRule);
    this.key = loadPrivateKey(config.privateKey);
    this.alipayKey = loadPublicKey(config.alipayPublicKey);
    this.signType = config.signType ?? 'RSA2';
    this.currency = (config.currency ?? 'EUR').toUpperCase();
    this.gatewayUrl = config.gatewayUrl ?? ALIPAY_FOREX_GATEWAY;
    this.billFormat = forexTransactionFormat(config.billFormat);
  }

  /** Where the cashier form posts: the storefront's CSP must allow it as a form target. */
  get formTarget(): string {
    return this.gatewayUrl;
  }

  charge(amountCents: number, currency: string): Charge {
    if (currency.toUpperCase() !== this.currency)
      throw new ProviderError('alipay', 'CURRENCY_NOT_SUPPORTED', `the Alipay cross-border contract settles ${this.currency}, not ${currency}`, false);
    return { amountMinor: amountCents, currency: this.currency };
  }

  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    if (input.method !== 'page') throw new ProviderError('alipay', 'UNSUPPORTED_METHOD', `Alipay supports page pay only, not ${input.method}`, false);
    if (input.currency.toUpperCase() !== this.currency)
      throw new ProviderError('alipay', 'ILLEGAL_CURRENCY', `currency ${input.currency} is not the contracted ${this.currency}`, false);
    if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > 100_000_000) {
      throw new ProviderError('alipay', 'ILLEGAL_FEE', `total_fee must be 0.01..1000000.00`, false);
    }
    const phone = input.device === 'phone';
    const params: AlipayParams = {
      service: phone ? 'create_forex_trade_wap' : 'create_forex_trade',
      partner: this.config.partner,
      _input_charset: 'UTF-8',
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
      // "No special characters" in subject/body (reference 2.2).
      subject: plain(input.description || input.orderNo, 256),
      body: plain(input.orderNo, 400),
      out_trade_no: input.outTradeNo,
      currency: this.currency,
      total_fee: centsToDecimal(input.amountCents),
      product_code: phone ? (this.config.productCode?.phone ?? 'NEW_WAP_OVERSEAS_SELLER') : (this.config.productCode?.desktop ?? 'NEW_OVERSEAS_SELLER'),
      ...(this.config.timeoutRule ? { timeout_rule: this.config.timeoutRule } : {}),
      ...(this.config.supplier ? { supplier: plain(this.config.supplier, 64) } : {}),
      ...(this.config.tradeInformation !== false
        ? {
            trade_information: JSON.stringify({
              business_type: '4',
              goods_info: `${plain(input.description || input.orderNo, 60).replace(/[\^|]/g, ' ')}^1`,
              total_quantity: '1',
            }),
          }
        : {}),
    };
    const signed = signedForexParams(params, this.signType, this.key);
    return { nextAction: { type: 'form', body: autoSubmitForm(this.gatewayUrl, signed) } };
  }

  async query(outTradeNo: string): Promise<AttemptStatus> {
    const xml = await this.call({ service: 'single_trade_query', out_trade_no: outTradeNo });
    if (xmlText(xml, 'is_success') !== 'T') {
      const error = xmlText(xml, 'error') ?? 'UNKNOWN';
      // The trade exists once the buyer reached the cashier: until then it is still payable.
      if (error === 'TRADE_NOT_EXIST') return { state: 'pending', outTradeNo, detail: error };
      throw new ProviderError('alipay', error, `single_trade_query: ${error}`, error === 'SYSTEM_ERROR');
    }
    const trade = xmlLeaves(xml, 'trade');
    const forex = trade.forex_total_fee ?? trade.total_fee;
    const payer = trade.forex_total_fee && trade.total_fee ? decimalToCents(trade.total_fee) : null;
    return {
      state: stateOfTradeStatus(trade.trade_status),
      outTradeNo: trade.out_trade_no ?? outTradeNo,
      providerRef: trade.trade_no,
      ...(forex && decimalToCents(forex) !== null ? { amountCents: decimalToCents(forex)! } : {}),
      ...(trade.currency ? { currency: trade.currency } : {}),
      detail: trade.trade_status,
      ...(payer !== null ? { payer: { amountMinor: payer, currency: 'CNY' } } : {}),
    };
  }

  /**
   * MAPI has no close for create_forex_trade: an unpaid trade stays payable until timeout_rule
   * runs out. So this only asks: a paid trade answers `paid`, a closed one `closed`, and any other
   * `open` with the latest time it can still be paid (the window counts from the buyer's login to
   * the cashier, which is at the latest now).
   */
  async close(outTradeNo: string): Promise<CloseAnswer> {
    const status = await this.query(outTradeNo);
    if (status.state === 'succeeded') return { state: 'paid' };
    if (status.state === 'closed' || status.state === 'failed') return { state: 'closed' };
    return { state: 'open', payableUntil: new Date(Date.now() + this.timeoutMs) };
  }

  /** The trade's payable window: the configured timeout_rule, or Alipay's default of 12 hours. */
  get timeoutMs(): number {
    return timeoutRuleMs(this.config.timeoutRule ?? DEFAULT_TIMEOUT_RULE);
  }

  async verifyNotification(input: NotificationInput): Promise<VerifiedNotification> {
    return verifyForexNotification(input, { publicKey: this.alipayKey, notifyVerify: (id) => this.notifyVerify(id) });
  }

  answer(acknowledged: boolean): NotificationAnswer {
    // Alipay stops resending only on exactly `success`.
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: acknowledged ? 'success' : 'fail' };
  }

  /** forex_refund, synchronous (is_sync=Y): `is_success=T` means refunded. */
  async refund(input: RefundInput): Promise<RefundStatus> {
    const xml = await this.call({
      service: 'forex_refund',
      out_return_no: input.refundNo,
      out_trade_no: input.outTradeNo,
      return_amount: centsToDecimal(input.amountMinor),
      currency: input.currency.toUpperCase(),
      gmt_return: beijingCompact(),
      ...(input.reason ? { reason: plain(input.reason, 100) } : {}),
      product_code: this.config.productCode?.desktop ?? 'NEW_OVERSEAS_SELLER',
      is_sync: 'Y',
    });
    if (xmlText(xml, 'is_success') === 'T')
      return {
        state: 'succeeded',
        refundNo: input.refundNo,
        outTradeNo: input.outTradeNo,
        amountMinor: input.amountMinor,
        currency: input.currency,
        detail: 'is_success=T',
      };
    const error = xmlText(xml, 'error') ?? 'UNKNOWN';
    if (error === 'SYSTEM_ERROR') throw new ProviderError('alipay', error, `forex_refund: ${error}`, true);
    return { state: 'failed', refundNo: input.refundNo, outTradeNo: input.outTradeNo, detail: error };
  }

  /** The same out_return_no again answers the first result (the refund is idempotent on it). */
  async queryRefund(input: RefundInput): Promise<RefundStatus> {
    return this.refund(input);
  }

  /**
   * The transactions of one Beijing day: forex_compare_file with start_date = end_date = that day
   * (yyyyMMdd), signed like every MAPI call. The answer is the file itself, or a plain-text refusal.
   */
  async fetchBill(date: string): Promise<FetchedBill> {
    if (!isIsoDate(date)) throw new ProviderError('alipay', 'INVALID_BILL_DATE', `bill date ${date} is not YYYY-MM-DD`, false);
    const now = (this.config.now ?? (() => new Date()))();
    if (date >= dayInZone(now.getTime(), BEIJING)) throw new BillNotReady('alipay', date, `the file of ${date} cannot exist before the day is over in Beijing`);
    const day = date.replaceAll('-', '');
    const raw = await this.callBytes({ service: 'forex_compare_file', start_date: day, end_date: day });
    const text = new TextDecoder(this.billFormat.encoding).decode(raw);
    const answers = { ...FOREX_COMPARE_ANSWERS, ...this.config.billAnswers };
    const said = (list: readonly string[]) => list.some((m) => text.includes(m));
    const base = {
      provider: 'alipay' as const,
      setup: 'overseas' as const,
      date,
      raw,
      integrity: { algorithm: 'none' as const },
      sha256: sha256Hex(raw),
      mediaType: 'text/plain',
    };
    if (text.trimStart().startsWith('<')) {
      const error = xmlText(text, 'error') ?? 'UNKNOWN';
      throw new ProviderError('alipay', error, `forex_compare_file: ${error}`, error === 'SYSTEM_ERROR');
    }
    if (said(answers.notReady)) throw new BillNotReady('alipay', date, `forex_compare_file: ${text.trim().slice(0, 200)}`);
    if (said(answers.empty)) {
      // The same words answer a day without trades and a day whose file is not made yet.
      if (now < billPublishedAt(date, BEIJING, this.config.billPublishedAt ?? '09:00')) {
        throw new BillNotReady('alipay', date, `forex_compare_file: ${text.trim().slice(0, 200)} (before the file is published)`);
      }
      return { ...base, rows: [] };
    }
    if (said(answers.retryable)) throw new ProviderError('alipay', 'SYSTEM_ERROR', `forex_compare_file: ${text.trim().slice(0, 200)}`, true);
    if (said(answers.refused)) throw new ProviderError('alipay', 'ILLEGAL_ARGUMENT', `forex_compare_file: ${text.trim().slice(0, 200)}`, false);
    try {
      const { rows } = parseForexTransactionFile(text, this.billFormat, `${this.config.partner}_transaction_${day}.txt`);
      return { ...base, rows };
    } catch (err) {
      if (err instanceof BillFormatError) throw new BillRejected('alipay', date, err.kind, err.message);
      throw err;
    }
  }

  private async notifyVerify(notifyId: string): Promise<string> {
    const url = new URL(this.gatewayUrl);
    url.search = new URLSearchParams({ service: 'notify_verify', partner: this.config.partner, notify_id: notifyId }).toString();
    return this.fetchText(url);
  }

  private async call(params: AlipayParams): Promise<string> {
    return new TextDecoder().decode(await this.callBytes(params));
  }

  private async callBytes(params: AlipayParams): Promise<Buffer> {
    const signed = signedForexParams({ ...params, partner: this.config.partner, _input_charset: 'UTF-8' }, this.signType, this.key);
    const url = new URL(this.gatewayUrl);
    url.search = new URLSearchParams(signed).toString();
    return this.fetchBytes(url);
  }

  private async fetchText(url: URL): Promise<string> {
    return new TextDecoder().decode(await this.fetchBytes(url));
  }

  private async fetchBytes(url: URL): Promise<Buffer> {
    let res: Response;
    try {
      res = await (this.config.fetch ?? fetch)(url, { signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new ProviderError('alipay', 'NETWORK', `Alipay unreachable: ${(err as Error).message}`, true);
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status >= 500) throw new ProviderError('alipay', `HTTP_${res.status}`, `Alipay answered ${res.status}`, true, res.status);
    if (res.status !== 200) throw new ProviderError('alipay', `HTTP_${res.status}`, `Alipay answered ${res.status}`, false, res.status);
    return body;
  }
}

/** Subject and body may not carry special characters: keep letters, digits, spaces and CJK. */
function plain(text: string, max: number): string {
  return Array.from(
    text
      .replace(/[^\p{L}\p{N} .,_-]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, max)
    .join('');
}

function autoSubmitForm(gatewayUrl: string, params: AlipayParams): string {
  const inputs = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}"/>`)
    .join('');
  return (
    `<form name="alipaysubmit" id="alipaysubmit" method="post" accept-charset="utf-8" action="${escapeHtml(gatewayUrl)}">${inputs}</form>` +
    `<script>document.forms["alipaysubmit"].submit();</script>`
  );
}
