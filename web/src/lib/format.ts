const pad = (n: number) => String(n).padStart(2, '0');

/** Order time as YYYY-MM-DD HH:mm in the buyer's local time. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Two-decimal price from integer cents or a decimal string. */
export function formatPrice(value: number | string, cents = false): string {
  const n = typeof value === 'string' ? Number(value) : cents ? value / 100 : value;
  return Number.isFinite(n) ? n.toFixed(2) : String(value);
}

const INTL_LOCALE = { en: 'en-GB', zh: 'zh-CN' } as const;

/** A day in the buyer's local time and language: "28 Nov 2026", "2026年11月28日". */
export function formatDay(iso: string, lang: 'en' | 'zh'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium' }).format(d);
}

/** A moment in the buyer's local time and language: "28 Nov 2026, 19:05", "2026年11月28日 19:05". */
export function formatMoment(iso: string, lang: 'en' | 'zh'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
