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
