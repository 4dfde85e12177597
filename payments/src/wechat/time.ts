// WeChat Pay v3 writes times as RFC 3339 in China Standard Time, e.g. 2018-06-08T10:34:56+08:00.
// China has no daylight saving, so a fixed +08:00 offset is always right.

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number): string => String(n).padStart(2, '0');

/** RFC 3339 with seconds and a +08:00 offset, as WeChat sends and expects. */
export function toChinaRfc3339(date: Date): string {
  const d = new Date(date.getTime() + CHINA_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+08:00`
  );
}

/** Parses an RFC 3339 timestamp with an explicit offset; null when malformed. */
export function parseRfc3339(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** Unix seconds as WeChat puts them into signatures and headers. */
export function unixSeconds(now: number = Date.now()): string {
  return String(Math.floor(now / 1000));
}
