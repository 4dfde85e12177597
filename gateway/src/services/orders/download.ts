import type { Readable } from 'node:stream';
import { SourceMissing } from '@shop/core/ebook-copies';
import { queryTemplate, type Db } from '@shop/db';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';

export interface EbookFile {
  fileName: string;
  bookId: number;
  /** The stored copy, streamed, with its size; or the bytes of a copy made for this request. */
  body: { stream: Readable; size: number } | { bytes: Uint8Array };
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
 * The PDF of a paid e-book order of this user, encrypted for them (their login email opens it).
 * The copy the workers made when the order was paid is streamed from the shared folder; when the
 * download comes first (or the copy was evicted, or the email changed since), it is encrypted now
 * and stored for the next one. Anything else is refused alike.
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

  const fileName = `${row.language === 'zh' ? row.title_zh : row.title_en}.pdf`;
  const owner = { userId: user.id, email: user.email, pdfFile: row.pdf_file };
  try {
    const stored = await deps.ebooks.find(owner);
    if (stored) return { fileName, bookId: row.book_id, body: { stream: stored.handle.createReadStream(), size: stored.size } };
    return { fileName, bookId: row.book_id, body: { bytes: await deps.ebooks.make(owner) } };
  } catch (err) {
    if (err instanceof SourceMissing) deps.log.error({ file: row.pdf_file }, 'e-book file missing');
    else deps.log.error({ err }, 'e-book copy failed');
    throw downloadFailed();
  }
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (Chinese titles). */
export function attachment(fileName: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
