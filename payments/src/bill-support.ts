// What every adapter's bill download shares: when a provider publishes a day's bill, local
// provider times as ISO 8601, and the stored file's hash. Calendar days and zones: zoned-time.ts.
import { addDays, isIsoDate, offsetText, startOfDay } from './zoned-time.js';

/**
 * When the bill of `date` is published: on the next day at `time` (HH:mm) local time in the zone
 * (an IANA name, e.g. Asia/Shanghai).
 */
export function billPublishedAt(date: string, zone: string, time: string): Date {
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!t || !isIsoDate(date)) throw new Error(`bad bill date ${date} or time ${time}`);
  return new Date(startOfDay(addDays(date, 1), zone) + (Number(t[1]) * 60 + Number(t[2])) * 60_000);
}

/** "yyyy-MM-dd HH:mm:ss" (or with T) local time to ISO 8601 with the zone's offset; null when malformed. */
export function localTimeToIso(text: string, offsetMinutes: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offsetText(offsetMinutes)}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

export { sha256Hex } from './bills.js';

/** A bill file that does not have the layout its parser expects; `where` names the place. */
export class BillFormatError extends Error {
  constructor(
    readonly kind: 'unreadable' | 'summary_mismatch',
    message: string,
  ) {
    super(message);
    this.name = 'BillFormatError';
  }
}
