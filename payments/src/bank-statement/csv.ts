// A bank's CSV export (online banking): one header row, one row per booking, columns found by
// their header names. The default layout is the common German online-banking export (Sparkasse
// "CSV-CAMT"-like): `;`-separated, decimal comma, dates DD.MM.YYYY, columns Buchungstag,
// Valutadatum, Verwendungszweck, Beguenstigter/Zahlungspflichtiger, Betrag, Waehrung, Info.
// Credits are the positive amounts (or the rows a debit/credit column marks as credits).
import { createHash } from 'node:crypto';
import { amountToMinor, DelimitedTextError, locateColumns, normalizeHeader, parseDelimited, type ColumnName } from '../delimited.js';
import { BankStatementError, type BankCredit } from './types.js';

export type BankDateFormat = 'DD.MM.YYYY' | 'DD.MM.YY' | 'YYYY-MM-DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY';

export interface BankCsvColumns {
  bookingDate: ColumnName;
  valueDate?: ColumnName;
  amount: ColumnName;
  currency?: ColumnName;
  /** The remittance text (purpose, Verwendungszweck). */
  reference: ColumnName;
  debtorName?: ColumnName;
  /** The bank's own reference of the booking, when the export has one. */
  entryRef?: ColumnName;
  /** A column marking debit/credit when amounts are unsigned (e.g. S/H). */
  creditDebit?: ColumnName;
  /** A column saying whether the row is booked (e.g. Info: "Umsatz gebucht" / "Umsatz vorgemerkt"). */
  status?: ColumnName;
}

export interface BankCsvFormat {
  columns: BankCsvColumns;
  delimiter: string;
  /** Decimal separator of amounts, and the thousands separator to ignore. */
  decimal: ',' | '.';
  group?: string;
  dateFormat: BankDateFormat;
  /** When the export has no currency column. */
  currency: string;
  /** Values of `creditDebit` that mean a credit (compared case-insensitively). */
  creditValues: readonly string[];
  /** Values of `status` that mean booked; other rows are left out. */
  bookedValues: readonly string[];
}

export const BANK_CSV_DEFAULT: BankCsvFormat = {
  columns: {
    bookingDate: ['Buchungstag', 'Buchungsdatum', 'Booking date'],
    valueDate: ['Valutadatum', 'Wertstellung', 'Value date'],
    amount: ['Betrag', 'Amount'],
    currency: ['Waehrung', 'Währung', 'Currency'],
    reference: ['Verwendungszweck', 'Purpose', 'Reference'],
    debtorName: ['Beguenstigter/Zahlungspflichtiger', 'Begünstigter/Zahlungspflichtiger', 'Name Zahlungsbeteiligter', 'Counterparty'],
    entryRef: ['Bankreferenz', 'Bank reference'],
    creditDebit: ['Soll/Haben', 'Debit/Credit'],
    status: ['Info', 'Status'],
  },
  delimiter: ';',
  decimal: ',',
  group: '.',
  dateFormat: 'DD.MM.YYYY',
  currency: 'EUR',
  creditValues: ['H', 'CRDT', 'C', 'CR', 'Credit', 'Haben'],
  bookedValues: ['Umsatz gebucht', 'Booked', 'BOOK'],
};

export interface BankCsvFormatOverrides extends Partial<Omit<BankCsvFormat, 'columns'>> {
  columns?: Partial<BankCsvColumns>;
}

function parseDate(value: string, format: BankDateFormat): string | null {
  const v = value.trim();
  const pattern: Record<BankDateFormat, [RegExp, (m: RegExpExecArray) => [string, string, string]]> = {
    'DD.MM.YYYY': [/^(\d{2})\.(\d{2})\.(\d{4})$/, (m) => [m[3]!, m[2]!, m[1]!]],
    'DD.MM.YY': [/^(\d{2})\.(\d{2})\.(\d{2})$/, (m) => [`20${m[3]}`, m[2]!, m[1]!]],
    'YYYY-MM-DD': [/^(\d{4})-(\d{2})-(\d{2})$/, (m) => [m[1]!, m[2]!, m[3]!]],
    'DD/MM/YYYY': [/^(\d{2})\/(\d{2})\/(\d{4})$/, (m) => [m[3]!, m[2]!, m[1]!]],
    'MM/DD/YYYY': [/^(\d{2})\/(\d{2})\/(\d{4})$/, (m) => [m[3]!, m[1]!, m[2]!]],
  };
  const [re, pick] = pattern[format];
  const m = re.exec(v);
  if (!m) return null;
  const [y, mo, d] = pick(m);
  const iso = `${y}-${mo}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * The booked credits of a CSV export. `format` overrides the default layout (columns merged key
 * by key; a column set to `undefined`-free names only). Throws BankStatementError naming the line.
 */
export function parseBankCsv(text: string, format: BankCsvFormatOverrides = {}): BankCredit[] {
  const f: BankCsvFormat = { ...BANK_CSV_DEFAULT, ...format, columns: { ...BANK_CSV_DEFAULT.columns, ...format.columns } };
  let records;
  try {
    records = parseDelimited(text, f.delimiter);
  } catch (err) {
    if (err instanceof DelimitedTextError) throw new BankStatementError(`line ${err.line}`, 'a quoted field is never closed');
    throw err;
  }
  // Exports often start with account lines: the header is the first row naming date and amount.
  const want = (c: ColumnName | undefined) => [c ?? []].flat().map(normalizeHeader);
  const headerAt = records.findIndex((r) => {
    const names = r.fields.map(normalizeHeader);
    return want(f.columns.bookingDate).some((n) => names.includes(n)) && want(f.columns.amount).some((n) => names.includes(n));
  });
  if (headerAt < 0) {
    throw new BankStatementError(
      'header',
      `no row names both ${[f.columns.bookingDate].flat()[0]} and ${[f.columns.amount].flat()[0]} (delimiter "${f.delimiter}")`,
    );
  }
  const header = records[headerAt]!;
  const at = locateColumns(header.fields, f.columns as Record<keyof BankCsvColumns, ColumnName | undefined>);
  if (at.reference < 0) throw new BankStatementError(`line ${header.line}`, `the header lacks ${[f.columns.reference].flat()[0]}`);
  const names = header.fields.map((h) => h.trim());
  const lower = (list: readonly string[]) => list.map((v) => v.toLowerCase());
  const credits: BankCredit[] = [];
  const seen = new Map<string, number>();
  for (const r of records.slice(headerAt + 1)) {
    if (r.raw.trim() === '') continue;
    const cell = (i: number) => (i < 0 ? '' : (r.fields[i] ?? '').trim());
    if (r.fields.length < header.fields.length)
      throw new BankStatementError(`line ${r.line}`, `${r.fields.length} fields, the header has ${header.fields.length}`);
    const rawAmount = cell(at.amount);
    const signed = amountToMinor(rawAmount, f.decimal, f.group);
    if (signed === null) throw new BankStatementError(`line ${r.line}`, `${names[at.amount]} "${rawAmount}" is not an amount (decimal "${f.decimal}")`);
    const bookingDate = parseDate(cell(at.bookingDate), f.dateFormat);
    if (!bookingDate) throw new BankStatementError(`line ${r.line}`, `${names[at.bookingDate]} "${cell(at.bookingDate)}" is not a date ${f.dateFormat}`);
    const valueDate = at.valueDate >= 0 && cell(at.valueDate) ? parseDate(cell(at.valueDate), f.dateFormat) : undefined;
    if (valueDate === null) throw new BankStatementError(`line ${r.line}`, `${names[at.valueDate]} "${cell(at.valueDate)}" is not a date ${f.dateFormat}`);
    if (at.status >= 0 && cell(at.status) && !lower(f.bookedValues).includes(cell(at.status).toLowerCase())) continue;
    const credit =
      at.creditDebit >= 0 && cell(at.creditDebit) ? lower(f.creditValues).includes(cell(at.creditDebit).toLowerCase()) && signed !== 0 : signed > 0;
    if (!credit) continue;
    const currency = (at.currency >= 0 && cell(at.currency) ? cell(at.currency) : f.currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw new BankStatementError(`line ${r.line}`, `${names[at.currency]} "${currency}" is not a currency code`);
    const reference = cell(at.reference).replace(/\s+/g, ' ');
    const debtorName = cell(at.debtorName);
    // Without a bank reference, the row's content names it, so the same export read twice gives the same refs.
    let entryRef = cell(at.entryRef);
    if (!entryRef) {
      const key = createHash('sha256')
        .update(JSON.stringify([bookingDate, valueDate, signed, currency, reference, debtorName]))
        .digest('hex')
        .slice(0, 16);
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      entryRef = `csv-${key}${n > 1 ? `-${n}` : ''}`;
    }
    credits.push({
      entryRef,
      bookingDate,
      ...(valueDate ? { valueDate } : {}),
      amountMinor: Math.abs(signed),
      currency,
      reference,
      ...(debtorName ? { debtorName } : {}),
    });
  }
  return credits;
}
