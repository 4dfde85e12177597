// The cross-border (MAPI) transaction file, as forex_compare_file answers it and as SFTP delivers it
// (`<partner>_transaction_<yyyyMMdd>.txt`): optionally a line `Partner:…|Payment_time:…|Total_count:N`,
// then a header row and one row per payment or refund, fields separated by `|`. The exact layout is
// UNVERIFIED, so the header row is the schema: columns are found by name (configurable, defaults
// below from Alipay's published reconciliation-file field lists), never by position.
import { BillFormatError, localTimeToIso } from '../../bill-support.js';
import type { BillRow } from '../../bills.js';
import { amountToMinor, DelimitedTextError, locateColumns, normalizeHeader, parseDelimited, type ColumnName, type DelimitedRecord } from '../../delimited.js';

export interface ForexTransactionColumns {
  /** out_trade_no of a payment, out_return_no of a refund. */
  partnerTransactionId: ColumnName;
  /** Alipay's trade_no (on a refund row: of the trade refunded). */
  transactionId: ColumnName;
  /** The amount in the settlement currency (EUR). */
  amount: ColumnName;
  /** The same amount in CNY, as the buyer paid or got back. */
  rmbAmount: ColumnName;
  fee: ColumnName;
  currency: ColumnName;
  /** CNY per one unit of `currency`. */
  rate: ColumnName;
  /** yyyy-MM-dd HH:mm:ss in `timeOffsetMinutes`. */
  paymentTime: ColumnName;
  /** P (payment) or R (refund). */
  type: ColumnName;
  /** P (paid / refunded) or L (liquidated). */
  status: ColumnName;
  /** On a refund row: the out_trade_no of the payment refunded (present in some products' files). */
  originalPartnerTransactionId: ColumnName;
}

export interface ForexTransactionFormat {
  delimiter: string;
  encoding: string;
  columns: ForexTransactionColumns;
  paymentTypes: readonly string[];
  refundTypes: readonly string[];
  /** The zone of the file's times, minutes east of UTC (Beijing: 480). */
  timeOffsetMinutes: number;
  /** The key of the preamble's record count. */
  countKey: string;
}

export const FOREX_TRANSACTION_FORMAT: ForexTransactionFormat = {
  delimiter: '|',
  encoding: 'utf-8',
  columns: {
    partnerTransactionId: 'Partner_transaction_id',
    transactionId: 'Transaction_id',
    amount: ['Amount', 'Transaction_amount'],
    rmbAmount: 'Rmb_amount',
    fee: ['Fee', 'Charge_amount'],
    currency: 'Currency',
    rate: 'Rate',
    paymentTime: 'Payment_time',
    type: ['Type', 'Transaction_type'],
    status: 'Status',
    originalPartnerTransactionId: 'Original_partner_transaction_id',
  },
  paymentTypes: ['P', 'PAYMENT'],
  refundTypes: ['R', 'REFUND'],
  timeOffsetMinutes: 480,
  countKey: 'Total_count',
};

export interface ForexTransactionFormatOverrides extends Partial<Omit<ForexTransactionFormat, 'columns'>> {
  columns?: Partial<ForexTransactionColumns>;
}

export function forexTransactionFormat(over: ForexTransactionFormatOverrides = {}): ForexTransactionFormat {
  return { ...FOREX_TRANSACTION_FORMAT, ...over, columns: { ...FOREX_TRANSACTION_FORMAT.columns, ...over.columns } };
}

export interface ParsedForexTransactions {
  rows: BillRow[];
  /** Total_count of the preamble, when the file has one (checked against the rows). */
  declaredCount?: number;
}

const unreadable = (message: string) => new BillFormatError('unreadable', message);

export function parseForexTransactionFile(
  text: string,
  f: ForexTransactionFormat = FOREX_TRANSACTION_FORMAT,
  what = 'transaction file',
): ParsedForexTransactions {
  let recs: DelimitedRecord[];
  try {
    recs = parseDelimited(text, f.delimiter);
  } catch (err) {
    if (err instanceof DelimitedTextError) throw unreadable(`${what} ${err.message}`);
    throw err;
  }
  const idNames = [f.columns.partnerTransactionId].flat().map(normalizeHeader);
  const headerAt = recs.findIndex((r) => r.fields.some((x) => idNames.includes(normalizeHeader(x))));
  if (headerAt < 0) throw unreadable(`${what} has no header row naming ${idNames.join('/')}`);
  const header = recs[headerAt]!;

  let declaredCount: number | undefined;
  for (const r of recs.slice(0, headerAt)) {
    for (const part of r.fields) {
      const kv = /^\s*([^:]+?)\s*:\s*(.*?)\s*$/.exec(part);
      if (kv && normalizeHeader(kv[1]!) === normalizeHeader(f.countKey)) {
        if (!/^\d+$/.test(kv[2]!)) throw unreadable(`${what} line ${r.line}: ${f.countKey} "${kv[2]}" is not a count`);
        declaredCount = Number(kv[2]);
      }
    }
  }

  const at = locateColumns(header.fields, f.columns);
  const names = header.fields.map((h) => h.trim());
  const need = ['partnerTransactionId', 'amount', 'type', 'paymentTime'] as const;
  const missing = need.filter((k) => at[k] < 0).map((k) => [f.columns[k]].flat()[0]);
  if (missing.length) throw unreadable(`${what} header (line ${header.line}) lacks ${missing.join(', ')}`);
  const cell = (r: DelimitedRecord, i: number) => (i < 0 ? '' : (r.fields[i] ?? '').trim());
  const minor = (r: DelimitedRecord, i: number) => {
    const v = cell(r, i);
    const m = amountToMinor(v);
    if (m === null) throw unreadable(`${what} line ${r.line}: ${names[i]} "${v}" is not an amount`);
    return m;
  };

  const rows = recs
    .slice(headerAt + 1)
    .filter((r) => r.raw.trim() !== '')
    .map((r): BillRow => {
      if (r.fields.length < header.fields.length - 1)
        throw unreadable(`${what} line ${r.line}: ${r.fields.length} fields, the header has ${header.fields.length}`);
      const type = cell(r, at.type).toUpperCase();
      const refund = f.refundTypes.includes(type);
      if (!refund && !f.paymentTypes.includes(type)) throw unreadable(`${what} line ${r.line}: unknown ${names[at.type]} "${cell(r, at.type)}"`);
      const id = cell(r, at.partnerTransactionId);
      if (!id) throw unreadable(`${what} line ${r.line}: no ${names[at.partnerTransactionId]}`);
      const occurredAt = localTimeToIso(cell(r, at.paymentTime), f.timeOffsetMinutes);
      if (!occurredAt) throw unreadable(`${what} line ${r.line}: ${names[at.paymentTime]} "${cell(r, at.paymentTime)}" is not a time`);
      const currency = cell(r, at.currency).toUpperCase();
      if (at.currency >= 0 && !/^[A-Z]{3}$/.test(currency)) throw unreadable(`${what} line ${r.line}: ${names[at.currency]} "${currency}" is not a currency`);
      const rmb = at.rmbAmount >= 0 && cell(r, at.rmbAmount) !== '' ? Math.abs(minor(r, at.rmbAmount)) : undefined;
      const rate = cell(r, at.rate);
      const fee = at.fee >= 0 && cell(r, at.fee) !== '' ? minor(r, at.fee) : undefined;
      const tradeNo = cell(r, at.transactionId);
      const original = cell(r, at.originalPartnerTransactionId);
      const fields: Record<string, string> = {};
      names.forEach((n, i) => {
        if (n) fields[n] = cell(r, i);
      });
      return {
        kind: refund ? 'refund' : 'payment',
        // A refund row names the payment by the original out_trade_no where the file has it (some
        // products' files repeat the refund's own number there instead); otherwise only by
        // Alipay's trade_no (providerRef), and outTradeNo stays empty.
        outTradeNo: refund ? (original !== id ? original : '') : id,
        ...(tradeNo ? { providerRef: tradeNo } : {}),
        ...(refund ? { refundNo: id } : {}),
        amountMinor: Math.abs(minor(r, at.amount)),
        currency: currency || 'EUR',
        ...(rmb !== undefined ? { payer: { amountMinor: rmb, currency: 'CNY', ...(rate ? { rate } : {}) } } : {}),
        ...(fee !== undefined ? { feeMinor: fee, feeCurrency: currency || 'EUR' } : {}),
        status: cell(r, at.status) || type,
        occurredAt,
        fields,
      };
    });
  if (declaredCount !== undefined && declaredCount !== rows.length) {
    throw new BillFormatError('summary_mismatch', `${what}: ${f.countKey} says ${declaredCount}, the file lists ${rows.length} rows`);
  }
  return { rows, ...(declaredCount !== undefined ? { declaredCount } : {}) };
}
