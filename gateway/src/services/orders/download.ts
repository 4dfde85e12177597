import type { Readable } from 'node:stream';
import { SourceMissing } from '@shop/core/ebook-copies';
import { queryTemplate, type Db } from '@shop/db';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { sha256 } from '@shop/config';
import { findSessionUser, liveSession } from '../accounts/sessions.js';

export interface EbookFile {
  fileName: string;
  bookId: number;
  /** A large stored copy, streamed, with its size; or the bytes of a small one, or of a copy made for this request. */
  body: { stream: Readable; size: number } | { bytes: Uint8Array };
}

// The session and, when it is valid, its user's paid e-book order behind a download, by order
// number or by book, in one statement (compiled once, prepared): no row is no valid session
// (`liveSession`, the check of every signed-in request); a row without a book is a session whose
// user has no such order.
type PaidEbookFilter = { orderNo: string } | { bookId: number };
const downloadable = (db: Db, a: Record<'tokenHash' | 'now', never>, filter: PaidEbookFilter) =>
  liveSession(db, a)
    .leftJoinLateral(
      (eb) => {
        const paid = eb
          .selectFrom('orders')
          .innerJoin('books', 'books.id', 'orders.book_id')
          .select(['orders.book_id', 'books.pdf_file', 'books.title_en', 'books.title_zh', 'orders.language'])
          .whereRef('orders.user_id', '=', 'users.id')
          .where('orders.status', '=', 'paid')
          // A refunded order gave the money back: its e-book is no longer the buyer's to download.
          .where('orders.refunded_at', 'is', null)
          .where('orders.format', '=', 'ebook');
        return ('orderNo' in filter ? paid.where('orders.order_no', '=', filter.orderNo) : paid.where('orders.book_id', '=', filter.bookId))
          .orderBy('orders.paid_at', 'desc')
          .limit(1)
          .as('o');
      },
      (join) => join.onTrue(),
    )
    .select(['users.id as user_id', 'users.email', 'o.book_id', 'o.pdf_file', 'o.title_en', 'o.title_zh', 'o.language']);
const byOrderNo = queryTemplate(['tokenHash', 'now', 'orderNo'], (db, a) => downloadable(db, a, { orderNo: a.orderNo }));
const byBookId = queryTemplate(['tokenHash', 'now', 'bookId'], (db, a) => downloadable(db, a, { bookId: a.bookId }));

const downloadFailed = () => appError('downloadFailed');

/**
 * The PDF of a paid e-book order of the session's user, encrypted for them (their login email
 * opens it). The route resolves no session before it (the statement above checks it with the
 * order): a request without a valid one is asked to log in. The copy the workers made when the
 * order was paid is sent from the shared folder; when the download comes first (or the copy was
 * evicted, or the email changed since), it is encrypted now and stored for the next one. Anything
 * else is refused alike.
 */
export async function ebookFor(deps: ServiceDeps, sessionToken: string | null, which: { orderNo?: string; bookId?: number }): Promise<EbookFile> {
  if (!sessionToken || sessionToken.length > 200) throw appError('notLoggedIn');
  const session = { tokenHash: sha256(sessionToken), now: new Date() };
  let query;
  if (which.orderNo) query = byOrderNo(deps.db, { ...session, orderNo: which.orderNo });
  else if (which.bookId && Number.isInteger(which.bookId)) query = byBookId(deps.db, { ...session, bookId: which.bookId });
  else {
    // Nothing to look for: a valid session is refused as any failed download, another asked to log in.
    if (!(await findSessionUser(deps, sessionToken))) throw appError('notLoggedIn');
    throw downloadFailed();
  }
  const row = (await deps.db.executeQuery(query)).rows[0];
  if (!row) throw appError('notLoggedIn');
  if (!row.email || row.book_id === null || row.pdf_file === null) throw downloadFailed();

  const fileName = `${row.language === 'zh' ? row.title_zh : row.title_en}.pdf`;
  const owner = { userId: row.user_id, email: row.email, pdfFile: row.pdf_file };
  try {
    const stored = await deps.ebooks.find(owner);
    if (stored && 'bytes' in stored) return { fileName, bookId: row.book_id, body: { bytes: stored.bytes } };
    if (stored)
      return { fileName, bookId: row.book_id, body: { stream: stored.handle.createReadStream({ start: 0, end: stored.size - 1 }), size: stored.size } };
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
