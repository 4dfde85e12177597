import { centsToDecimal, type BankAccount, type PaymentProvider, type ProviderName } from '@shop/payments';
import type { OrderRefundView } from '../services/orders/details.js';
import { invoiceDownloadPath, type IssuedInvoiceView } from '../services/invoices/documents.js';
import type { IntentView, OrderView } from '../services/orders/views.js';
import type { PaymentCheck } from '../services/payments/check.js';
import { text, type Locale } from '../i18n/messages.js';
import { upper } from './enums.js';

/** The configured account of the bank-transfer provider, if any. */
export function bankAccountOf(providers: Partial<Record<ProviderName, PaymentProvider>>): BankAccount | null {
  const p = providers.bank_transfer as (PaymentProvider & { account?: BankAccount | null }) | undefined;
  return p?.account ?? null;
}

const nextActionTypes = { qr: 'QR', jsapi: 'JSAPI', form: 'FORM', redirect: 'REDIRECT', offline: 'OFFLINE' } as const;

/** The invoice status of an order view (a replay stored before invoices were issued has none). */
export const invoiceStatusOf = (o: OrderView) => upper(o.invoiceStatus ?? (o.invoiceRequired ? 'required' : 'none'));

/** An issued invoice as both the buyer and the console see it; only an electronic one has a file to download. */
export function presentIssuedInvoice(i: IssuedInvoiceView | null) {
  if (!i) return null;
  return { ...i, delivery: upper(i.delivery), downloadUrl: i.delivery === 'electronic' ? invoiceDownloadPath(i.orderNo) : null };
}

/** What the buyer's and the operator's views of an order both show, in the reader's language. */
export function presentOrderFields(o: OrderView, locale: 'zh' | 'en') {
  return {
    orderNo: o.orderNo,
    createdAt: o.createdAt,
    bookId: o.bookId,
    bookName: locale === 'zh' ? o.bookNameZh : o.bookNameEn,
    format: upper(o.format),
    language: o.language,
    country: o.country,
    payType: o.payType,
    paymentMethod: o.paymentMethod,
    amountCents: o.amountCents,
    amount: centsToDecimal(o.amountCents),
    currency: o.currency,
    status: upper(o.status),
    shippingStatus: upper(o.shippingStatus),
    invoiceRequired: o.invoiceRequired,
    invoiceStatus: invoiceStatusOf(o),
    buyerEmail: o.buyerEmail,
    paidAt: o.paidAt,
    expiresAt: o.expiresAt,
    bankReference: o.bankReference,
    refundedAt: o.refundedAt ?? null,
  };
}

export function presentOrder(o: OrderView, locale: 'zh' | 'en') {
  const downloadable = o.status === 'paid' && o.format === 'ebook' && !o.refundedAt;
  return {
    ...presentOrderFields(o, locale),
    ebookPassword: downloadable ? o.buyerEmail : null,
    downloadable,
    downloadUrl: downloadable ? `/api/orders/${encodeURIComponent(o.orderNo)}/download` : null,
  };
}

/** A refund of the buyer's order: what went back, why, and when. */
export function presentOrderRefund(r: OrderRefundView) {
  return { amount: centsToDecimal(r.amountMinor), currency: r.currency, kind: upper(r.kind), status: upper(r.status), completedAt: r.completedAt };
}

export function presentIntent(i: IntentView, payee: string, bankAccount: BankAccount | null = null) {
  const a = i.nextAction;
  return {
    // The view it was made from (no field of the schema), for the fields resolved only when asked (payerAmount).
    view: i,
    id: i.id,
    orderNo: i.orderNo,
    method: i.method,
    status: upper(i.status),
    amountCents: i.amountCents,
    amount: centsToDecimal(i.amountCents),
    currency: i.currency,
    createdAt: i.createdAt,
    payee,
    expiresAt: i.expiresAt ?? null,
    nextAction: a
      ? {
          type: nextActionTypes[a.type] ?? 'NONE',
          codeUrl: a.type === 'qr' ? a.codeUrl : null,
          paySign: a.type === 'jsapi' ? a.paySign : null,
          body: a.type === 'form' ? a.body : null,
          href: a.type === 'redirect' ? a.href : null,
          reference: a.type === 'offline' ? a.reference : null,
          bankAccount: a.type === 'offline' ? bankAccount : null,
        }
      : null,
  };
}

/** The answer of checkPayment and of every paymentStatus event: one shape, one page logic. */
export function presentCheck(r: PaymentCheck, locale: Locale) {
  return {
    paid: r.paid,
    orderNo: r.orderNo,
    bookId: r.bookId,
    status: r.intentStatus,
    retryHref: r.retryHref,
    duplicate: r.duplicate,
    message: text(r.duplicate ? 'paymentDuplicate' : r.paid ? 'paymentSucceeded' : 'paymentFailed', locale),
  };
}
