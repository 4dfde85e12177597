// What every adapter's bill download shares: the bill day and when a provider publishes it, local
// provider times as ISO 8601, and the stored file's hash.

/** True for a real calendar day written YYYY-MM-DD. */
export function isBillDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone given as a fixed UTC offset in minutes. */
export function dayInZone(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * When the bill of `date` is published: on the next day at `time` (HH:mm) local time, in a zone
 * given as a fixed UTC offset in minutes (480 for Beijing, which has no daylight saving).
 */
export function billPublishedAt(date: string, offsetMinutes: number, time: string): Date {
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!t || !isBillDate(date)) throw new Error(`bad bill date ${date} or time ${time}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1, Number(t[1]), Number(t[2])) - offsetMinutes * 60_000);
}

/** "+08:00" for 480. */
export function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
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
