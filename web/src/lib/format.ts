import { displayTimeZone } from './time-zone';

// Every time is shown in one zone (lib/time-zone.ts), never the runtime's own: the server's and
// the browser's differ, and a prerendered time must hydrate as it was rendered.

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = displayTimeZone();
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return f;
}

const NUMERIC: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Order time as YYYY-MM-DD HH:mm in the shown zone. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatter('en-GB', NUMERIC).formatToParts(d)) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** Two-decimal price from integer cents or a decimal string. */
export function formatPrice(value: number | string, cents = false): string {
  const n = typeof value === 'string' ? Number(value) : cents ? value / 100 : value;
  return Number.isFinite(n) ? n.toFixed(2) : String(value);
}

const INTL_LOCALE = { en: 'en-GB', zh: 'zh-CN' } as const;

/** A day in the shown zone and the buyer's language: "28 Nov 2026", "2026年11月28日". */
export function formatDay(iso: string, lang: 'en' | 'zh'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatter(INTL_LOCALE[lang], { dateStyle: 'medium' }).format(d);
}

/** A moment in the shown zone and the buyer's language: "28 Nov 2026, 19:05", "2026年11月28日 19:05". */
export function formatMoment(iso: string, lang: 'en' | 'zh'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatter(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
