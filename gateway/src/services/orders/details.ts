import type { Kysely } from 'kysely';
import type { Database } from '@shop/db';
import { intentView, type IntentView } from './views.js';

export interface PurchaseInfoView {
  streetNumber: string;
  zip: string;
  town: string;
  province: string | null;
  country: string;
  vatId: string | null;
  letterbox: string | null;
  landlineTel: string | null;
  mobileTel: string | null;
  purchaseOrderNo: string | null;
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
  if (!r) return null;
  return {
    streetNumber: r.street_number, zip: r.zip, town: r.town, province: r.province, country: r.country, vatId: r.vat_id, letterbox: r.letterbox,
    landlineTel: r.landline_tel, mobileTel: r.mobile_tel, purchaseOrderNo: r.purchase_order_no, paymentMethod: r.payment_method, selLanguage: r.sel_language,
  };
}

export async function latestIntent(db: Kysely<Database>, userId: number, orderNo: string): Promise<IntentView | null> {
  const r = await db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .selectAll('payment_intents')
    .where('orders.order_no', '=', orderNo)
    .where('orders.user_id', '=', userId)
    .orderBy('payment_intents.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? intentView(orderNo, r) : null;
}
