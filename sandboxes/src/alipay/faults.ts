// Fault injection for notifies. Global switches stay on until changed; a pay control call may
// pass its own set for that one payment's notifies.

export interface NotifyFaults {
  /** Extra copies of each notify, sent at the same time as the first attempt (same notify_id). */
  duplicate?: number;
  /** After a notify, deliver an older event of the same trade (a stale WAIT_BUYER_PAY if none). */
  reordered?: boolean;
  /** Hold the first attempt this long (real milliseconds, not scaled). */
  delayMs?: number;
  /** Corrupt the signature. */
  badSign?: boolean;
  /** Correctly signed, but total_amount is 0.01 more than the order's. */
  wrongAmount?: boolean;
  /** Correctly signed, but app_id is another application's. */
  wrongAppId?: boolean;
  /** Correctly signed, but seller_id is another seller's. */
  wrongSellerId?: boolean;
  /** Never send (logged as dropped). */
  drop?: boolean;
}

const BOOLEAN_KEYS = ['reordered', 'badSign', 'wrongAmount', 'wrongAppId', 'wrongSellerId', 'drop'] as const;

/** Validates a JSON body into faults; throws a message on anything unknown or mistyped. */
export function parseFaults(input: unknown): NotifyFaults {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error('faults must be an object');
  const out: NotifyFaults = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if ((BOOLEAN_KEYS as readonly string[]).includes(k)) {
      if (typeof v !== 'boolean') throw new Error(`${k} must be a boolean`);
      out[k as (typeof BOOLEAN_KEYS)[number]] = v;
    } else if (k === 'duplicate' || k === 'delayMs') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100_000) throw new Error(`${k} must be a non-negative integer`);
      out[k] = v;
    } else {
      throw new Error(`unknown fault ${k}`);
    }
  }
  return out;
}

/** Names of the switches that are on, for the delivery log. */
export function activeFaults(f: NotifyFaults): string[] {
  return Object.entries(f)
    .filter(([, v]) => v === true || (typeof v === 'number' && v > 0))
    .map(([k, v]) => (typeof v === 'number' ? `${k}=${v}` : k));
}
