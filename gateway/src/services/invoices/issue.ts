import { issueInvoice, LedgerRefusal, type InvoiceDocumentInput } from '@shop/core';
import { appError, type ErrorKey } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { requireOperator } from '../admin/operator.js';

// An operator issues the invoice a buyer asked for: core moves the order's invoice status once
// and queues the buyer's mail; this turns each of its refusals into the product's wording.

const refusals: Partial<Record<LedgerRefusal['reason'], { key: ErrorKey; field?: string }>> = {
  order_not_found: { key: 'orderNotFound', field: 'orderNo' },
  invoice_not_requested: { key: 'invoiceNotRequested' },
  invoice_already_issued: { key: 'invoiceAlreadyIssued' },
  invoice_order_not_paid: { key: 'invoiceOrderNotPaid' },
  invoice_order_refunded: { key: 'invoiceOrderRefunded' },
  invoice_file_empty: { key: 'invoiceFileEmpty', field: 'file' },
  invoice_file_too_large: { key: 'invoiceFileTooLarge', field: 'file' },
  invoice_file_type: { key: 'invoiceFileType', field: 'file' },
  courier_required: { key: 'courierRequired', field: 'courier' },
  courier_too_long: { key: 'tooLong64', field: 'courier' },
  tracking_no_required: { key: 'trackingNoRequired', field: 'trackingNo' },
  tracking_no_too_long: { key: 'tooLong64', field: 'trackingNo' },
};

export async function issueOrderInvoice(
  deps: ServiceDeps,
  user: SessionUser | null,
  orderNo: string,
  document: InvoiceDocumentInput,
): Promise<{ orderNo: string; changed: boolean }> {
  const { user: operator, actor } = requireOperator(user);
  if (!orderNo || orderNo.length > 64) throw appError('orderNotFound', { field: 'orderNo' });
  try {
    await issueInvoice(deps, { orderNo, actor, operatorId: operator.id, document });
  } catch (err) {
    if (!(err instanceof LedgerRefusal)) throw err;
    // A document of the other way than the buyer chose: say which one the buyer asked for.
    if (err.reason === 'invoice_delivery_mismatch') throw appError(document.delivery === 'electronic' ? 'invoiceWantsCourier' : 'invoiceWantsFile');
    const r = refusals[err.reason];
    if (!r) throw err;
    throw appError(r.key, r.field ? { field: r.field } : undefined);
  }
  deps.log.info({ orderNo, delivery: document.delivery }, 'invoice issued');
  return { orderNo, changed: true };
}
