// The mainland trade bill (bill_type=trade) as alipay.data.dataservice.bill.downloadurl.query
// hands it out: a ZIP holding two GBK-encoded CSV files, `<account>_<yyyyMMdd>_业务明细.csv` (the
// detail: comment lines starting with #, one header row, one row per payment or refund, then
// `#…结束` and `#交易合计…` / `#退款合计…` lines) and `<account>_<yyyyMMdd>_业务明细(汇总).csv`
// (the summary, with a `合计` row). The column names are read from the header rows and matched
// by name, never by position; the names below are the published ones (UNVERIFIED in detail, so
// every one is configurable, and full-width and ASCII brackets compare equal).
import { unzipSync } from 'fflate';
import { BillFormatError, localTimeToIso } from '../bill-support.js';
import type { BillRow, BillSummary } from '../bills.js';
import { centsToDecimal } from '../provider.js';
import { amountToMinor, DelimitedTextError, locateColumns, parseDelimited, type ColumnName, type DelimitedRecord } from '../delimited.js';

export interface AlipayTradeBillColumns {
  /** 支付宝交易号: Alipay's trade_no. */
  tradeNo: ColumnName;
  /** 商户订单号: the shop's out_trade_no (for a refund row: of the trade refunded). */
  outTradeNo: ColumnName;
  /** 业务类型: 交易 (a payment) or 退款 (a refund). */
  type: ColumnName;
  /** 创建时间 / 完成时间 (yyyy-MM-dd HH:mm:ss, Beijing): the row happened at its completion. */
  createdAt: ColumnName;
  finishedAt: ColumnName;
  /** 订单金额（元）: the payment's amount; on a refund row the refunded amount, negative. */
  amount: ColumnName;
  /** 商家实收（元）: what the merchant received, negative on refund rows. */
  received: ColumnName;
  /** 退款批次号/请求号: the refund's out_request_no. */
  refundNo: ColumnName;
  /** 服务费（元）: Alipay's fee, negative when charged. */
  fee: ColumnName;
}

export interface AlipayTradeSummaryColumns {
  /** The first column, whose `合计` row holds the totals (门店编号). */
  label: ColumnName;
  /** 交易订单总笔数 / 退款订单总笔数. */
  paymentCount: ColumnName;
  refundCount: ColumnName;
  /** 订单金额（元） (older files: 消费总金额（元）): the payments' total. */
  amount: ColumnName;
  /** 商家实收（元）: payments less refunds. */
  received: ColumnName;
  /** 服务费（元）. */
  fee: ColumnName;
}

export interface AlipayTradeBillFormat {
  /** Encoding of the CSV files and of the ZIP's entry names. Default gbk. */
  encoding: string;
  detailColumns: AlipayTradeBillColumns;
  summaryColumns: AlipayTradeSummaryColumns;
  /** 业务类型 values of payment rows and of refund rows. */
  paymentTypes: readonly string[];
  refundTypes: readonly string[];
  /** What tells the summary entry from the detail entry in the ZIP: a part of its name. */
  summaryNameMarker: string;
  /** The label of the summary's totals row. */
  totalLabel: string;
}

export const ALIPAY_TRADE_BILL_FORMAT: AlipayTradeBillFormat = {
  encoding: 'gbk',
  detailColumns: {
    tradeNo: '支付宝交易号',
    outTradeNo: '商户订单号',
    type: '业务类型',
    createdAt: '创建时间',
    finishedAt: '完成时间',
    amount: '订单金额（元）',
    received: '商家实收（元）',
    refundNo: '退款批次号/请求号',
    fee: '服务费（元）',
  },
  summaryColumns: {
    label: '门店编号',
    paymentCount: '交易订单总笔数',
    refundCount: '退款订单总笔数',
    amount: ['订单金额（元）', '消费总金额（元）'],
    received: '商家实收（元）',
    fee: '服务费（元）',
  },
  paymentTypes: ['交易'],
  refundTypes: ['退款'],
  summaryNameMarker: '汇总',
  totalLabel: '合计',
};

/** Overrides merged over the defaults (column maps merged key by key). */
export interface AlipayTradeBillFormatOverrides extends Partial<Omit<AlipayTradeBillFormat, 'detailColumns' | 'summaryColumns'>> {
  detailColumns?: Partial<AlipayTradeBillColumns>;
  summaryColumns?: Partial<AlipayTradeSummaryColumns>;
}

export function tradeBillFormat(over: AlipayTradeBillFormatOverrides = {}): AlipayTradeBillFormat {
  return {
    ...ALIPAY_TRADE_BILL_FORMAT,
    ...over,
    detailColumns: { ...ALIPAY_TRADE_BILL_FORMAT.detailColumns, ...over.detailColumns },
    summaryColumns: { ...ALIPAY_TRADE_BILL_FORMAT.summaryColumns, ...over.summaryColumns },
  };
}

export interface ParsedTradeBill {
  rows: BillRow[];
  summary: BillSummary;
  /** The entry names found in the ZIP, decoded. */
  entries: { detail: string; summary: string };
}

const BEIJING_MINUTES = 480;
const unreadable = (message: string) => new BillFormatError('unreadable', message);
const mismatch = (message: string) => new BillFormatError('summary_mismatch', message);

/** An entry name as the archive stores it: bytes in `encoding` unless flagged UTF-8 (fflate then decoded it). */
function entryName(name: string, encoding: string): string {
  if ([...name].some((c) => c.charCodeAt(0) > 0xff)) return name;
  try {
    return new TextDecoder(encoding).decode(Buffer.from(name, 'latin1'));
  } catch {
    return name;
  }
}

function decodeText(bytes: Uint8Array, encoding: string, what: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw unreadable(`${what} is not ${encoding} text`);
  }
}

function records(text: string, what: string): DelimitedRecord[] {
  try {
    return parseDelimited(text, ',');
  } catch (err) {
    if (err instanceof DelimitedTextError) throw unreadable(`${what}, ${err.message}`);
    throw err;
  }
}

/** Header row and data rows of one CSV part: comment lines (#) before and after are set aside. */
function table(recs: DelimitedRecord[], what: string): { header: DelimitedRecord; data: DelimitedRecord[]; trailer: string[] } {
  const blank = (r: DelimitedRecord) => r.raw.trim() === '';
  const comment = (r: DelimitedRecord) => r.raw.trimStart().startsWith('#');
  let i = 0;
  while (i < recs.length && (blank(recs[i]!) || comment(recs[i]!))) i++;
  const header = recs[i];
  if (!header) throw unreadable(`${what} has no header row`);
  const data: DelimitedRecord[] = [];
  for (i++; i < recs.length && !comment(recs[i]!); i++) if (!blank(recs[i]!)) data.push(recs[i]!);
  const trailer = recs.slice(i).map((r) => r.raw.trim());
  return { header, data, trailer };
}

const cell = (r: DelimitedRecord, i: number) => (i < 0 ? '' : (r.fields[i] ?? '').replace(/\t/g, '').trim());

function minorOf(r: DelimitedRecord, i: number, what: string, header: string): number {
  const v = cell(r, i);
  const minor = amountToMinor(v);
  if (minor === null) throw unreadable(`${what} line ${r.line}: ${header} "${v}" is not an amount in yuan`);
  return minor;
}

function requireColumns<K extends string>(
  header: DelimitedRecord,
  wanted: Record<K, ColumnName>,
  need: readonly NoInfer<K>[],
  what: string,
): Record<K, number> {
  const at = locateColumns(header.fields, wanted);
  const missing = need.filter((k) => at[k] < 0).map((k) => [wanted[k]].flat()[0]);
  if (missing.length) throw unreadable(`${what} header (line ${header.line}) lacks ${missing.join(', ')}`);
  return at;
}

function parseDetail(text: string, f: AlipayTradeBillFormat, what: string): { rows: BillRow[]; trailer: string[] } {
  const { header, data, trailer } = table(records(text, what), what);
  const c = f.detailColumns;
  const at = requireColumns(header, c, ['outTradeNo', 'type', 'amount', 'received', 'finishedAt'], what);
  const names = header.fields.map((h) => h.replace(/\t/g, '').trim());
  const rows = data.map((r): BillRow => {
    const type = cell(r, at.type);
    const refund = f.refundTypes.includes(type);
    if (!refund && !f.paymentTypes.includes(type)) throw unreadable(`${what} line ${r.line}: unknown ${names[at.type]} "${type}"`);
    const outTradeNo = cell(r, at.outTradeNo);
    if (!outTradeNo) throw unreadable(`${what} line ${r.line}: no ${names[at.outTradeNo]}`);
    const time = cell(r, at.finishedAt) || cell(r, at.createdAt);
    const occurredAt = localTimeToIso(time, BEIJING_MINUTES);
    if (!occurredAt) throw unreadable(`${what} line ${r.line}: ${names[at.finishedAt]} "${time}" is not a time`);
    const amount = refund ? minorOf(r, at.received, what, names[at.received]!) : minorOf(r, at.amount, what, names[at.amount]!);
    const fee = at.fee >= 0 && cell(r, at.fee) !== '' ? -minorOf(r, at.fee, what, names[at.fee]!) : undefined;
    const fields: Record<string, string> = {};
    names.forEach((n, i) => {
      if (n) fields[n] = cell(r, i);
    });
    const tradeNo = cell(r, at.tradeNo);
    const refundNo = cell(r, at.refundNo);
    return {
      kind: refund ? 'refund' : 'payment',
      outTradeNo,
      ...(tradeNo ? { providerRef: tradeNo } : {}),
      ...(refund && refundNo ? { refundNo } : {}),
      amountMinor: Math.abs(amount),
      currency: 'CNY',
      ...(fee !== undefined ? { feeMinor: fee === 0 ? 0 : fee, feeCurrency: 'CNY' } : {}),
      status: type,
      occurredAt,
      fields,
    };
  });
  return { rows, trailer };
}

function parseSummary(text: string, f: AlipayTradeBillFormat, what: string): BillSummary & { receivedMinor: number } {
  const { header, data } = table(records(text, what), what);
  const c = f.summaryColumns;
  const at = requireColumns(header, c, ['paymentCount', 'refundCount', 'amount', 'received'], what);
  const labelAt = at.label >= 0 ? at.label : 0;
  const total = data.find((r) => cell(r, labelAt) === f.totalLabel) ?? (data.length === 1 ? data[0] : undefined);
  if (!total) throw unreadable(`${what} has no ${f.totalLabel} row`);
  const count = (i: number, name: string) => {
    const v = cell(total, i);
    if (!/^\d+$/.test(v)) throw unreadable(`${what} line ${total.line}: ${name} "${v}" is not a count`);
    return Number(v);
  };
  const name = (i: number) => header.fields[i]!.trim();
  const fee = at.fee >= 0 && cell(total, at.fee) !== '' ? -minorOf(total, at.fee, what, name(at.fee)) : 0;
  const gross = minorOf(total, at.amount, what, name(at.amount));
  const received = minorOf(total, at.received, what, name(at.received));
  return {
    count: count(at.paymentCount, name(at.paymentCount)) + count(at.refundCount, name(at.refundCount)),
    grossMinor: gross,
    refundMinor: gross - received,
    feeMinor: fee === 0 ? 0 : fee,
    currency: 'CNY',
    receivedMinor: received,
  };
}

/** The detail's own `#交易合计:N笔,商家实收共X元` / `#退款合计:…` lines, checked where they are present. */
function checkTrailer(trailer: string[], rows: BillRow[], what: string): void {
  for (const [label, kind] of [
    ['交易合计', 'payment'],
    ['退款合计', 'refund'],
  ] as const) {
    const line = trailer.find((l) => l.replace(/^#\s*/, '').startsWith(label));
    if (!line) continue;
    const m = /(\d+)\s*笔.*?商家实收共\s*(-?[\d.]+)\s*元/.exec(line);
    if (!m) continue;
    const of = rows.filter((r) => r.kind === kind);
    const received = of.reduce((s, r) => s + (kind === 'refund' ? -r.amountMinor : r.amountMinor), 0);
    if (Number(m[1]) !== of.length || amountToMinor(m[2]!) !== received) {
      throw mismatch(`${what}: "${line}" disagrees with its ${of.length} ${kind} rows (商家实收 ${centsToDecimal(received)})`);
    }
  }
}

/** Reads and checks a downloaded trade bill; throws BillFormatError (unreadable / summary_mismatch). */
export function parseAlipayTradeBill(zip: Uint8Array, format: AlipayTradeBillFormat = ALIPAY_TRADE_BILL_FORMAT): ParsedTradeBill {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (err) {
    throw unreadable(`the bill is not a readable ZIP archive (${(err as Error).message})`);
  }
  const entries = Object.entries(files)
    .filter(([n]) => !n.endsWith('/'))
    .map(([n, bytes]) => ({ name: entryName(n, format.encoding), bytes }));
  const summaries = entries.filter((e) => e.name.includes(format.summaryNameMarker));
  const details = entries.filter((e) => !e.name.includes(format.summaryNameMarker));
  if (details.length !== 1 || summaries.length !== 1) {
    throw unreadable(`the ZIP should hold one detail and one summary file, it holds: ${entries.map((e) => e.name).join(', ') || 'nothing'}`);
  }
  const detailName = details[0]!.name;
  const summaryName = summaries[0]!.name;
  const { rows, trailer } = parseDetail(decodeText(details[0]!.bytes, format.encoding, detailName), format, detailName);
  const summary = parseSummary(decodeText(summaries[0]!.bytes, format.encoding, summaryName), format, summaryName);
  checkTrailer(trailer, rows, detailName);

  const payments = rows.filter((r) => r.kind === 'payment');
  const refunds = rows.filter((r) => r.kind === 'refund');
  const gross = payments.reduce((s, r) => s + r.amountMinor, 0);
  const refunded = refunds.reduce((s, r) => s + r.amountMinor, 0);
  const fees = rows.reduce((s, r) => s + (r.feeMinor ?? 0), 0);
  const problems: string[] = [];
  if (summary.count !== rows.length) problems.push(`${summary.count} rows summed, ${rows.length} listed`);
  if (summary.grossMinor !== gross) problems.push(`payments ${centsToDecimal(summary.grossMinor)} summed, ${centsToDecimal(gross)} listed`);
  if (summary.receivedMinor !== gross - refunded)
    problems.push(`商家实收 ${centsToDecimal(summary.receivedMinor)} summed, ${centsToDecimal(gross - refunded)} listed`);
  if (summary.feeMinor !== fees) problems.push(`fees ${centsToDecimal(summary.feeMinor)} summed, ${centsToDecimal(fees)} listed`);
  if (problems.length) throw mismatch(`${summaryName} disagrees with ${detailName}: ${problems.join('; ')}`);
  const { receivedMinor: _received, ...plain } = summary;
  return { rows, summary: plain, entries: { detail: detailName, summary: summaryName } };
}
