// The days and times the Alipay bill suites speak in: bill days are Beijing days, the sandbox's
// clock is set to Beijing wall-clock times, and a bill is read trade by trade.
import { BEIJING, type FetchedBill } from '../../payments/src/bills.js';
import { dayInZone } from '../../payments/src/zoned-time.js';

/** The Beijing day `daysAgo` days before today: in the past for the adapter's own clock. */
export const dayAgo = (daysAgo: number) => dayInZone(Date.now() - daysAgo * 86_400_000, BEIJING);
/** The calendar day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The instant of `hms` (HH:mm:ss) on `day` in Beijing. */
export const beijing = (day: string, hms: string) => new Date(`${day}T${hms}+08:00`);
/** A bill's rows of one trade. */
export const rowsOf = (bill: FetchedBill, outTradeNo: string) => bill.rows.filter((r) => r.outTradeNo === outTradeNo);
/** Epoch seconds of an instant. */
export const seconds = (at: string | Date) => Math.floor(new Date(at).getTime() / 1000);

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
