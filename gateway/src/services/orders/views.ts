import type { Book, BookFormat, IntentStatus, InvoiceStatus, Order, OrderStatus, ProviderName, ShippingStatus } from '@shop/db';
import type { NextAction } from '@shop/payments';

export type PaymentMethod = 'WECHAT_NATIVE' | 'WECHAT_JSAPI' | 'ALIPAY' | 'PAYPAL' | 'BANK_TRANSFER';

export const paymentMethods: Record<PaymentMethod, { provider: ProviderName; method: 'native' | 'jsapi' | 'page' | 'redirect' | 'offline'; payType: 2 | 3 }> = {
  WECHAT_NATIVE: { provider: 'wechat', method: 'native', payType: 2 },
  WECHAT_JSAPI: { provider: 'wechat', method: 'jsapi', payType: 2 },
  ALIPAY: { provider: 'alipay', method: 'page', payType: 2 },
  PAYPAL: { provider: 'paypal', method: 'redirect', payType: 2 },
  BANK_TRANSFER: { provider: 'bank_transfer', method: 'offline', payType: 3 },
};

export function methodOf(provider: string, method: string): PaymentMethod | null {
  for (const [name, m] of Object.entries(paymentMethods)) if (m.provider === provider && m.method === method) return name as PaymentMethod;
  return null;
}

/** JSON-safe views: what both faces present and what an idempotent replay stores. */
export interface OrderView {
  orderNo: string;
  createdAt: string;
  bookId: string;
  bookNameEn: string;
  bookNameZh: string;
  format: BookFormat;
  language: 'zh' | 'en';
  country: string;
  payType: 2 | 3;
  provider: ProviderName | null;
  paymentMethod: PaymentMethod | null;
  amountCents: number;
  currency: string;
  status: OrderStatus;
  shippingStatus: ShippingStatus;
  invoiceRequired: boolean;
  /** Absent in a replay stored before invoices were issued: read it as invoiceRequired says. */
  invoiceStatus?: InvoiceStatus;
  paidAt: string | null;
  expiresAt: string;
  bankReference: string | null;
  buyerEmail: string;
  userId: number;
  /** Set once the order's payment went back to the buyer; its e-book is no longer downloadable. */
  refundedAt: string | null;
}

export interface IntentView {
  id: string;
  orderNo: string;
  provider: ProviderName;
  method: PaymentMethod;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  nextAction: NextAction | null;
  createdAt: string;
  /** When the attempt stops being payable (the order's expiry, sent to the provider); absent in a replay stored before it. */
  expiresAt?: string;
  /** The dated rate a converted attempt (domestic setup, CNY) was computed at; null when not converted. */
  fx?: { rate: string; source: string; date: string } | null;
}

/** An order as the views read it: the order's columns, its book's titles, the buyer and the method. */
export type OrderRow = Pick<
  Order,
  | 'order_no'
  | 'created_at'
  | 'book_id'
  | 'format'
  | 'language'
  | 'country'
  | 'pay_type'
  | 'provider'
  | 'amount_cents'
  | 'currency'
  | 'status'
  | 'shipping_status'
  | 'invoice_required'
  | 'invoice_status'
  | 'paid_at'
  | 'expires_at'
  | 'bank_reference'
  | 'refunded_at'
  | 'user_id'
> &
  Pick<Book, 'title_en' | 'title_zh'> & { buyer_email: string | null; method?: string | null };

/** What a query selects for an `OrderRow` (from `orders` joined with `books` and `users`). */
export const orderRowColumns = [
  'orders.order_no',
  'orders.created_at',
  'orders.book_id',
  'books.title_en',
  'books.title_zh',
  'orders.format',
  'orders.language',
  'orders.country',
  'orders.pay_type',
  'orders.provider',
  'orders.amount_cents',
  'orders.currency',
  'orders.status',
  'orders.shipping_status',
  'orders.invoice_required',
  'orders.invoice_status',
  'orders.paid_at',
  'orders.expires_at',
  'orders.bank_reference',
  'orders.refunded_at',
  'orders.user_id',
  'users.email as buyer_email',
] as const;

export function orderView(r: OrderRow): OrderView {
  return {
    orderNo: r.order_no,
    createdAt: r.created_at.toISOString(),
    bookId: String(r.book_id),
    bookNameEn: r.title_en,
    bookNameZh: r.title_zh,
    format: r.format,
    language: r.language,
    country: r.country,
    payType: r.pay_type,
    provider: r.provider,
    paymentMethod: r.provider && r.method ? methodOf(r.provider, r.method) : r.provider === 'bank_transfer' ? 'BANK_TRANSFER' : null,
    amountCents: r.amount_cents,
    currency: r.currency,
    status: r.status,
    shippingStatus: r.shipping_status,
    invoiceRequired: r.invoice_required,
    invoiceStatus: r.invoice_status,
    paidAt: r.paid_at ? r.paid_at.toISOString() : null,
    expiresAt: r.expires_at.toISOString(),
    bankReference: r.bank_reference,
    buyerEmail: r.buyer_email ?? '',
    userId: r.user_id,
    refundedAt: r.refunded_at ? r.refunded_at.toISOString() : null,
  };
}

export function intentView(
  orderNo: string,
  r: {
    id: string;
    provider: ProviderName;
    method: string;
    status: IntentStatus;
    amount_cents: number;
    currency: string;
    next_action: unknown;
    created_at: Date;
    fx_rate?: string | null;
    fx_source?: string | null;
    fx_date?: string | null;
  },
  expiresAt?: Date,
): IntentView {
  return {
    id: r.id,
    orderNo,
    provider: r.provider,
    method: methodOf(r.provider, r.method) ?? 'BANK_TRANSFER',
    status: r.status,
    amountCents: r.amount_cents,
    currency: r.currency,
    nextAction: (r.next_action as NextAction | null) ?? null,
    createdAt: r.created_at.toISOString(),
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    fx: r.fx_rate && r.fx_source && r.fx_date ? { rate: r.fx_rate, source: r.fx_source, date: String(r.fx_date) } : null,
  };
}
