import type { Kysely, Selectable } from 'kysely';
import type { Database } from '@shop/db';
import type { PurchaseInfoFields } from './validation.js';
import { intentView, type IntentView } from './views.js';
import { inOrderOf } from '../in-order-of.js';

/** The purchase info as the buyer entered it (validation.ts), with the order's payment method and language. */
export interface PurchaseInfoView extends PurchaseInfoFields {
  paymentMethod: number;
  selLanguage: string | null;
}

/** The purchase info of one of the user's orders; null for another user's order. */
export async function purchaseInfoOf(db: Kysely<Database>, userId: number, orderNo: string): Promise<PurchaseInfoView | null> {
  const r = await db
    .selectFrom('purchase_infos')
    .innerJoin('orders', 'orders.id', 'purchase_infos.order_id')
    .selectAll('purchase_infos')
    .where('orders.order_no', '=', orderNo)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
  return r ? purchaseInfoView(r) : null;
}

/** A purchase info row as both faces show it. */
export function purchaseInfoView(r: Selectable<Database['purchase_infos']>): PurchaseInfoView {
  return {
    streetNumber: r.street_number,
    zip: r.zip,
    town: r.town,
    province: r.province,
    country: r.country,
    vatId: r.vat_id,
    letterbox: r.letterbox,
    landlineTel: r.landline_tel,
    mobileTel: r.mobile_tel,
    purchaseOrderNo: r.purchase_order_no,
    paymentMethod: r.payment_method,
    selLanguage: r.sel_language,
  };
}

/**
 * What the buyer gave at checkout for one of their orders. An order paid online asks only for the
 * country (the full purchase information is the bank transfer's invoice data): it answers that
 * country, the other fields empty, rather than "no purchase information". Null for an order that
 * is not the user's. The legacy /api/order/purchaseInfo keeps answering the stored row only.
 */
export async function purchaseInfoForBuyer(db: Kysely<Database>, userId: number, orderNo: string): Promise<PurchaseInfoView | null> {
  const stored = await purchaseInfoOf(db, userId, orderNo);
  if (stored) return stored;
  const o = await db
    .selectFrom('orders')
    .select(['country', 'pay_type', 'language'])
    .where('order_no', '=', orderNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!o) return null;
  return {
    streetNumber: '',
    zip: '',
    town: '',
    province: null,
    country: o.country,
    vatId: null,
    letterbox: null,
    landlineTel: null,
    mobileTel: null,
    purchaseOrderNo: null,
    paymentMethod: o.pay_type,
    selLanguage: o.language,
  };
}

export async function latestIntent(db: Kysely<Database>, userId: number, orderNo: string): Promise<IntentView | null> {
  const r = await db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .selectAll('payment_intents')
    .select('orders.expires_at as order_expires_at')
    .where('orders.order_no', '=', orderNo)
    .where('orders.user_id', '=', userId)
    .orderBy('payment_intents.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? intentView(orderNo, r, r.order_expires_at) : null;
}

export interface InvoiceView {
  invoiceType: 'VAT_GENERAL' | 'VAT_SPECIAL';
  pickupMethod: 'EXPRESS' | 'ELECTRONIC' | null;
  invoicePayable: string | null;
  services: string | null;
  taxpayerInden: string | null;
  registeredOffice: string | null;
  financePhone: string | null;
  accountOpeningBank: string | null;
  bankAccount: string | null;
  recipientName: string | null;
  contactPhone: string | null;
  contactArea: string | null;
  contactMail: string | null;
  province: string | null;
  city: string | null;
  area: string | null;
  detailedAddress: string | null;
}

/**
 * The invoices of some orders in key order, with one query: null where the order asks for no
 * invoice (a reused order whose last checkout turned the switch off keeps its old row, unused).
 * With a userId only that buyer's orders answer.
 */
export async function invoicesByOrderNo(db: Kysely<Database>, orderNos: readonly string[], userId?: number): Promise<(InvoiceView | null)[]> {
  if (!orderNos.length) return [];
  let q = db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .selectAll('invoices')
    .select('orders.order_no')
    .where('orders.order_no', 'in', [...new Set(orderNos)])
    .where('orders.invoice_required', '=', true);
  if (userId !== undefined) q = q.where('orders.user_id', '=', userId);
  return inOrderOf(orderNos, await q.execute(), (r) => ({
    invoiceType: r.invoice_type === 'vat_special' ? 'VAT_SPECIAL' : 'VAT_GENERAL',
    pickupMethod: r.pickup_method === 'express' ? 'EXPRESS' : r.pickup_method === 'electronic' ? 'ELECTRONIC' : null,
    invoicePayable: r.invoice_payable,
    services: r.services,
    taxpayerInden: r.taxpayer_inden,
    registeredOffice: r.registered_office,
    financePhone: r.finance_phone,
    accountOpeningBank: r.account_opening_bank,
    bankAccount: r.bank_account,
    recipientName: r.recipient_name,
    contactPhone: r.contact_phone,
    contactArea: r.contact_area,
    contactMail: r.contact_mail,
    province: r.province,
    city: r.city,
    area: r.area,
    detailedAddress: r.detailed_address,
  }));
}

export interface OrderRefundView {
  amountMinor: number;
  currency: string;
  kind: 'order' | 'duplicate_payment';
  status: 'requested' | 'pending' | 'succeeded';
  completedAt: string | null;
}

/**
 * The refunds of some of a buyer's orders that went through or are under way (a failed one is left
 * out: it can be asked again), oldest first, per order in key order, with one query. Only that
 * buyer's orders answer; another's order answers an empty list.
 */
export async function refundsByOrderNo(db: Kysely<Database>, orderNos: readonly string[], userId: number): Promise<OrderRefundView[][]> {
  if (!orderNos.length) return [];
  const rows = await db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select(['orders.order_no', 'refunds.amount_minor', 'refunds.currency', 'refunds.kind', 'refunds.status', 'refunds.completed_at'])
    .where('orders.order_no', 'in', [...new Set(orderNos)])
    .where('orders.user_id', '=', userId)
    .where('refunds.status', '!=', 'failed')
    .orderBy('refunds.id')
    .execute();
  const byNo = new Map<string, OrderRefundView[]>();
  for (const r of rows) {
    if (r.status === 'failed') continue;
    const list = byNo.get(r.order_no) ?? [];
    list.push({
      amountMinor: r.amount_minor,
      currency: r.currency,
      kind: r.kind,
      status: r.status,
      completedAt: r.completed_at ? r.completed_at.toISOString() : null,
    });
    byNo.set(r.order_no, list);
  }
  return orderNos.map((no) => byNo.get(no) ?? []);
}
