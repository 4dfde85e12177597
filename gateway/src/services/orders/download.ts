import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { queryTemplate, type Db } from '@shop/db';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { encryptedPdfCache } from './pdf-cache.js';

const encrypted = encryptedPdfCache(32 * 1024 * 1024);

// The PDF library (with its colour library) is a quarter of the gateway's module loading, about
// 0.3 s of CPU at every start: it is loaded by the first download instead.
let pdfLibLoad: Promise<typeof import('@cantoo/pdf-lib')> | undefined;
const pdfLib = () => (pdfLibLoad ??= import('@cantoo/pdf-lib'));

export interface EbookFile {
  fileName: string;
  bookId: number;
  bytes: Uint8Array;
}

// The paid e-book order behind a download, by order number or by book: compiled once, prepared.
const paidEbooks = (db: Db) =>
  db
    .selectFrom('orders')
    .innerJoin('books', 'books.id', 'orders.book_id')
    .select(['orders.book_id', 'books.pdf_file', 'books.title_en', 'books.title_zh', 'orders.language'])
    .where('orders.status', '=', 'paid')
    // A refunded order gave the money back: its e-book is no longer the buyer's to download.
    .where('orders.refunded_at', 'is', null)
    .where('orders.format', '=', 'ebook')
    .orderBy('orders.paid_at', 'desc')
    .limit(1);
const byOrderNo = queryTemplate(['userId', 'orderNo'], (db, a) =>
  paidEbooks(db).where('orders.user_id', '=', a.userId).where('orders.order_no', '=', a.orderNo),
);
const byBookId = queryTemplate(['userId', 'bookId'], (db, a) => paidEbooks(db).where('orders.user_id', '=', a.userId).where('orders.book_id', '=', a.bookId));

const downloadFailed = () => appError('downloadFailed');

/**
 * The PDF of a paid e-book order of this user, encrypted for them: the login email opens it, a
 * random owner password (thrown away) guards the permissions. Anything else is refused alike.
 */
export async function ebookFor(deps: ServiceDeps, user: SessionUser | null, which: { orderNo?: string; bookId?: number }): Promise<EbookFile> {
  if (!user) throw appError('notLoggedIn');
  if (!user.email) throw downloadFailed();
  let query;
  if (which.orderNo) query = byOrderNo(deps.db, { userId: user.id, orderNo: which.orderNo });
  else if (which.bookId && Number.isInteger(which.bookId)) query = byBookId(deps.db, { userId: user.id, bookId: which.bookId });
  else throw downloadFailed();
  const row = (await deps.db.executeQuery(query)).rows[0];
  if (!row) throw downloadFailed();

  const file = path.resolve(deps.config.contentDir, path.basename(row.pdf_file));
  const title = row.language === 'zh' ? row.title_zh : row.title_en;
  let source: Buffer;
  let version: string;
  try {
    version = String((await stat(file)).mtimeMs);
  } catch {
    deps.log.error({ file }, 'e-book file missing');
    throw downloadFailed();
  }
  const key = `${user.id}\u0000${user.email}\u0000${file}\u0000${version}`;
  const cached = encrypted.get(key);
  if (cached) return { fileName: `${title}.pdf`, bookId: row.book_id, bytes: cached };
  try {
    source = await readFile(file);
  } catch {
    throw downloadFailed();
  }
  const bytes = await encryptPdf(source, user.email);
  encrypted.set(key, bytes);
  return { fileName: `${title}.pdf`, bookId: row.book_id, bytes };
}

/**
 * The PDF encrypted with AES-256 (PDF 2.0): the user password opens it, a random owner password
 * (thrown away) guards the permissions. Most of its cost is the standard's deliberately slow
 * password hashing, four times per document (user and owner, validation and key salts).
 */
export async function encryptPdf(source: Uint8Array, userPassword: string): Promise<Uint8Array> {
  const { PDFDocument } = await pdfLib();
  const doc = await PDFDocument.load(source);
  doc.encrypt({
    userPassword,
    ownerPassword: randomBytes(24).toString('base64url'),
    permissions: {
      printing: 'highResolution',
      modifying: false,
      copying: false,
      annotating: false,
      fillingForms: false,
      contentAccessibility: true,
      documentAssembly: false,
    },
  });
  return doc.save({ useObjectStreams: false });
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (Chinese titles). */
export function attachment(fileName: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
