/** Why the ledger refused a request; the faces turn each reason into the product's wording. */
export type RefusalReason =
  | 'already_bought'
  | 'checkout_in_progress'
  | 'previous_attempt_open'
  | 'provider_failed'
  | 'order_not_found'
  | 'not_bank_transfer'
  | 'not_awaiting_payment'
  | 'open_paper_order_exists'
  | 'reconciliation_unsupported'
  | 'item_not_found'
  | 'item_not_open'
  | 'action_not_allowed'
  | 'note_required'
  | 'note_too_long'
  | 'invoice_not_requested'
  | 'invoice_already_issued'
  | 'invoice_order_not_paid'
  | 'invoice_order_refunded'
  | 'invoice_delivery_mismatch'
  | 'invoice_file_empty'
  | 'invoice_file_too_large'
  | 'invoice_file_type'
  | 'courier_required'
  | 'courier_too_long'
  | 'tracking_no_required'
  | 'tracking_no_too_long';

export class LedgerRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string = reason,
  ) {
    super(message);
    this.name = 'LedgerRefusal';
  }
}
