import type { KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from '@shop/payments/alipay/keys';
import { SandboxClock } from './clock.js';

/** Alipay's documented notify retry intervals after a failed delivery: 4m, 10m, 10m, 1h, 2h, 6h, 15h. */
export const ALIPAY_RETRY_SCHEDULE_MS: readonly number[] = [4, 10, 10, 60, 120, 360, 900].map((m) => m * 60_000);

export interface AlipaySandboxOptions {
  /** Absolute URL of the mount point, prefix included (e.g. http://127.0.0.1:4010/alipay). */
  publicBaseUrl: string;
  /** The one merchant application this sandbox serves. */
  appId: string;
  /** Verifies request signatures. */
  appPublicKey: string;
  /** Signs responses, notifies and return parameters. */
  alipayPrivateKey: string;
  /** Seller PID carried as seller_id, and its e-mail (seller_email). */
  sellerId: string;
  sellerEmail?: string;
  /** Multiplies every retry interval (0.001 makes the 25-hour schedule take 25 s). Default 1. */
  timeScale?: number;
  /** Override the retry intervals (before scaling). */
  retryScheduleMs?: readonly number[];
  /**
   * When the trade comes into existence: 'open' (default) when the cashier page is rendered, or
   * 'scan' only when the buyer logs in / scans (the Pay or "scan but abandon" buttons).
   */
  tradeCreatedOn?: 'open' | 'scan';
  /** Sign notifies with sign_type kept in the signed string (the SDK's "historical" variant). Default false. */
  notifySignIncludesSignType?: boolean;
  /** Send a TRADE_CLOSED notify when an existing unpaid trade is closed (Alipay's default). Default true. */
  notifyTradeClosed?: boolean;
  /** How long one notify POST may take before it counts as failed. Default 10 s. */
  deliveryTimeoutMs?: number;
  /** The clock the sandbox's own clock runs from (tests shift it further through `_control/clock`). */
  now?: () => Date;
  /** Alipay's fee on a payment, billed as 服务费 (UNVERIFIED: 0.6% is the usual website-payment rate). Default "0.006". */
  billFeeRate?: string;
}

export interface ResolvedSandboxOptions {
  publicBaseUrl: string;
  appId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  sellerId: string;
  sellerEmail: string;
  timeScale: number;
  retryScheduleMs: readonly number[];
  tradeCreatedOn: 'open' | 'scan';
  notifySignIncludesSignType: boolean;
  notifyTradeClosed: boolean;
  deliveryTimeoutMs: number;
  /** The sandbox's clock: every trade time, expiry and bill window reads it. */
  clock: SandboxClock;
  now: () => Date;
  billFeeRate: { num: number; den: number };
}

/** "0.006" -> 6/1000, exact, for fee arithmetic in integers. */
export function decimalRatio(text: string): { num: number; den: number } {
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal rate: ${text}`);
  const places = (m[2] ?? '').length;
  return { num: Number(`${m[1]}${m[2] ?? ''}`), den: 10 ** places };
}

export function resolveOptions(o: AlipaySandboxOptions): ResolvedSandboxOptions {
  const clock = new SandboxClock(o.now);
  return {
    publicBaseUrl: o.publicBaseUrl.replace(/\/+$/, ''),
    appId: o.appId,
    appPublicKey: loadPublicKey(o.appPublicKey),
    alipayPrivateKey: loadPrivateKey(o.alipayPrivateKey),
    sellerId: o.sellerId,
    sellerEmail: o.sellerEmail ?? 'merchant@sandbox.example',
    timeScale: o.timeScale ?? 1,
    retryScheduleMs: o.retryScheduleMs ?? ALIPAY_RETRY_SCHEDULE_MS,
    tradeCreatedOn: o.tradeCreatedOn ?? 'open',
    notifySignIncludesSignType: o.notifySignIncludesSignType ?? false,
    notifyTradeClosed: o.notifyTradeClosed ?? true,
    deliveryTimeoutMs: o.deliveryTimeoutMs ?? 10_000,
    clock,
    now: () => clock.now(),
    billFeeRate: decimalRatio(o.billFeeRate ?? '0.006'),
  };
}
