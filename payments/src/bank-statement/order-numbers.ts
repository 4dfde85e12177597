// The shop's order numbers inside a transfer's remittance text. An order number is the UTC date
// (yyyyMMdd) and 10 characters of Crockford's base-32 alphabet (0-9 and A-Z without I, L, O, U):
// 18 characters such as 20261122K7M2Q9XD4B (gateway/src/services/orders/numbers.ts). Buyers and
// banks mangle it: lower case, spaces or dashes inside, the text broken over lines, O typed for 0,
// I or L for 1, or the attempt's out_trade_no (the number plus `P<n>`) pasted instead.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY = new RegExp(`^[${ALPHABET}]{10}$`);
const SEPARATORS = /[\s\-_.:/\\|,;]+/g;

function plausibleDate(yyyymmdd: string): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < 2020 || y > 2099 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Crockford's decoding of look-alikes: O as 0, I and L as 1. */
const crockford = (s: string) => s.replace(/O/g, '0').replace(/[IL]/g, '1');

function candidatesIn(text: string, found: string[], seen: Set<string>): void {
  // Overlapping windows: any 18 characters that start with a plausible date.
  for (let i = 0; i + 18 <= text.length; i++) {
    const date = text.slice(i, i + 8);
    if (!/^20\d{6}$/.test(date) || !plausibleDate(date)) continue;
    const body = text.slice(i + 8, i + 18);
    if (!BODY.test(body)) continue;
    const no = `${date}${body}`;
    if (!seen.has(no)) {
      seen.add(no);
      found.push(no);
    }
  }
}

/**
 * Candidate order numbers in a reference text, most likely first: those written as they are
 * (a word of their own, or the start of an out_trade_no), then those found once separators are
 * removed and look-alike letters read as digits. Each still has to be found in the ledger.
 */
export function extractOrderNumbers(text: string, max = 10): string[] {
  const upper = text.normalize('NFKC').toUpperCase();
  const found: string[] = [];
  const seen = new Set<string>();
  const exact = new RegExp(`(?<![0-9A-Z])(20\\d{6}[${ALPHABET}]{10})(?=P\\d{1,3}(?![0-9A-Z])|(?![0-9A-Z]))`, 'g');
  for (const m of upper.matchAll(exact)) {
    if (plausibleDate(m[1]!.slice(0, 8)) && !seen.has(m[1]!)) {
      seen.add(m[1]!);
      found.push(m[1]!);
    }
  }
  candidatesIn(crockford(upper.replace(SEPARATORS, '')), found, seen);
  return found.slice(0, max);
}
