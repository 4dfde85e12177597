import type { BookFormat, InvoiceStatus, OrderStatus, ProviderName, ShippingStatus } from '@shop/db';
import { appError } from '../errors.js';

/** An end of the creation-date range; a plain date means the whole day (UTC). */
export interface DateBound {
  at: Date;
  inclusive: boolean;
}

export interface AdminOrderFilter {
  status?: OrderStatus;
  payType?: 2 | 3;
  provider?: ProviderName;
  shippingStatus?: ShippingStatus;
  format?: BookFormat;
  invoiceStatus?: InvoiceStatus;
  createdFrom?: DateBound;
  createdTo?: DateBound;
  /** Part of an order number or of a buyer email, case-insensitive. */
  search?: string;
}

const plainDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 'from' includes its instant (or its whole day); 'to' includes its instant, and a plain date
 * includes that whole day, so from=to=2026-11-22 is that one day.
 */
export function parseDateBound(value: string | null | undefined, edge: 'from' | 'to', field: string): DateBound | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const day = plainDate.exec(v);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const at = new Date(Date.UTC(y, m - 1, d));
    // Date.UTC rolls 2026-02-31 over into March; such a date is a typo, not a range.
    if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) throw appError('dateInvalid', { field });
    return edge === 'from' ? { at, inclusive: true } : { at: new Date(at.getTime() + 86_400_000), inclusive: false };
  }
  const ms = v.length <= 40 ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) throw appError('dateInvalid', { field });
  return { at: new Date(ms), inclusive: true };
}

/** LIKE treats % and _ as wildcards and \ as the escape: a search for them means the characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The search text as the service uses it: trimmed, bounded, empty meaning none. */
export function normaliseSearch(search: string | null | undefined): string | undefined {
  const s = search?.trim();
  if (!s) return undefined;
  if (s.length > 255) throw appError('tooLong255', { field: 'search' });
  return s;
}
