// Adapter configuration. Pointing it at the real PayPal means changing baseUrl and credentials;
// the local sandbox additionally needs its host in certUrlAllowedHosts and allowHttpCertUrl.
import { checkTimeZone } from '../zoned-time.js';

export interface PaypalConfig {
  /** REST API origin: https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or the local sandbox's publicBaseUrl (which includes its prefix). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Id of the webhook subscription; it is part of every signed webhook message. */
  webhookId: string;
  /** Payee merchant id; when set, notifications and queries report it for the identity check. */
  merchantId?: string;
  /** Shown on PayPal's approval page. */
  brandName?: string;
  /** Hosts a PAYPAL-CERT-URL may point at. An entry starting with "." also admits its subdomains. */
  certUrlAllowedHosts?: string[];
  /** Accept http:// certificate URLs. Only for the local sandbox; never in production. */
  allowHttpCertUrl?: boolean;
  /** Largest accepted |now - PAYPAL-TRANSMISSION-TIME|, seconds (default 300). */
  maxTransmissionSkewSeconds?: number;
  /** Per HTTP request (default 15000 ms). */
  timeoutMs?: number;
  /**
   * The time zone of the PayPal account, in which the shop cuts PayPal's bill days (IANA name).
   * Default Europe/Berlin: UNVERIFIED for the shop's account; set it to the zone its PayPal
   * profile shows, so the days match PayPal's own reports.
   */
  reportingTimeZone?: string;
  /** How long PayPal takes at most to list a transaction in Transaction Search (default 3 h, as documented). */
  reportingDelayMs?: number;
  /** Transactions per Transaction Search page (1–500, default 500). */
  reportingPageSize?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** The hosts PayPal serves webhook signing certificates from (live and sandbox). */
export const DEFAULT_CERT_URL_ALLOWED_HOSTS: readonly string[] = ['api.paypal.com', 'api-m.paypal.com', 'api.sandbox.paypal.com', 'api-m.sandbox.paypal.com'];

export const DEFAULT_REPORTING_TIME_ZONE = 'Europe/Berlin';

export interface ResolvedPaypalConfig extends Required<Omit<PaypalConfig, 'merchantId' | 'brandName'>> {
  merchantId?: string;
  brandName?: string;
}

export function resolvePaypalConfig(config: PaypalConfig): ResolvedPaypalConfig {
  for (const key of ['baseUrl', 'clientId', 'clientSecret', 'webhookId'] as const) {
    if (!config[key]) throw new Error(`PayPal config: ${key} is required`);
  }
  if (config.reportingTimeZone) checkTimeZone(config.reportingTimeZone);
  const size = config.reportingPageSize;
  if (size !== undefined && (!Number.isInteger(size) || size < 1 || size > 500)) throw new Error('PayPal config: reportingPageSize must be 1–500');
  return {
    ...config,
    baseUrl: config.baseUrl.replace(/\/+$/, ''),
    certUrlAllowedHosts: config.certUrlAllowedHosts ?? [...DEFAULT_CERT_URL_ALLOWED_HOSTS],
    allowHttpCertUrl: config.allowHttpCertUrl ?? false,
    maxTransmissionSkewSeconds: config.maxTransmissionSkewSeconds ?? 300,
    timeoutMs: config.timeoutMs ?? 15_000,
    reportingTimeZone: config.reportingTimeZone ?? DEFAULT_REPORTING_TIME_ZONE,
    reportingDelayMs: config.reportingDelayMs ?? 3 * 3_600_000,
    reportingPageSize: config.reportingPageSize ?? 500,
    now: config.now ?? Date.now,
  };
}
