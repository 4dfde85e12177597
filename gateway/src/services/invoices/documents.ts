import type { Kysely } from 'kysely';
import type { Database, InvoiceContentType, InvoiceDelivery } from '@shop/db';
import { appendAuditEvent } from '../admin/audit.js';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { inOrderOf } from '../in-order-of.js';

// Reading issued invoices: what the buyer (and the console) is shown of them, and the file itself
// for its buyer or an operator, each download audited. The rows are core's (invoice_documents).

export interface IssuedInvoiceView {
  orderNo: string;
  delivery: InvoiceDelivery;
  issuedAt: string;
  fileName: string | null;
  contentType: InvoiceContentType | null;
  byteSize: number | null;
  courier: string | null;
  trackingNo: string | null;
}

/** Where the session downloads an order's electronic invoice. */
export const invoiceDownloadPath = (orderNo: string) => `/api/orders/${encodeURIComponent(orderNo)}/invoice`;

/**
 * The issued invoices of some orders in key order, with one query (never the file's bytes): null
 * where none was issued. With a userId only that buyer's orders answer.
 */
export async function issuedInvoicesByOrderNo(db: Kysely<Database>, orderNos: readonly string[], userId?: number): Promise<(IssuedInvoiceView | null)[]> {
  if (!orderNos.length) return [];
  let q = db
    .selectFrom('invoice_documents')
    .innerJoin('orders', 'orders.id', 'invoice_documents.order_id')
    .select([
      'orders.order_no',
      'invoice_documents.delivery',
      'invoice_documents.issued_at',
      'invoice_documents.file_name',
      'invoice_documents.content_type',
      'invoice_documents.byte_size',
      'invoice_documents.courier',
      'invoice_documents.tracking_no',
    ])
    .where('orders.order_no', 'in', [...new Set(orderNos)]);
  if (userId !== undefined) q = q.where('orders.user_id', '=', userId);
  return inOrderOf(orderNos, await q.execute(), (r) => ({
    orderNo: r.order_no,
    delivery: r.delivery,
    issuedAt: r.issued_at.toISOString(),
    fileName: r.file_name,
    contentType: r.content_type,
    byteSize: r.byte_size,
    courier: r.courier,
    trackingNo: r.tracking_no,
  }));
}

export interface InvoiceFile {
  fileName: string;
  contentType: InvoiceContentType;
  bytes: Buffer;
}

/**
 * The electronic invoice of an order, for the order's buyer or an operator. Another buyer's order,
 * an unknown one, one without an issued electronic invoice: all answer the same refusal, so the
 * answer tells nothing about orders that are not the asker's. Each download is audited.
 */
export async function invoiceFileFor(deps: ServiceDeps, user: SessionUser | null, orderNo: string): Promise<InvoiceFile> {
  if (!user) throw appError('notLoggedIn');
  if (!orderNo || orderNo.length > 64) throw appError('downloadFailed');
  let q = deps.db
    .selectFrom('invoice_documents')
    .innerJoin('orders', 'orders.id', 'invoice_documents.order_id')
    .select(['invoice_documents.file_name', 'invoice_documents.content_type', 'invoice_documents.content', 'invoice_documents.sha256'])
    .where('orders.order_no', '=', orderNo)
    .where('invoice_documents.delivery', '=', 'electronic');
  if (user.role !== 'operator') q = q.where('orders.user_id', '=', user.id);
  const row = await q.executeTakeFirst();
  if (!row?.content || !row.file_name || !row.content_type) throw appError('downloadFailed');
  await appendAuditEvent(
    deps.db,
    { type: 'invoice', id: orderNo },
    'invoice_downloaded',
    { type: user.role === 'operator' ? 'operator' : 'buyer', id: String(user.id) },
    undefined,
    undefined,
    { sha256: row.sha256, byteSize: row.content.length },
  );
  return { fileName: row.file_name, contentType: row.content_type, bytes: row.content };
}
