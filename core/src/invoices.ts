import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { INVOICE_FILE_MAX_BYTES, trailColumns, type Actor, type InvoiceContentType } from '@shop/db';
import type { CoreDeps } from './deps.js';
import { appendOrderEvent } from './order-events.js';
import { LedgerRefusal } from './refusal.js';
import { inTransaction } from './unit-of-work.js';

// Issuing the invoice a buyer asked for at checkout: the order's invoice status moves once,
// `required → issued`, under the order's row lock, with the document (the electronic invoice's
// file, or the paper invoice's courier and tracking number), the order's trail, the file's audit
// row and the buyer's mail in one transaction. Every refusal is decided before anything is written.

export type InvoiceDocumentInput = { delivery: 'electronic'; bytes: Uint8Array } | { delivery: 'express'; courier: string; trackingNo: string };

export interface IssueInvoice {
  orderNo: string;
  actor: Actor;
  /** The operator's user id, kept on the document. */
  operatorId: number;
  document: InvoiceDocumentInput;
}

export interface IssuedInvoice {
  orderNo: string;
  delivery: 'electronic' | 'express';
  issuedAt: Date;
}

/** Courier names and tracking numbers are short: the express companies' numbers are under 30 characters. */
const TEXT_MAX = 64;

const startsWith = (b: Uint8Array, magic: number[]) => magic.every((v, i) => b[i] === v);
const PDF_MAGIC = [...Buffer.from('%PDF-')];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** OFD (GB/T 33190) is a ZIP container whose root holds OFD.xml; the entries are listed, never inflated. */
function isOfd(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_MAGIC)) return false;
  let found = false;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (f.name === 'OFD.xml') found = true;
        return false;
      },
    });
  } catch {
    return false;
  }
  return found;
}

/** What the file is by its first bytes, never by its name or the type the client claimed. */
export function invoiceContentType(bytes: Uint8Array): InvoiceContentType | null {
  if (startsWith(bytes, PDF_MAGIC)) return 'application/pdf';
  if (isOfd(bytes)) return 'application/ofd';
  return null;
}

function checkedText(value: string, required: 'courier_required' | 'tracking_no_required', tooLong: 'courier_too_long' | 'tracking_no_too_long'): string {
  const t = value.trim();
  if (!t) throw new LedgerRefusal(required);
  if ([...t].length > TEXT_MAX) throw new LedgerRefusal(tooLong);
  return t;
}

type CheckedDocument =
  | { delivery: 'electronic'; content: Buffer; contentType: InvoiceContentType; fileName: string; sha256: string }
  | { delivery: 'express'; courier: string; trackingNo: string };

/** The document's own rules, before any row is read. */
function checkDocument(orderNo: string, d: InvoiceDocumentInput): CheckedDocument {
  if (d.delivery === 'express') {
    return {
      delivery: 'express',
      courier: checkedText(d.courier, 'courier_required', 'courier_too_long'),
      trackingNo: checkedText(d.trackingNo, 'tracking_no_required', 'tracking_no_too_long'),
    };
  }
  if (!d.bytes.length) throw new LedgerRefusal('invoice_file_empty');
  if (d.bytes.length > INVOICE_FILE_MAX_BYTES) throw new LedgerRefusal('invoice_file_too_large');
  const contentType = invoiceContentType(d.bytes);
  if (!contentType) throw new LedgerRefusal('invoice_file_type');
  const content = Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength);
  return {
    delivery: 'electronic',
    content,
    contentType,
    // Named by the shop, not by the uploader's file name: the buyer's download and the mail use it.
    fileName: `invoice-${orderNo}.${contentType === 'application/pdf' ? 'pdf' : 'ofd'}`,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}

/**
 * Issues a paid order's invoice, once. Refused (nothing written): an unknown order, an order that
 * asked for no invoice, an unpaid or refunded one, one already issued, a document of the other way
 * than the buyer chose (a file for a courier invoice, a courier for an electronic one), an empty,
 * too large or not PDF/OFD file, an empty or too long courier or tracking number.
 */
export async function issueInvoice(deps: CoreDeps, input: IssueInvoice): Promise<IssuedInvoice> {
  const doc = checkDocument(input.orderNo, input.document);
  return inTransaction(deps, async ({ trx, enqueue }) => {
    const o = await trx
      .selectFrom('orders')
      .leftJoin('invoices', 'invoices.order_id', 'orders.id')
      .select(['orders.id', 'orders.status', 'orders.invoice_required', 'orders.invoice_issued_at', 'orders.refunded_at', 'invoices.pickup_method'])
      .where('orders.order_no', '=', input.orderNo)
      .forUpdate('orders')
      .executeTakeFirst();
    if (!o) throw new LedgerRefusal('order_not_found');
    if (!o.invoice_required) throw new LedgerRefusal('invoice_not_requested');
    if (o.invoice_issued_at) throw new LedgerRefusal('invoice_already_issued');
    if (o.status !== 'paid') throw new LedgerRefusal('invoice_order_not_paid');
    if (o.refunded_at) throw new LedgerRefusal('invoice_order_refunded');
    if (o.pickup_method && o.pickup_method !== doc.delivery) throw new LedgerRefusal('invoice_delivery_mismatch');

    const issuedAt = new Date();
    await trx
      .updateTable('orders')
      .set({ invoice_issued_at: issuedAt, updated_at: issuedAt })
      .where('id', '=', o.id)
      .where('invoice_issued_at', 'is', null)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('invoice_documents')
      .values(
        doc.delivery === 'electronic'
          ? {
              order_id: o.id,
              delivery: 'electronic',
              file_name: doc.fileName,
              content_type: doc.contentType,
              content: doc.content,
              byte_size: doc.content.length,
              sha256: doc.sha256,
              issued_by: String(input.operatorId),
              issued_at: issuedAt,
            }
          : {
              order_id: o.id,
              delivery: 'express',
              courier: doc.courier,
              tracking_no: doc.trackingNo,
              issued_by: String(input.operatorId),
              issued_at: issuedAt,
            },
      )
      .execute();
    const facts =
      doc.delivery === 'electronic'
        ? { delivery: doc.delivery, fileName: doc.fileName, contentType: doc.contentType, byteSize: doc.content.length, sha256: doc.sha256 }
        : { delivery: doc.delivery, courier: doc.courier, trackingNo: doc.trackingNo };
    await appendOrderEvent(trx, o.id, 'invoice_issued', input.actor, { invoiceStatus: 'required' }, { invoiceStatus: 'issued' }, facts);
    // The file's custody trail (subject `invoice`): who stored which bytes; each download adds a row.
    if (doc.delivery === 'electronic')
      await trx
        .insertInto('audit_events')
        .values({ subject_type: 'invoice', subject_id: input.orderNo, type: 'invoice_stored', ...trailColumns(input.actor, undefined, undefined, facts) })
        .execute();
    await enqueue('mail', { kind: 'invoice-issued', orderNo: input.orderNo });
    return { orderNo: input.orderNo, delivery: doc.delivery, issuedAt };
  });
}
