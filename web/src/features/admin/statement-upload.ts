// The console's bank-statement upload: the file itself is the request body (see the gateway's
// routes/operator-upload.ts), its name in X-File-Name. Not GraphQL: a file in a JSON body would
// grow by a third and be decoded whole before any check.
import { storedLocale } from '../../lib/i18n';

export const BANK_STATEMENT_UPLOAD_URL = '/admin/uploads/bank-statement';
/** What the file chooser offers; the gateway decides what it takes. */
export const STATEMENT_ACCEPT = '.xml,.csv,application/xml,text/xml,text/csv';
/** A statement of a few MB over a slow line takes longer than the 5 s of an ordinary request. */
const UPLOAD_TIMEOUT_MS = 60_000;

export interface StatementResult {
  format: 'camt053' | 'csv';
  credits: number;
  completed: string[];
  partial: { entryRef: string; orderNo: string; amount: string; currency: string; orderAmount: string; orderCurrency: string }[];
  unmatched: { entryRef: string; amount: string; currency: string; reference: string }[];
  known: number;
}

export type UploadAnswer = { ok: true; result: StatementResult } | { ok: false; message: string | null };

export async function uploadStatement(file: File): Promise<UploadAnswer> {
  let res: Response;
  try {
    res = await fetch(BANK_STATEMENT_UPLOAD_URL, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name), locale: storedLocale() },
      body: file,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, message: null };
  }
  const answer = (await res.json().catch(() => null)) as { code?: number; message?: string; data?: StatementResult | null } | null;
  if (res.ok && answer?.code === 200 && answer.data) return { ok: true, result: answer.data };
  // A refusal carries the server's wording; a server failure (5xx) gets the console's own.
  return { ok: false, message: res.status < 500 && typeof answer?.message === 'string' ? answer.message : null };
}
