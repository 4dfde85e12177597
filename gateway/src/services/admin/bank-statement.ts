// An operator's bank statement: read as camt.053 XML or as the online-banking CSV export, then
// reconciled by core (`reconcileBankStatement`), which completes the transfers it matches and
// records every credit. This layer only decides how to read the file and turns a file that cannot
// be read into the product's wording; nothing is written unless the whole file was read.
import { reconcileBankStatement, type BankStatementResult } from '@shop/core';
import { BankStatementError, parseBankCsv, parseCamt053, type BankCredit } from '@shop/payments/bank-statement/index';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { Operator } from './operator.js';

/** A day's statement is a few hundred KB; a month's camt.053 of a busy account stays below this. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Excel on Windows labels a .csv file application/vnd.ms-excel. */
export const STATEMENT_MEDIA_TYPES = ['application/xml', 'text/xml', 'text/csv', 'application/csv', 'application/vnd.ms-excel'] as const;
export const STATEMENT_EXTENSIONS = ['.xml', '.csv'] as const;

export interface StatementFile {
  body: Buffer;
  mediaType: string;
  fileName: string;
}

/**
 * The file as text: UTF-8 (with or without a byte order mark), else Windows-1252, the encoding
 * German online banking still exports its CSV in.
 */
export function decodeStatement(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** XML when the file says so or starts like XML; otherwise the CSV export. */
function isXml(file: StatementFile, text: string): boolean {
  if (file.mediaType.endsWith('/xml') || file.fileName.toLowerCase().endsWith('.xml')) return true;
  if (file.mediaType.includes('csv') || file.fileName.toLowerCase().endsWith('.csv')) return false;
  return text.trimStart().startsWith('<');
}

/** The statement's credits; throws BankStatementError (naming the line or element) for a file that cannot be read. */
export function readStatement(file: StatementFile): { credits: BankCredit[]; format: 'camt053' | 'csv' } {
  const text = decodeStatement(file.body);
  const format = isXml(file, text) ? 'camt053' : 'csv';
  return { credits: format === 'camt053' ? parseCamt053(text) : parseBankCsv(text), format };
}

export type StatementUpload = BankStatementResult & { format: 'camt053' | 'csv'; credits: number };

/** Reads the statement and lets core complete what it matches; a file without credits changes nothing. */
export async function uploadBankStatement(deps: ServiceDeps, op: Operator, file: StatementFile): Promise<StatementUpload> {
  let read;
  try {
    read = readStatement(file);
  } catch (err) {
    if (!(err instanceof BankStatementError)) throw err;
    // Where the file went wrong is for the log: the operator is told to upload the bank's own file.
    deps.log.info({ operatorId: op.user.id, fileName: file.fileName, reason: err.message }, 'bank statement refused');
    throw appError('bankStatementUnreadable', { field: 'file' });
  }
  if (!read.credits.length) throw appError('bankStatementNoCredits', { field: 'file' });
  const result = await reconcileBankStatement(deps, {
    credits: read.credits,
    raw: file.body,
    mediaType: read.format === 'camt053' ? 'application/xml' : 'text/csv',
    operatorId: op.user.id,
  });
  deps.log.info(
    { operatorId: op.user.id, fileName: file.fileName, credits: read.credits.length, completed: result.completed.length, known: result.known },
    'bank statement reconciled',
  );
  return { ...result, format: read.format, credits: read.credits.length };
}
