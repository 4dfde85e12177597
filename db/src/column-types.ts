// The types the generated table types (generated/db-types.ts) give to columns that the database
// stores as plain text, smallint or jsonb, named in db/kysely-codegen.json. Most are the values a
// CHECK constraint of the migrations allows; the app's code speaks of them by these names.
import type { ColumnType } from 'kysely';

export type Language = 'zh' | 'en';
export type Role = 'buyer' | 'operator';
export type BookFormat = 'ebook' | 'paper';
export type OrderStatus = 'pending_payment' | 'paid' | 'expired';
export type ShippingStatus = 'not_shipped' | 'shipped';
/** The legacy pay type: 2 online, 3 offline (bank transfer). */
export type PayType = 2 | 3;
export type ProviderName = 'wechat' | 'alipay' | 'paypal' | 'bank_transfer';
export type IntentStatus = 'created' | 'pending' | 'succeeded' | 'failed' | 'closed' | 'expired';
export type ActorType = 'system' | 'buyer' | 'operator' | 'provider';
export type MirrorStatus = 'pending' | 'succeeded' | 'failed';
export type CodePurpose = 'register' | 'reset' | 'bind_email';
export type InvoiceType = 'vat_general' | 'vat_special';
export type PickupMethod = 'express' | 'electronic';
/** Derived by the database from invoice_required and invoice_issued_at (a generated column). */
export type InvoiceStatus = 'none' | 'required' | 'issued';
/** How an issued invoice reached the buyer: its file (download, mail) or by courier. */
export type InvoiceDelivery = 'electronic' | 'express';
export type InvoiceContentType = 'application/pdf' | 'application/ofd';
export type RefundKind = 'order' | 'duplicate_payment';
export type RefundRowStatus = 'requested' | 'pending' | 'succeeded' | 'failed';
export type MerchantSetup = 'overseas' | 'domestic';
export type BillIntegrity = 'sha1' | 'none';
export type ReconciliationOutcome = 'reconciled' | 'not_ready' | 'rejected' | 'failed';
/** `unmatched_credit`: a bank credit whose reference names no order of the shop. */
// prettier-ignore
export type ReconciliationVerdict = 'matched' | 'missing_settlement' | 'amount_mismatch' | 'unknown_refund' | 'missing_at_provider' | 'duplicate_payment' | 'unmatched_credit';
/** closed: nothing to do; open: waits for an operator; the others say how it was resolved. */
export type ReconciliationState = 'closed' | 'open' | 'settled' | 'refunded' | 'acknowledged' | 'found_later';
/** Why an item or run came out so, worded by the console (core/src/reconciliation/detail-codes.ts). */
// prettier-ignore
export type ReconciliationDetailCode = 'unknown_trade' | 'amount_differs' | 'payer_amount_differs' | 'not_settled_in_shop' | 'second_payment_refunded' | 'second_payment_not_refunded' | 'billed_twice' | 'unknown_refund' | 'refund_amount_differs' | 'refund_not_completed' | 'missing_at_provider' | 'found_later' | 'unmatched_credit' | 'credit_amount_differs' | 'bill_not_ready' | 'bill_rejected';

/**
 * A jsonb column is written as JSON text: pg would send a JavaScript array as a PostgreSQL array,
 * so writers stringify. What comes back is parsed JSON of a shape only the writer knows.
 */
export type JsonText = ColumnType<unknown, string, string>;
/** The request headers a provider callback came with (defaults to `{}`). */
export type ProviderHeaders = ColumnType<Record<string, unknown>, string | undefined, string>;
