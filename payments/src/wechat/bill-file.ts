// WeChat Pay's bill files (reconciliation.md): text tables, each a header row followed by data rows
// whose every field starts with a backtick (`) so spreadsheets keep long numbers as text. The
// domestic trade bill has two tables (detail, then summary); the Global statement has one. Columns
// are read by their header names, never by position.
import { BEIJING, BillRejected, signedDecimalToMinor, type BillRow, type BillSummary } from '../bills.js';

/** Detail columns of the domestic trade bill (bill_type=ALL), as WeChat names them. */
export const TRADE_BILL_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const;

/** The summary table of the domestic trade bill. */
export const TRADE_BILL_SUMMARY_COLUMNS = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
] as const;

/** Columns of the WeChat Pay Global statement (GET /v3/global/statements), as the published header names them. */
export const STATEMENT_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '子商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '充值券币种',
  '充值券金额',
  '优惠券币种',
  '优惠券金额',
  '微信退款单号',
  '商户退款单号',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '标价币种',
  '订单金额(标价币种)',
  '用户支付币种',
  '用户支付金额',
  '结算币种',
  '应结订单金额',
  '支付汇率',
  '退款汇率',
  '申请退款金额',
  '用户退款币种',
  '用户退款金额',
  '退款结算币种',
  '退款应结订单金额',
  '充值券退款金额',
  '优惠券退款金额',
] as const;

export interface BillTable {
  header: string[];
  rows: Array<Record<string, string>>;
}

/** One data line: fields start with a backtick; a comma inside a value stays in it. */
function dataFields(line: string): string[] {
  return line.split(/,(?=`)/).map((f) => (f.startsWith('`') ? f.slice(1) : f));
}

/** Splits a bill into its tables: a line that does not start with a backtick is a table's header. */
export function parseBillTables(text: string): BillTable[] {
  const tables: BillTable[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line === '') continue;
    if (!line.startsWith('`')) {
      tables.push({ header: line.split(',').map((h) => h.trim()), rows: [] });
      continue;
    }
    const table = tables[tables.length - 1];
    if (!table) throw new Error('a data row comes before any header row');
    const values = dataFields(line);
    if (values.length !== table.header.length) throw new Error(`a row has ${values.length} fields, its header ${table.header.length}`);
    table.rows.push(Object.fromEntries(table.header.map((h, i) => [h, values[i]!.trim()])));
  }
  return tables;
}

/** "2025-03-10 14:05:33" in Beijing time as RFC 3339 with +08:00. */
function beijingTime(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value);
  if (!m) throw new Error(`trade time ${value} is not yyyy-MM-dd HH:mm:ss`);
  return `${m[1]}T${m[2]}+08:00`;
}

function need(row: Record<string, string>, column: string): string {
  const v = row[column];
  if (v === undefined) throw new Error(`the bill has no column ${column}`);
  return v;
}

/** Amount columns: yuan (or the currency's major unit) with up to two places. */
function minor(row: Record<string, string>, column: string, unit: 'major' | 'minor' = 'major'): number {
  const v = need(row, column) || '0';
  const n = unit === 'minor' ? (/^[+-]?\d{1,15}$/.test(v) ? Number(v) : null) : signedDecimalToMinor(v);
  if (n === null) throw new Error(`${column} ${v} is not an amount`);
  return n;
}

// Payment rows leave the refund numbers empty or write 0 there.
const isRefundRow = (row: Record<string, string>) => row['交易状态'] === 'REFUND' || !['', '0', undefined].includes(row['商户退款单号']);

/** The domestic trade bill's rows and summary; throws on a file that does not read as one. */
export function parseTradeBill(text: string): { rows: BillRow[]; summary: BillSummary; totals: Record<string, number> } {
  const tables = parseBillTables(text);
  const detail = tables.find((t) => t.header.includes('商户订单号'));
  const summaryTable = tables.find((t) => t.header.includes('总交易单数'));
  if (!detail || !summaryTable || summaryTable.rows.length !== 1) throw new Error('the bill lacks its detail or its summary table');
  const rows = detail.rows.map((r): BillRow => {
    const refund = isRefundRow(r);
    const fee = minor(r, '手续费');
    return {
      kind: refund ? 'refund' : 'payment',
      outTradeNo: need(r, '商户订单号'),
      ...(r['微信订单号'] ? { providerRef: r['微信订单号'] } : {}),
      ...(refund ? { refundNo: need(r, '商户退款单号'), providerRefundId: need(r, '微信退款单号') } : {}),
      amountMinor: refund ? minor(r, r['申请退款金额'] ? '申请退款金额' : '退款金额') : minor(r, r['订单金额'] ? '订单金额' : '应结订单金额'),
      currency: need(r, '货币种类') || 'CNY',
      feeMinor: fee,
      status: refund ? need(r, '退款状态') : need(r, '交易状态'),
      occurredAt: beijingTime(need(r, '交易时间')),
      fields: r,
    };
  });
  const s = summaryTable.rows[0]!;
  const totals = Object.fromEntries(TRADE_BILL_SUMMARY_COLUMNS.filter((c) => s[c] !== undefined).map((c) => [c, minor(s, c)]));
  return {
    rows,
    totals,
    summary: {
      count: Number(need(s, '总交易单数')),
      grossMinor: totals['订单总金额'] ?? totals['应结订单总金额'] ?? 0,
      refundMinor: totals['申请退款总金额'] ?? totals['退款总金额'] ?? 0,
      feeMinor: totals['手续费总金额'] ?? 0,
      currency: 'CNY',
    },
  };
}

/**
 * Where the summary disagrees with the rows (empty when it agrees). The count is accepted as all
 * rows or the payment rows only: which one WeChat counts is not published.
 */
export function tradeBillSummaryProblems(rows: BillRow[], totals: Record<string, number>, count: number): string[] {
  const payments = rows.filter((r) => r.kind === 'payment');
  const refunds = rows.filter((r) => r.kind === 'refund');
  const sum = (rs: BillRow[], column: string) => rs.reduce((s, r) => s + (signedDecimalToMinor(r.fields[column] || '0') ?? NaN), 0);
  const checks: Array<[string, number]> = [
    ['应结订单总金额', sum(payments, '应结订单金额')],
    ['订单总金额', sum(payments, '订单金额')],
    ['退款总金额', sum(refunds, '退款金额')],
    ['申请退款总金额', sum(refunds, '申请退款金额')],
    ['手续费总金额', sum(rows, '手续费')],
  ];
  const problems = checks.filter(([c, v]) => totals[c] !== undefined && totals[c] !== v).map(([c, v]) => `${c} ${totals[c]} ≠ rows ${v}`);
  if (count !== rows.length && count !== payments.length) problems.push(`总交易单数 ${count} ≠ ${rows.length} rows`);
  return problems;
}

/** WeChat's scaled exchange rate (10^8, UNVERIFIED scale) as a decimal: 778120000 -> 7.7812. */
export function descaleRate(value: string, scaleDigits = 8): string {
  if (value === '' || value.includes('.')) return value;
  if (!/^\d+$/.test(value)) throw new Error(`exchange rate ${value} is not a number`);
  const padded = value.padStart(scaleDigits + 1, '0');
  const int = padded.slice(0, padded.length - scaleDigits).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(padded.length - scaleDigits).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** The Global statement's rows: the price (order currency), what the payer paid and at which rate, the settlement. */
export function parseStatement(text: string, amountUnit: 'major' | 'minor' = 'major'): BillRow[] {
  const tables = parseBillTables(text);
  if (tables.length !== 1 || !tables[0]!.header.includes('商户订单号')) throw new Error('the statement is not one table with 商户订单号');
  return tables[0]!.rows.map((r): BillRow => {
    const refund = isRefundRow(r);
    const amount = (c: string) => minor(r, c, amountUnit);
    const payerCurrency = refund ? need(r, '用户退款币种') : need(r, '用户支付币种');
    const rate = descaleRate(refund ? need(r, '退款汇率') : need(r, '支付汇率'));
    const settlementCurrency = refund ? need(r, '退款结算币种') : need(r, '结算币种');
    const currency = need(r, '标价币种');
    return {
      kind: refund ? 'refund' : 'payment',
      outTradeNo: need(r, '商户订单号'),
      ...(r['微信订单号'] ? { providerRef: r['微信订单号'] } : {}),
      ...(refund ? { refundNo: need(r, '商户退款单号'), providerRefundId: need(r, '微信退款单号') } : {}),
      amountMinor: amount(refund ? '申请退款金额' : '订单金额(标价币种)'),
      currency,
      ...(payerCurrency
        ? { payer: { amountMinor: amount(refund ? '用户退款金额' : '用户支付金额'), currency: payerCurrency, ...(rate ? { rate } : {}) } }
        : {}),
      ...(settlementCurrency ? { settlement: { amountMinor: amount(refund ? '退款应结订单金额' : '应结订单金额'), currency: settlementCurrency } } : {}),
      feeMinor: amount('手续费'),
      ...(settlementCurrency && settlementCurrency !== currency ? { feeCurrency: settlementCurrency } : {}),
      status: refund ? need(r, '退款状态') : need(r, '交易状态'),
      occurredAt: beijingTime(need(r, '交易时间')),
      fields: r,
    };
  });
}

/** Wraps a parse failure as the bill's rejection. */
export function unreadable(date: string, err: unknown): BillRejected {
  return new BillRejected('wechat', date, 'unreadable', `the WeChat bill of ${date} does not read: ${(err as Error).message}`);
}

export const WECHAT_BILL_ZONE = BEIJING;
