import { displayTimeZone } from './time-zone';

// Every time is shown in one zone (lib/time-zone.ts), never the runtime's own: the server's and
// the browser's differ, and a prerendered time must hydrate as it was rendered.

const inZone = (locale: string, options: Intl.DateTimeFormatOptions, iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { ...options, timeZone: displayTimeZone() }).format(d);
};

/** Order time as YYYY-MM-DD HH:mm in the shown zone (Swedish writes dates and times so). */
export function formatDateTime(iso: string): string {
  return inZone('sv-SE', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }, iso);
}

/** Two-decimal price from integer cents or a decimal string. */
export function formatPrice(value: number | string, cents = false): string {
  const n = typeof value === 'string' ? Number(value) : cents ? value / 100 : value;
  return Number.isFinite(n) ? n.toFixed(2) : String(value);
}

const INTL_LOCALE = { en: 'en-GB', zh: 'zh-CN' } as const;

/** A day in the shown zone and the buyer's language: "28 Nov 2026", "2026年11月28日". */
export function formatDay(iso: string, lang: 'en' | 'zh'): string {
  return inZone(INTL_LOCALE[lang], { dateStyle: 'medium' }, iso);
}

/** A moment in the shown zone and the buyer's language: "28 Nov 2026, 19:05", "2026年11月28日 19:05". */
export function formatMoment(iso: string, lang: 'en' | 'zh'): string {
  return inZone(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }, iso);
}
