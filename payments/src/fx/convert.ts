// Converting an order amount into the currency a domestic (CNY) merchant product takes.
import type { Charge, ExchangeRate } from '../provider.js';

const RATE = /^(\d{1,6})(?:\.(\d{1,8}))?$/;
const SCALE_DIGITS = 8;

/** The rate as an integer scaled by 10^8; null when it is not a positive plain decimal. */
export function scaledRate(rate: string): bigint | null {
  const m = RATE.exec(rate.trim());
  if (!m) return null;
  const scaled = BigInt(m[1]!) * 10n ** BigInt(SCALE_DIGITS) + BigInt((m[2] ?? '').padEnd(SCALE_DIGITS, '0'));
  return scaled > 0n ? scaled : null;
}

/**
 * Minor units of the target currency for `amountCents` of the source currency, rounded half up
 * to the nearest minor unit (both currencies have two decimals: EUR cents, CNY fen).
 */
export function convertMinor(amountCents: number, rate: string): number {
  const scaled = scaledRate(rate);
  if (scaled === null) throw new Error(`not a usable exchange rate: ${rate}`);
  const unit = 10n ** BigInt(SCALE_DIGITS);
  const product = BigInt(amountCents) * scaled;
  return Number((product + unit / 2n) / unit);
}

/** A charge in `rate.to` for an order amount in `rate.from`. */
export function convertedCharge(amountCents: number, currency: string, rate: ExchangeRate): Charge {
  if (currency.toUpperCase() !== rate.from) throw new Error(`the configured rate converts ${rate.from}, not ${currency}`);
  return { amountMinor: convertMinor(amountCents, rate.rate), currency: rate.to, rate };
}

/** Problems with a configured rate (empty when usable). */
export function rateProblems(rate: Partial<ExchangeRate> | undefined, from: string, to: string): string[] {
  if (!rate) return [`an ${from}→${to} exchange rate (rate, source, date) is required`];
  const out: string[] = [];
  if (rate.from !== from || rate.to !== to) out.push(`the exchange rate must convert ${from} to ${to}`);
  if (typeof rate.rate !== 'string' || scaledRate(rate.rate) === null) out.push(`exchange rate ${String(rate.rate)} is not a positive decimal`);
  if (typeof rate.source !== 'string' || !rate.source.trim()) out.push('the exchange rate needs a source');
  if (typeof rate.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(rate.date) || Number.isNaN(Date.parse(rate.date)))
    out.push('the exchange rate needs a date (YYYY-MM-DD)');
  return out;
}
