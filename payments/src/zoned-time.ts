// Calendar days in a named time zone (IANA, e.g. Asia/Shanghai, Europe/Berlin): where a provider's
// bill day starts and ends as an instant, and instants written with the zone's offset. Intl knows
// the zones' rules, daylight saving included.

const pad = (n: number): string => String(n).padStart(2, '0');

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  return !!m && !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/** Throws unless `date` is a real calendar day written YYYY-MM-DD. */
export function checkIsoDate(date: string): void {
  if (!isIsoDate(date)) throw new RangeError(`not a calendar day (YYYY-MM-DD): ${date}`);
}

/** The calendar day `days` after (or before) `date`, both YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  checkIsoDate(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at the instant, in minutes (Berlin in winter: 60). */
export function zoneOffsetMinutes(zone: string, at: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!m) throw new RangeError(`cannot read the offset of time zone ${zone}`);
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** The instant (epoch ms) at which `date` begins in the zone. */
export function startOfDay(date: string, zone: string): number {
  checkIsoDate(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Two rounds settle the offset even when the day starts right after a change of offset.
  let at = utcMidnight - zoneOffsetMinutes(zone, utcMidnight) * 60_000;
  at = utcMidnight - zoneOffsetMinutes(zone, at) * 60_000;
  return at;
}

/** The calendar day (YYYY-MM-DD) the instant falls on in the zone. */
export function dayInZone(at: number, zone: string): string {
  return new Date(at + zoneOffsetMinutes(zone, at) * 60_000).toISOString().slice(0, 10);
}

/** An offset from UTC as RFC 3339 writes it: "+08:00" for 480. */
export function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** RFC 3339 with seconds and the zone's offset, e.g. 2025-03-10T00:00:00+01:00. */
export function formatInZone(at: number, zone: string): string {
  const offset = zoneOffsetMinutes(zone, at);
  const local = new Date(Math.floor(at / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetText(offset)}`;
}

/** Throws unless Intl knows the zone. */
export function checkTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new RangeError(`unknown time zone ${zone}`);
  }
}
