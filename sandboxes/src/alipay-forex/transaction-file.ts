// forex_compare_file: the transactions of a period of Beijing days as a `|`-separated text file
// (`<partner>_transaction_<yyyyMMdd>.txt` on SFTP), made from the trades the sandbox really holds:
// payments at their payment time, refunds at theirs. A day's data exists from 09:00 on the next
// day. Refusals are the plain-text sentences merchant integrations of this service check for.
import { billPublishedAt } from '@shop/payments/bill-support';
import { BEIJING } from '@shop/payments/bills';
import { dayInZone, formatInZone, isIsoDate } from '@shop/payments/zoned-time';
import { centsToDecimal } from '@shop/payments/provider';
import { convertMinor } from '@shop/payments/fx/convert';
import type { BillFaultBook } from '../alipay/bill-faults.js';
import type { ResolvedForexOptions } from './options.js';
import type { ForexTrades } from './trades.js';

export const FOREX_FILE_HEADER = [
  'Partner_transaction_id',
  'Transaction_id',
  'Amount',
  'Rmb_amount',
  'Fee',
  'Settlement',
  'Rmb_settlement',
  'Currency',
  'Rate',
  'Payment_time',
  'Settlement_time',
  'Type',
  'Status',
  'Remarks',
  'Original_partner_transaction_id',
] as const;

/** The answer's text: the file, or one of the service's refusals. */
export type CompareAnswer = { file: string } | { refusal: string };

interface Line {
  id: string;
  tradeNo: string;
  cents: number;
  feeCents: number;
  at: Date;
  type: 'P' | 'R';
  original: string;
}

const beijing = (d: Date) => formatInZone(d.getTime(), BEIJING).slice(0, 19).replace('T', ' ');
const dashed = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

export function compareFile(params: Record<string, string>, o: ResolvedForexOptions, trades: ForexTrades, faults: BillFaultBook): CompareAnswer {
  const start = params.start_date ?? '';
  const end = params.end_date ?? '';
  if (!/^\d{8}$/.test(start) || !/^\d{8}$/.test(end) || !isIsoDate(dashed(start)) || !isIsoDate(dashed(end)))
    return { refusal: 'Date format incorrect YYYYMMDD' };
  const from = dashed(start);
  const to = dashed(end);
  if (to < from) return { refusal: 'Finish date ahead of begin date' };
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= 10) return { refusal: 'Over 10 days to Date period' };
  const now = o.now();
  if (to >= dayInZone(now.getTime(), BEIJING)) return { refusal: 'Finish date not ahead of today' };

  // Days whose file is not made yet have no data to give.
  const covered = (d: Date | undefined) => {
    if (!d) return false;
    const day = dayInZone(d.getTime(), BEIJING);
    return day >= from && day <= to && now >= billPublishedAt(day, BEIJING, '09:00');
  };
  const fee = (cents: number) => Math.floor((cents * o.billFeeRate.num) / o.billFeeRate.den + 0.5);
  const lines: Line[] = [];
  for (const t of trades.all()) {
    const f = faults.of(t.outTradeNo);
    if (f.omit) continue;
    if (t.status === 'TRADE_FINISHED' && covered(t.paidAt)) {
      const cents = t.forexCents + (f.amountDeltaMinor ?? 0);
      lines.push({ id: t.outTradeNo, tradeNo: t.tradeNo, cents, feeCents: fee(cents), at: t.paidAt!, type: 'P', original: t.outTradeNo });
    }
    for (const r of t.refunds.values()) {
      if (covered(r.at)) lines.push({ id: r.outReturnNo, tradeNo: t.tradeNo, cents: r.cents, feeCents: 0, at: r.at, type: 'R', original: t.outTradeNo });
    }
  }
  for (const [outTradeNo, r] of faults.withUnknownRefunds()) {
    if (!covered(r.at)) continue;
    const t = trades.get(outTradeNo);
    lines.push({
      id: r.refundNo,
      tradeNo: t?.tradeNo ?? `2026${'0'.repeat(24)}`,
      cents: r.amountMinor,
      feeCents: 0,
      at: r.at,
      type: 'R',
      original: outTradeNo,
    });
  }
  if (!lines.length) return { refusal: 'No balance account data in the period' };
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());

  const rows = lines.map((l) => {
    const settlement = l.cents - l.feeCents;
    return [
      l.id,
      l.tradeNo,
      centsToDecimal(l.cents),
      centsToDecimal(convertMinor(l.cents, o.cnyRate)),
      centsToDecimal(l.feeCents),
      centsToDecimal(settlement),
      centsToDecimal(convertMinor(settlement, o.cnyRate)),
      o.currency,
      o.cnyRate,
      beijing(l.at),
      '',
      l.type,
      'P',
      '',
      l.original,
    ].join('|');
  });
  const count = rows.length + (faults.corrupt === 'summary' ? 1 : 0);
  const preamble = `Partner:${o.partner}|Payment_time:${from}|Total_count:${count}`;
  // Unreadable: the file lost its header row, so nothing says what the columns are.
  const header = faults.corrupt === 'unreadable' ? [] : [FOREX_FILE_HEADER.join('|')];
  return { file: `${[preamble, ...header, ...rows].join('\r\n')}\r\n` };
}
