import type { Transaction } from 'kysely';
import type { Database, Order, PaymentIntent, ProviderName } from '@shop/db';
import { checkoutOrder, LedgerRefusal, type WithdrawnAttempt } from '@shop/core';
import type { Charge } from '@shop/payments';
import { AppError, appError, unauthenticated } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { spendAccount, spendClient } from '../abuse/spend.js';
import { verifiedWechatPayer } from '../payments/wechat-payer.js';
import { newOrderNo, outTradeNoFor } from './numbers.js';
import { requireCountry, validateInvoice, validatePurchaseInfo, type InvoiceFields, type PurchaseInfoFields } from './validation.js';
import { intentView, orderView, paymentMethods, type IntentView, type OrderView, type PaymentMethod } from './views.js';

export interface CheckoutInput {
  bookId: number;
  format: 'ebook' | 'paper';
  language?: 'zh' | 'en';
  country: string;
  paymentMethod: PaymentMethod;
  purchaseInfo?: Record<string, unknown> | null;
  invoice?: Record<string, unknown> | null;
  /** Legacy and GraphQL clients still send one; it is never the payer (see wechat-payer.ts). */
  openId?: string | null;
  remarks?: string | null;
  clientIp?: string;
  /** Alipay has one product for desktop browsers and one for phones. */
  userAgent?: string;
}

export interface CheckoutOutcome {
  order: OrderView;
  intent: IntentView;
  reused: boolean;
  /**
   * An earlier payment of the order that its provider could not cancel (Alipay cross-border): it
   * stays payable until `until` (ISO 8601), and paid anyway it is refunded automatically. Null when
   * none; absent in an answer kept for an idempotent replay before it existed.
   */
  previousPaymentOpen?: { provider: ProviderName; until: string } | null;
}

/** The order's attempts withdrawn by earlier checkouts that stay payable at their providers (besides the current one). */
async function withdrawnEarlier(deps: ServiceDeps, orderId: string, currentId: string): Promise<WithdrawnAttempt[]> {
  const rows = await deps.db
    .selectFrom('payment_intents')
    .select(['id', 'provider', 'payable_until'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'closed')
    .where('payable_until', '>', new Date())
    .where('id', '!=', currentId)
    .execute();
  return rows.flatMap((r) => (r.payable_until ? [{ id: r.id, provider: r.provider, payableUntil: r.payable_until }] : []));
}

/** The withdrawn attempt that stays payable longest, as the buyer is told about it. */
export function stillPayable(withdrawn: readonly WithdrawnAttempt[], now = new Date()): { provider: ProviderName; until: string } | null {
  const open = withdrawn.filter((w) => w.payableUntil > now).sort((a, b) => b.payableUntil.getTime() - a.payableUntil.getTime());
  const last = open[0];
  return last ? { provider: last.provider, until: last.payableUntil.toISOString() } : null;
}

type Tx = Transaction<Database>;

/** The purchase_infos columns of a buyer's or an operator's purchase info (legacy pay type, language). */
export function purchaseInfoColumns(info: PurchaseInfoFields, payType: number, language: string) {
  return {
    street_number: info.streetNumber,
    zip: info.zip,
    town: info.town,
    province: info.province,
    country: info.country,
    vat_id: info.vatId,
    letterbox: info.letterbox,
    landline_tel: info.landlineTel,
    mobile_tel: info.mobileTel,
    purchase_order_no: info.purchaseOrderNo,
    payment_method: payType,
    sel_language: language,
  };
}

async function savePurchaseInfo(trx: Tx, orderId: string, info: PurchaseInfoFields, payType: number, language: string) {
  const values = purchaseInfoColumns(info, payType, language);
  await trx
    .insertInto('purchase_infos')
    .values({ order_id: orderId, ...values })
    .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
    .execute();
}

async function saveInvoice(trx: Tx, orderId: string, inv: InvoiceFields) {
  const f = inv.fields;
  const values = {
    invoice_type: inv.invoiceType,
    pickup_method: inv.pickupMethod,
    invoice_payable: f.invoicePayable,
    services: f.services,
    taxpayer_inden: f.taxpayerInden,
    registered_office: f.registeredOffice,
    finance_phone: f.financePhone,
    account_opening_bank: f.accountOpeningBank,
    bank_account: f.bankAccount,
    recipient_name: f.recipientName,
    contact_phone: f.contactPhone,
    contact_area: f.contactArea,
    contact_mail: f.contactMail,
    province: f.province,
    city: f.city,
    area: f.area,
    detailed_address: f.detailedAddress,
  };
  await trx
    .insertInto('invoices')
    .values({ order_id: orderId, ...values })
    .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
    .execute();
}

/** The ledger's refusals of a checkout, in the product's wording. */
export function checkoutRefusal(err: LedgerRefusal): AppError {
  switch (err.reason) {
    case 'already_bought':
      return appError('alreadyBought', { field: 'bookId' });
    case 'checkout_in_progress':
      return appError('requestInProgress');
    case 'previous_attempt_open':
      return appError('previousPaymentOpen');
    default:
      return appError('failedPurchase');
  }
}

/**
 * Creates the order (or reuses the buyer's open one for the same book and format) and a payment
 * attempt with its next action, through the core ledger. Prices come from the catalogue only.
 */
export async function checkout(deps: ServiceDeps, user: SessionUser | null, input: CheckoutInput): Promise<CheckoutOutcome> {
  if (!user) throw unauthenticated();
  await spendClient(deps, 'checkout', { ip: input.clientIp ?? 'unknown' });
  await spendAccount(deps, 'checkout', String(user.id));
  const method = paymentMethods[input.paymentMethod];
  if (!method) throw appError('paymentMethodUnknown', { field: 'paymentMethod' });
  const book = Number.isInteger(input.bookId) ? await deps.catalog.book(input.bookId) : undefined;
  if (!book) throw appError('bookNotFound', { field: 'bookId' });
  // Paper books are sold through customer service (spec section 4, step 2).
  if (input.format === 'paper') throw appError('paperBook');
  if (input.format !== 'ebook') throw appError('badRequest', { field: 'format' });
  // The login email is the e-book's PDF password (spec section 1): a phone-only account binds one
  // first, or it would pay for a book it can never open.
  if (!user.email) throw appError('emailRequiredForEbook', { field: 'email' });
  const country = requireCountry(input.country);
  const info = input.purchaseInfo ? validatePurchaseInfo({ ...input.purchaseInfo, country: input.purchaseInfo.country ?? country }) : null;
  const invoice = input.invoice ? validateInvoice(input.invoice) : null;
  const remarks = typeof input.remarks === 'string' ? input.remarks.trim().slice(0, 255) || null : null;
  const provider = deps.providers[method.provider];
  if (!provider) throw appError('paymentMethodUnavailable', { field: 'paymentMethod' });
  const payerOpenId = method.method === 'jsapi' ? verifiedWechatPayer(deps, user) : undefined;
  const language = input.language ?? user.language;
  // What the attempt asks the provider for: the EUR price, or CNY at the configured dated rate.
  let charge: Charge;
  try {
    charge = provider.charge ? provider.charge(book.price_cents, book.currency) : { amountMinor: book.price_cents, currency: book.currency };
  } catch (err) {
    deps.log.error({ err: err instanceof Error ? err.message : err, provider: method.provider }, 'no charge for this payment setup');
    throw appError('paymentMethodUnavailable', { field: 'paymentMethod' });
  }
  // A bank transfer takes days: its order waits longer than one paid online.
  const expiresAt = new Date(Date.now() + (method.payType === 3 ? deps.config.bankTransferExpiryDays * 86_400_000 : deps.config.orderExpiryMinutes * 60_000));

  let result;
  try {
    result = await checkoutOrder(deps, {
      buyer: user,
      book,
      format: input.format,
      provider: method.provider,
      method: method.method,
      payType: method.payType as 2 | 3,
      paymentMethod: input.paymentMethod,
      charge,
      country,
      language,
      invoiceRequired: !!invoice,
      remarks,
      expiresAt,
      newOrderNo: () => newOrderNo(new Date()),
      outTradeNo: outTradeNoFor,
      details: async (trx, orderId) => {
        if (info) await savePurchaseInfo(trx, orderId, info, method.payType, language);
        if (invoice) await saveInvoice(trx, orderId, invoice);
      },
      attemptInput: (order, intent) =>
        attemptInput(deps, order, intent, { book, language, openId: payerOpenId, clientIp: input.clientIp, phone: PHONE.test(input.userAgent ?? '') }),
    });
  } catch (err) {
    throw err instanceof LedgerRefusal ? checkoutRefusal(err) : err;
  }
  // The answer is built from the rows at hand rather than read back.
  const o = result.order;
  const intent = result.intent;
  const order = orderView({
    ...o,
    title_en: book.title_en,
    title_zh: book.title_zh,
    buyer_email: user.email,
    method: intent.method,
    bank_reference: intent.provider === 'bank_transfer' ? o.order_no : o.bank_reference,
  });
  // Every answer while an earlier page stays payable says so, not only the checkout that withdrew it.
  const earlier = result.reused ? await withdrawnEarlier(deps, o.id, intent.id) : [];
  return {
    order,
    intent: intentView(o.order_no, intent, o.expires_at),
    reused: result.reused,
    previousPaymentOpen: stillPayable([...result.withdrawn, ...earlier]),
  };
}

const PHONE = /Mobi|Android|iPhone|iPod|HarmonyOS/i;

/** What the provider is asked for: the amount of the attempt, where to notify, where the buyer returns. */
function attemptInput(
  deps: ServiceDeps,
  order: Order,
  intent: PaymentIntent,
  ctx: { book: { id: number; title_en: string; title_zh: string }; language: 'zh' | 'en'; openId?: string; clientIp?: string; phone: boolean },
) {
  const base = deps.config.publicUrl;
  const spa = `${base}${deps.config.basePath}`;
  return {
    outTradeNo: intent.out_trade_no,
    orderNo: order.order_no,
    description: ctx.language === 'zh' ? ctx.book.title_zh : ctx.book.title_en,
    amountCents: intent.amount_cents,
    currency: intent.currency,
    method: intent.method as 'native',
    openId: ctx.openId,
    clientIp: ctx.clientIp,
    notifyUrl: `${base}/api/pay/notify/${intent.provider}`,
    returnUrl:
      intent.provider === 'paypal'
        ? `${spa}views/pay/PayPalResult?key=${ctx.book.id}`
        : intent.provider === 'alipay'
          ? `${spa}views/pay/AliPayResult`
          : `${spa}views/pay/WxPayResult?orderNo=${order.order_no}`,
    cancelUrl: `${spa}index`,
    expiresAt: order.expires_at,
    locale: ctx.language,
    device: ctx.phone ? ('phone' as const) : ('desktop' as const),
  };
}
