import type { WechatCredentials } from '@shop/payments/wechat/credentials';

/** Which WeChat key signs responses and callbacks; 'random' mimics the migration period. */
export type SigningKeyMode = 'certificate' | 'publicKey' | 'random';

export interface WechatSandboxOptions {
  /** From generateWechatCredentials(); the adapter gets the matching adapterConfigFromCredentials(). */
  credentials: WechatCredentials;
  /** Absolute URL of the sandbox including its mount prefix, e.g. http://127.0.0.1:4010/wechat.
   * A function is read lazily (handy when the port is known only after listen). When absent,
   * URLs are built from the request's Host and the mount prefix. */
  publicBaseUrl?: string | (() => string);
  /** Multiplies the callback retry schedule: 0.001 makes 15 s into 15 ms. Default 1. */
  timeScale?: number;
  /** Default 'publicKey' (what new merchants get); switchable at runtime via _control. */
  signingKeyMode?: SigningKeyMode;
  /** How long a receiver may take to answer a callback; WeChat allows 5 s. */
  ackTimeoutMs?: number;
  /** Real WeChat requires https notify URLs; local receivers are plain http, so off by default. */
  requireHttpsNotifyUrl?: boolean;
  /**
   * The merchant product this sandbox stands for: 'domestic' (a mainland merchant: /v3/pay/...,
   * CNY only) or 'overseas' (WeChat Pay Global: /v3/global/..., the contracted currencies, the
   * payer charged in CNY). Default domestic.
   */
  setup?: 'domestic' | 'overseas';
  /** Overseas: 'common' (appid + mchid) or 'institutional' (sp_* ids, serving subMchid). Default common. */
  mode?: 'common' | 'institutional';
  subMchid?: string;
  subAppid?: string;
  /**
   * The AppSecret of the sub-merchant's Official Account (subAppid): WeChat exchanges a code of
   * that AppID only with its own secret, never the service provider's. Default: a random one.
   */
  subAppSecret?: string;
  /** Overseas: the MCCs WeChat accepted for the account. Default ['5942'] (book stores). */
  merchantCategoryCodes?: string[];
  /** Overseas: the currencies of the contract (default ['EUR']). A domestic sandbox takes CNY only and refuses anything else here. */
  currencies?: string[];
  /** Overseas: CNY per unit of the order currency the payer is charged at. Default 7.7812. */
  payerRate?: string;
  /** Overseas: the key of the WeChat transaction id in queries and callbacks (the docs disagree). Default 'id'. */
  transactionIdKey?: 'id' | 'transaction_id';
  /** How long a refund stays PROCESSING before it succeeds (scaled by timeScale). Default 60 s. */
  refundProcessingMs?: number;
  /** Whether an order past time_expire reads CLOSED (true) or stays NOTPAY until closed (false,
   * default: WeChat tells merchants to close unpaid orders themselves after a timeout). */
  expiryClosesOrder?: boolean;
  /**
   * Web authorization: the hosts (host[:port], as `new URL().host` writes them) configured as the
   * Official Account's authorization domain; a redirect_uri elsewhere is refused. Default none.
   */
  oauthRedirectDomains?: string[];
  /** How long an unused authorization code lives (WeChat: 5 minutes). */
  oauthCodeLifetimeMs?: number;
  /** Prepay lifetime when time_expire is absent (said to be 2 h). */
  defaultPrepayLifetimeMs?: number;
  /** Bills: the fee WeChat takes as a fraction of each amount (default '0.006', 0.60 %). */
  billFeeRate?: string;
  /** Bills: the hour (Beijing) of day T+1 from which the bill of day T is published (default 9). */
  billPublishHour?: number;
  /** Domestic bills: how many months back a bill can be applied for (default 3). */
  billHistoryMonths?: number;
  /** Global statements: how many days back (default 180). */
  statementHistoryDays?: number;
  /** How long a domestic download_url works (default 5 min; older pages say 30 s). */
  billDownloadTtlMs?: number;
  /** Global statements: what Wechatpay-Signature covers, the SHA1 header (default) or the file. UNVERIFIED. */
  statementSignature?: 'sha1' | 'body';
  /** Global statements: amounts in major units (default) or minor units. UNVERIFIED. */
  statementAmountUnit?: 'major' | 'minor';
}

/** Callback faults; set globally via _control/faults or per payment via _control/orders/:no/pay. */
export interface NotificationFaults {
  /** Deliver this many copies of the event (same id), each redelivered until acknowledged. */
  duplicate?: number;
  /** Hold the event and deliver it right after the next event (older after newer). */
  reordered?: boolean;
  /** Wait this many real milliseconds before the first delivery. */
  delayMs?: number;
  /** Corrupt Wechatpay-Signature. */
  badSignature?: boolean;
  /** The decrypted amount.total differs from the order (the signature is valid). */
  wrongAmount?: boolean;
  /** Wechatpay-Timestamp 10 minutes in the past (correctly signed). */
  staleTimestamp?: boolean;
  /** Sign with a key the merchant does not know, under a known serial. */
  wrongKey?: boolean;
  /** Send a WECHATPAY/SIGNTEST/ probe before the event (not redelivered). */
  signtestProbe?: boolean;
  /** Never send the event. */
  drop?: boolean;
  /** Signature faults normally hit only the first attempt; with this every attempt carries them. */
  persistent?: boolean;
}

const BOOLEAN_FAULTS = ['reordered', 'badSignature', 'wrongAmount', 'staleTimestamp', 'wrongKey', 'signtestProbe', 'drop', 'persistent'] as const;

/** Keeps only known fault fields with sane values (control bodies come from anywhere). */
export function parseFaults(input: unknown): NotificationFaults {
  const src = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const out: NotificationFaults = {};
  for (const k of BOOLEAN_FAULTS) if (src[k] === true) out[k] = true;
  if (Number.isInteger(src.duplicate) && (src.duplicate as number) >= 1) out.duplicate = Math.min(src.duplicate as number, 20);
  if (typeof src.delayMs === 'number' && src.delayMs > 0) out.delayMs = Math.min(src.delayMs, 24 * 3_600_000);
  return out;
}

/** Seconds between deliveries after the first, per the WeChat docs (about 24 h 4 m in all). */
export const RETRY_SCHEDULE_SECONDS = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600] as const;
