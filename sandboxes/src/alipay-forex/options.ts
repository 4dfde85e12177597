import type { KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from '@shop/payments/alipay/keys';
import { SandboxClock } from '../alipay/clock.js';
import { decimalRatio } from '../alipay/options.js';

/** Alipay's notify retry intervals after a failed delivery (about 25 h in all; UNVERIFIED for MAPI). */
export const FOREX_RETRY_SCHEDULE_MS: readonly number[] = [2, 10, 15, 60, 120, 360, 900].map((m) => m * 60_000);

export interface ForexSandboxOptions {
  /** Absolute URL of the mount point, prefix included (e.g. http://127.0.0.1:4010/alipay). */
  publicBaseUrl: string;
  /** The one partner (2088…) this sandbox serves. */
  partner: string;
  /** Verifies the merchant's request signatures. */
  merchantPublicKey: string;
  /** Signs notifications and return parameters. */
  alipayPrivateKey: string;
  /** The settlement currency of the contract; nothing else is accepted. Default EUR. */
  currency?: string;
  /** CNY per one unit of `currency` the cashier charges the buyer at. Default 7.7812. */
  cnyRate?: string;
  /** Multiplies every retry interval. Default 1. */
  timeScale?: number;
  /** How long a notify_id answers `true` to notify_verify; Default 1 minute (scaled). */
  notifyIdTtlMs?: number;
  deliveryTimeoutMs?: number;
  /** The clock the sandbox's own clock runs from (tests shift it further through `_control/clock`). */
  now?: () => Date;
  /** Alipay's fee on a payment, in the transaction file's Fee column (UNVERIFIED rate). Default "0.018". */
  billFeeRate?: string;
  /**
   * The timeout_rule values Alipay has enabled for this partner besides its default (12h), which
   * needs no enabling. A trade asking for any other value is refused, as Alipay refuses it.
   */
  enabledTimeoutRules?: string[];
}

export interface ResolvedForexOptions {
  publicBaseUrl: string;
  partner: string;
  merchantPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  currency: string;
  cnyRate: string;
  timeScale: number;
  notifyIdTtlMs: number;
  deliveryTimeoutMs: number;
  /** The sandbox's clock: payment and refund times and the files' publication read it. */
  clock: SandboxClock;
  now: () => Date;
  billFeeRate: { num: number; den: number };
  enabledTimeoutRules: ReadonlySet<string>;
}

export function resolveForexOptions(o: ForexSandboxOptions): ResolvedForexOptions {
  const clock = new SandboxClock(o.now);
  return {
    publicBaseUrl: o.publicBaseUrl.replace(/\/+$/, ''),
    partner: o.partner,
    merchantPublicKey: loadPublicKey(o.merchantPublicKey),
    alipayPrivateKey: loadPrivateKey(o.alipayPrivateKey),
    currency: (o.currency ?? 'EUR').toUpperCase(),
    cnyRate: o.cnyRate ?? '7.7812',
    timeScale: o.timeScale ?? 1,
    // The retries of a notification must still verify: the TTL runs from the latest delivery.
    notifyIdTtlMs: o.notifyIdTtlMs ?? 60_000,
    deliveryTimeoutMs: o.deliveryTimeoutMs ?? 10_000,
    clock,
    now: () => clock.now(),
    billFeeRate: decimalRatio(o.billFeeRate ?? '0.018'),
    enabledTimeoutRules: new Set(['12h', ...(o.enabledTimeoutRules ?? [])]),
  };
}
