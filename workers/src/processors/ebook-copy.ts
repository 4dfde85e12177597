import type { Job } from 'bullmq';
import type { JobPayloads } from '@shop/jobs';
import type { EbookCopies } from '@shop/core/ebook-copies';
import type { WorkerDeps } from '../deps.js';

/**
 * Makes the buyer's encrypted copy of a paid e-book order (their login email opens it) in the
 * shared copies folder, so their first download streams it. An order that is no longer
 * downloadable (refunded), or a buyer without an email (no password to give the PDF), has nothing
 * to make; a copy already there is kept. A replayed job is harmless.
 */
export function ebookCopyProcessor(deps: Pick<WorkerDeps, 'db'>, copies: EbookCopies) {
  return async (job: Job<JobPayloads['ebook-copy']>): Promise<unknown> => {
    const row = await deps.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .innerJoin('books', 'books.id', 'orders.book_id')
      .select(['orders.user_id', 'users.email', 'books.pdf_file'])
      .where('orders.order_no', '=', job.data.orderNo)
      .where('orders.status', '=', 'paid')
      .where('orders.refunded_at', 'is', null)
      .where('orders.format', '=', 'ebook')
      .executeTakeFirst();
    if (!row) return { skipped: 'not a downloadable e-book order' };
    if (!row.email) return { skipped: 'buyer without an email' };
    const made = await copies.prepare({ userId: row.user_id, email: row.email, pdfFile: row.pdf_file });
    return { made };
  };
}
