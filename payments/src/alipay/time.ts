// Alipay timestamps are "yyyy-MM-dd HH:mm:ss" in China Standard Time (UTC+8, no DST).
const CST_OFFSET_MS = 8 * 3600_000;

export function alipayTimestamp(date: Date = new Date()): string {
  const d = new Date(date.getTime() + CST_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** Parses an Alipay timestamp (CST); null when malformed. */
export function parseAlipayTimestamp(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - CST_OFFSET_MS;
  return Number.isNaN(ms) ? null : new Date(ms);
}
