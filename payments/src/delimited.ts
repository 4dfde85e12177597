// Delimiter-separated text (CSV and the pipe-separated files some providers publish), read the
// way RFC 4180 describes: fields may be quoted with ", a doubled "" inside quotes is one quote,
// and a quoted field may hold the delimiter or a line break. Each record remembers the line it
// starts on, so a caller can name the line of a bad record.

export interface DelimitedRecord {
  /** 1-based line number of the record's first character. */
  line: number;
  fields: string[];
  /** The record's text as it stood in the input (for lines a caller skips, such as comments). */
  raw: string;
}

export class DelimitedTextError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'DelimitedTextError';
  }
}

/** Splits text into records; empty lines are kept as records with one empty field. */
export function parseDelimited(text: string, delimiter = ','): DelimitedRecord[] {
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r')
    throw new Error(`unusable delimiter ${JSON.stringify(delimiter)}`);
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: DelimitedRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < input.length) {
    const startLine = line;
    const startAt = i;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let wasQuoted = false;
    let ended = false;
    while (i < input.length) {
      const c = input[i]!;
      if (quoted) {
        if (c === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          quoted = false;
          i++;
          continue;
        }
        if (c === '\n') line++;
        field += c;
        i++;
        continue;
      }
      if (c === '"' && field.trim() === '' && !wasQuoted) {
        // A quote opens a quoted field only at its start (leading blanks allowed, as some exports pad).
        quoted = true;
        wasQuoted = true;
        field = '';
        i++;
        continue;
      }
      if (c === delimiter) {
        fields.push(field);
        field = '';
        wasQuoted = false;
        i++;
        continue;
      }
      if (c === '\r' || c === '\n') {
        i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
        line++;
        ended = true;
        break;
      }
      field += c;
      i++;
    }
    if (quoted) throw new DelimitedTextError(startLine, 'a quoted field is never closed');
    fields.push(field);
    const raw = input.slice(startAt, i).replace(/\r?\n$|\r$/, '');
    records.push({ line: startLine, fields, raw });
    if (!ended) break;
  }
  return records;
}

/** Header names compared loosely: trimmed, full-width brackets and colons as ASCII, no inner blanks, case-folded. */
export function normalizeHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/：/g, ':')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** The header name(s) a logical column may carry in a file: one name or a list of aliases. */
export type ColumnName = string | readonly string[];

/** Finds each wanted column in a header row by name; absent columns map to -1. */
export function locateColumns<K extends string>(header: readonly string[], wanted: Record<K, ColumnName | undefined>): Record<K, number> {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (!index.has(key)) index.set(key, i);
  });
  const out = {} as Record<K, number>;
  for (const key of Object.keys(wanted) as K[]) {
    const names = wanted[key] === undefined ? [] : typeof wanted[key] === 'string' ? [wanted[key] as string] : (wanted[key] as readonly string[]);
    out[key] = names.map((n) => index.get(normalizeHeader(n))).find((i) => i !== undefined) ?? -1;
  }
  return out;
}

/**
 * A signed decimal amount to integer minor units (2 places), or null when it is not one.
 * `decimal` is the decimal separator; `group` (optional) a thousands separator, accepted only
 * between groups of three digits (so "75.00" is no amount when the decimal separator is a comma).
 */
export function amountToMinor(text: string, decimal = '.', group?: string): number | null {
  const esc = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const d = esc(decimal);
  const grouped = group ? `\\d{1,3}(?:${esc(group)}\\d{3})+` : null;
  const re = new RegExp(`^([-+]?)(${grouped ? `${grouped}|` : ''}\\d{1,15})(?:${d}(\\d{1,2}))?$`);
  const m = re.exec(text.trim());
  if (!m) return null;
  const whole = group ? m[2]!.split(group).join('') : m[2]!;
  if (whole.length > 15) return null;
  const minor = Number(whole) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' && minor !== 0 ? -minor : minor;
}
