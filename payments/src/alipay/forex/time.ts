// forex_refund's gmt_return: yyyyMMddHHmmss in Beijing time (UTC+8).
export function beijingCompact(date: Date = new Date()): string {
  const d = new Date(date.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}
