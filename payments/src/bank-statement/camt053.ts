// ISO 20022 camt.053 (BankToCustomerStatement), any version from .001.02 on: every statement's
// entries (Document/BkToCstmrStmt/Stmt/Ntry), of which the booked credits are transfers in. An
// entry may batch several transactions (NtryDtls/TxDtls): each becomes its own credit.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { amountToMinor } from '../delimited.js';
import { centsToDecimal } from '../provider.js';
import { BankStatementError, type BankCredit } from './types.js';

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  textNodeName: '#text',
  // Every element a list, so one and several look alike.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

const all = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const v = node?.[name];
  return Array.isArray(v) ? (v as XmlNode[]) : [];
};
const first = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined => {
  let at = node;
  for (const name of path) at = all(at, name)[0];
  return at;
};
const text = (node: XmlNode | undefined, ...path: string[]): string | undefined => {
  const leaf = first(node, ...path);
  const v = leaf?.['#text'];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};
const attr = (node: XmlNode | undefined, name: string): string | undefined => {
  const v = node?.[`@_${name}`];
  return typeof v === 'string' ? v.trim() : undefined;
};

/** Dt or the date part of DtTm. */
function dateOf(node: XmlNode | undefined): string | undefined {
  const d = text(node, 'Dt') ?? text(node, 'DtTm')?.slice(0, 10);
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : undefined;
}

/** Sts is a code (.001.02–.001.07) or holds one in Cd (.001.08 on). */
function statusOf(entry: XmlNode): string | undefined {
  return text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts') ?? text(entry, 'Sts', 'Prtry');
}

function amountOf(node: XmlNode | undefined, where: string): { minor: number; currency: string } {
  const raw = text(node);
  const currency = attr(node, 'Ccy');
  if (!raw) throw new BankStatementError(where, 'no amount');
  const minor = amountToMinor(raw);
  if (minor === null || minor < 0) throw new BankStatementError(where, `"${raw}" is not an amount`);
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw new BankStatementError(where, `Ccy "${currency ?? ''}" is not a currency code`);
  return { minor, currency };
}

/** RmtInf as one text: the unstructured lines, then the structured creditor references. */
function remittance(tx: XmlNode | undefined): string {
  const rmt = first(tx, 'RmtInf');
  const parts = all(rmt, 'Ustrd').map((u) => (typeof u['#text'] === 'string' ? u['#text'].trim() : ''));
  for (const strd of all(rmt, 'Strd')) {
    for (const ref of all(strd, 'CdtrRefInf')) {
      const r = text(ref, 'Ref');
      if (r) parts.push(r);
    }
    for (const add of all(strd, 'AddtlRmtInf')) if (typeof add['#text'] === 'string') parts.push(add['#text'].trim());
  }
  return parts.filter(Boolean).join(' ');
}

/** The debtor's name: RltdPties/Dbtr/Nm (.02–.07) or RltdPties/Dbtr/Pty/Nm (.08 on). */
function debtorOf(tx: XmlNode | undefined): string | undefined {
  return text(tx, 'RltdPties', 'Dbtr', 'Nm') ?? text(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm');
}

function endToEndOf(tx: XmlNode | undefined): string | undefined {
  const id = text(tx, 'Refs', 'EndToEndId');
  return id && id !== 'NOTPROVIDED' ? id : undefined;
}

export interface Camt053Options {
  /** Entry statuses that count as booked. Default BOOK. */
  bookedStatuses?: readonly string[];
}

/**
 * The booked credits of a camt.053 document. Debits, reversals (RvslInd true: a credit undoing a
 * debit, or a debit undoing a credit, neither a buyer's transfer) and entries not booked (PDNG,
 * INFO) are left out. Throws BankStatementError naming the line or element of bad input.
 */
export function parseCamt053(xml: string, options: Camt053Options = {}): BankCredit[] {
  const booked = options.bookedStatuses ?? ['BOOK'];
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new BankStatementError(`line ${valid.err.line}, column ${valid.err.col}`, `not well-formed XML (${valid.err.msg})`);
  let doc: XmlNode;
  try {
    doc = parser.parse(xml) as XmlNode;
  } catch (err) {
    throw new BankStatementError('document', `cannot be read (${(err as Error).message})`);
  }
  const root = first(doc, 'Document', 'BkToCstmrStmt');
  if (!root) throw new BankStatementError('Document', 'not a camt.053 statement: no Document/BkToCstmrStmt');
  const statements = all(root, 'Stmt');
  if (!statements.length) throw new BankStatementError('Document/BkToCstmrStmt', 'holds no Stmt');

  const credits: BankCredit[] = [];
  statements.forEach((stmt, s) => {
    const stmtId = text(stmt, 'Id') ?? `Stmt${s + 1}`;
    all(stmt, 'Ntry').forEach((entry, n) => {
      const ntryRef = text(entry, 'NtryRef');
      const where = `Stmt[${s + 1}]/Ntry[${n + 1}]${ntryRef ? ` (NtryRef ${ntryRef})` : ''}`;
      const indicator = text(entry, 'CdtDbtInd');
      if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new BankStatementError(`${where}/CdtDbtInd`, `"${indicator ?? ''}" is neither CRDT nor DBIT`);
      const status = statusOf(entry);
      if (!status) throw new BankStatementError(`${where}/Sts`, 'no status');
      const amount = amountOf(first(entry, 'Amt'), `${where}/Amt`);
      if (indicator === 'DBIT' || text(entry, 'RvslInd') === 'true' || !booked.includes(status)) return;
      const bookingDate = dateOf(first(entry, 'BookgDt'));
      if (!bookingDate) throw new BankStatementError(`${where}/BookgDt`, 'a booked entry without a booking date');
      const valueDate = dateOf(first(entry, 'ValDt'));
      const entryRef = text(entry, 'AcctSvcrRef') ?? ntryRef ?? `${stmtId}/${n + 1}`;
      const txs = all(entry, 'NtryDtls').flatMap((d) => all(d, 'TxDtls'));
      const common = { bookingDate, ...(valueDate ? { valueDate } : {}) };

      if (txs.length <= 1) {
        const tx = txs[0];
        const reference = remittance(tx) || text(entry, 'AddtlNtryInf') || '';
        const debtorName = debtorOf(tx);
        const endToEndId = endToEndOf(tx);
        credits.push({
          entryRef,
          ...common,
          amountMinor: amount.minor,
          currency: amount.currency,
          reference,
          ...(debtorName ? { debtorName } : {}),
          ...(endToEndId ? { endToEndId } : {}),
        });
        return;
      }
      // A batch: each transaction carries its own amount, and together they make the entry's.
      const parts = txs.map((tx, k) => {
        const txWhere = `${where}/NtryDtls/TxDtls[${k + 1}]`;
        const amt = first(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? first(tx, 'Amt');
        if (!amt) throw new BankStatementError(txWhere, 'a batched transaction without its amount (AmtDtls/TxAmt/Amt or Amt)');
        return { tx, k, amount: amountOf(amt, `${txWhere}/Amt`) };
      });
      const sum = parts.reduce((acc, p) => acc + p.amount.minor, 0);
      if (parts.some((p) => p.amount.currency !== amount.currency) || sum !== amount.minor) {
        throw new BankStatementError(
          where,
          `its ${parts.length} transactions add up to ${centsToDecimal(sum)}, the entry says ${centsToDecimal(amount.minor)} ${amount.currency}`,
        );
      }
      for (const { tx, k, amount: a } of parts) {
        const debtorName = debtorOf(tx);
        const endToEndId = endToEndOf(tx);
        credits.push({
          entryRef: text(tx, 'Refs', 'AcctSvcrRef') ?? `${entryRef}/${k + 1}`,
          ...common,
          amountMinor: a.minor,
          currency: a.currency,
          reference: remittance(tx),
          ...(debtorName ? { debtorName } : {}),
          ...(endToEndId ? { endToEndId } : {}),
        });
      }
    });
  });
  return credits;
}
