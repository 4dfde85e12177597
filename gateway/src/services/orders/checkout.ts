import { sql, type Transaction } from 'kysely';
import { appendOrderEvent, type Database } from '@shop/db';
import { ProviderError, type Charge } from '@shop/payments';
import { outboxJob, relayNow } from '@shop/workers';
import { AppError, unauthenticated } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { spendAccount, spendClient } from '../abuse/spend.js';
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
}

type Tx = Transaction<Database>;

async function savePurchaseInfo(trx: Tx, orderId: string, info: PurchaseInfoFields, payType: number, language: string) {
  const values = {
    street_number: info.streetNumber, zip: info.zip, town: info.town, province: info.province, country: info.country, vat_id: info.vatId,
    letterbox: info.letterbox, landline_tel: info.landlineTel, mobile_tel: info.mobileTel, purchase_order_no: info.purchaseOrderNo,
    payment_method: payType, sel_language: language,
  };
  await trx.insertInto('purchase_infos').values({ order_id: orderId, ...values }).onConflict((oc) => oc.column('order_id').doUpdateSet(values)).execute();
}

async function saveInvoice(trx: Tx, orderId: string, inv: InvoiceFields) {
  const f = inv.fields;
  const values = {
    invoice_type: inv.invoiceType, pickup_method: inv.pickupMethod, invoice_payable: f.invoicePayable, services: f.services, taxpayer_inden: f.taxpayerInden,
    registered_office: f.registeredOffice, finance_phone: f.financePhone, account_opening_bank: f.accountOpeningBank, bank_account: f.bankAccount,
    recipient_name: f.recipientName, contact_phone: f.contactPhone, contact_area: f.contactArea, contact_mail: f.contactMail, province: f.province,
    city: f.city, area: f.area, detailed_address: f.detailedAddress,
  };
  await trx.insertInto('invoices').values({ order_id: orderId, ...values }).onConflict((oc) => oc.column('order_id').doUpdateSet(values)).execute();
}

/**
 * Creates the order (or reuses the buyer's open one for the same book and format) and a payment
 * attempt with its next action. Prices come from the catalogue only.
 */
export async function checkout(deps: ServiceDeps, user: SessionUser | null, input: CheckoutInput): Promise<CheckoutOutcome> {
  if (!user) throw unauthenticated();
  await spendClient(deps, 'checkout', { ip: input.clientIp ?? 'unknown' });
  await spendAccount(deps, 'checkout', String(user.id));
  const method = paymentMethods[input.paymentMethod];
  if (!method) throw new AppError('paymentMethodUnavailable', 400, 'BAD_USER_INPUT', 'paymentMethod');
  const book = Number.isInteger(input.bookId) ? await deps.catalog.book(input.bookId) : undefined;
  if (!book) throw new AppError('bookNotFound', 404, 'NOT_FOUND', 'bookId');
  // Paper books are sold through customer service (spec section 4, step 2).
  if (input.format === 'paper') throw new AppError('paperBook', 500, 'PAPER_BOOK');
  if (input.format !== 'ebook') throw new AppError('badRequest', 400, 'BAD_USER_INPUT', 'format');
  const country = requireCountry(input.country);
  const info = input.purchaseInfo ? validatePurchaseInfo({ ...input.purchaseInfo, country: input.purchaseInfo.country ?? country }) : null;
  const invoice = input.invoice ? validateInvoice(input.invoice) : null;
  const remarks = typeof input.remarks === 'string' ? input.remarks.trim().slice(0, 255) || null : null;
  const provider = deps.providers[method.provider];
  if (!provider) throw new AppError('paymentMethodUnavailable', 400, 'PAYMENT_METHOD_UNAVAILABLE', 'paymentMethod');
  if (method.method === 'jsapi' && !input.openId) throw new AppError('badRequest', 400, 'BAD_USER_INPUT', 'openId');
  const language = input.language ?? user.language;
  // What the attempt asks the provider for: the EUR price, or CNY at the configured dated rate.
  let charge: Charge;
  try {
    charge = provider.charge ? provider.charge(book.price_cents, book.currency) : { amountMinor: book.price_cents, currency: book.currency };
  } catch (err) {
    deps.log.error({ err: err instanceof Error ? err.message : err, provider: method.provider }, 'no charge for this payment setup');
    throw new AppError('paymentMethodUnavailable', 400, 'PAYMENT_METHOD_UNAVAILABLE', 'paymentMethod');
  }

  const prepared = await deps.db.transaction().execute(async (trx) => {
    // One checkout at a time per buyer, book and format: the reuse decision cannot be raced.
    await sql`select pg_advisory_xact_lock(hashtext(${`checkout:${user.id}:${book.id}:${input.format}`}))`.execute(trx);
    const bought = await trx.selectFrom('orders').select('id').where('user_id', '=', user.id).where('book_id', '=', book.id).where('format', '=', 'ebook').where('status', '=', 'paid').where('refunded_at', 'is', null).executeTakeFirst();
    if (bought) throw new AppError('alreadyBought', 409, 'ALREADY_BOUGHT', 'bookId');

    const now = new Date();
    let order = await trx.selectFrom('orders').selectAll().where('user_id', '=', user.id).where('book_id', '=', book.id).where('format', '=', input.format).where('status', '=', 'pending_payment').forUpdate().executeTakeFirst();
    if (order && order.expires_at <= now) {
      await trx.updateTable('orders').set({ status: 'expired', updated_at: now }).where('id', '=', order.id).execute();
      await appendOrderEvent(trx, order.id, 'expired', { type: 'system' }, { status: 'pending_payment' }, { status: 'expired' });
      order = undefined;
    }
    const reused = !!order;
    // A bank transfer takes days: its order waits longer than one paid online.
    const expiresAt = new Date(now.getTime() + (method.payType === 3 ? deps.config.bankTransferExpiryDays * 86_400_000 : deps.config.orderExpiryMinutes * 60_000));
    const changes = { country, pay_type: method.payType, provider: method.provider, language, invoice_required: !!invoice, remarks, updated_at: now, expires_at: expiresAt };
    if (order) {
      order = await trx.updateTable('orders').set(changes).where('id', '=', order.id).returningAll().executeTakeFirstOrThrow();
      await appendOrderEvent(trx, order.id, 'checkout_reused', { type: 'buyer', id: String(user.id) }, undefined, undefined, { paymentMethod: input.paymentMethod });
    } else {
      order = await trx
        .insertInto('orders')
        .values({
          order_no: newOrderNo(now), user_id: user.id, book_id: book.id, format: input.format, unit_price_cents: book.price_cents, quantity: 1,
          amount_cents: book.price_cents, currency: book.currency, ...changes,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await appendOrderEvent(trx, order.id, 'created', { type: 'buyer', id: String(user.id) }, undefined, { status: 'pending_payment', amountCents: order.amount_cents }, { paymentMethod: input.paymentMethod });
    }
    if (info) await savePurchaseInfo(trx, order.id, info, method.payType, language);
    if (invoice) await saveInvoice(trx, order.id, invoice);

    // An order created just now has no attempts yet: its first one needs no look-up.
    let attemptNo = 1;
    const outbox: string[] = [];
    if (reused) {
      const latest = await trx.selectFrom('payment_intents').selectAll().where('order_id', '=', order.id).orderBy('id', 'desc').limit(1).forUpdate().executeTakeFirst();
      const open = latest && (latest.status === 'created' || latest.status === 'pending');
      // A changed rate means a new attempt: the provider never sees another amount under one number.
      if (open && latest.provider === method.provider && latest.method === method.method && latest.amount_cents === charge.amountMinor && latest.currency === charge.currency) {
        if (latest.next_action) return { order, intent: latest, reused, fresh: false, outbox };
        throw new AppError('requestInProgress', 409, 'CONFLICT');
      }
      if (open) {
        // A new attempt replaces the open one, which must no longer be payable at its provider.
        await trx.updateTable('payment_intents').set({ status: 'closed', closed_at: now, updated_at: now }).where('id', '=', latest.id).execute();
        outbox.push(await outboxJob(trx, 'payment-close', { intentId: latest.id }));
      }
      const attempts = await trx.selectFrom('payment_intents').select((eb) => eb.fn.countAll<string>().as('n')).where('order_id', '=', order.id).executeTakeFirstOrThrow();
      attemptNo = Number(attempts.n) + 1;
    }
    const intent = await trx
      .insertInto('payment_intents')
      .values({
        order_id: order.id, provider: method.provider, method: method.method, out_trade_no: outTradeNoFor(order.order_no, attemptNo), amount_cents: charge.amountMinor, currency: charge.currency,
        ...(charge.rate ? { order_amount_cents: order.amount_cents, order_currency: order.currency, fx_rate: charge.rate.rate, fx_source: charge.rate.source, fx_date: charge.rate.date } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order, intent, reused, fresh: true, outbox };
  });

  let intent = prepared.intent;
  if (prepared.fresh) intent = await startAttempt(deps, prepared.order, intent, { book, language, openId: input.openId ?? undefined, clientIp: input.clientIp, phone: PHONE.test(input.userAgent ?? '') });
  await relayNow(deps.db, deps.queues, prepared.outbox);
  // The answer is built from the rows at hand rather than read back.
  const o = prepared.order;
  const order = orderView({ ...o, title_en: book.title_en, title_zh: book.title_zh, buyer_email: user.email, method: intent.method, bank_reference: intent.provider === 'bank_transfer' ? o.order_no : o.bank_reference });
  return { order, intent: intentView(o.order_no, intent), reused: prepared.reused };
}

const PHONE = /Mobi|Android|iPhone|iPod|HarmonyOS/i;

type IntentRow = Awaited<ReturnType<typeof loadIntent>>;
function loadIntent(deps: ServiceDeps, id: string) {
  return deps.db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Asks the provider for the attempt (outside any transaction: it is a network call). */
async function startAttempt(
  deps: ServiceDeps,
  order: { order_no: string; expires_at: Date; book_id: number },
  intent: IntentRow,
  ctx: { book: { id: number; title_en: string; title_zh: string }; language: 'zh' | 'en'; openId?: string; clientIp?: string; phone: boolean },
): Promise<IntentRow> {
  const provider = deps.providers[intent.provider]!;
  const base = deps.config.publicUrl;
  const spa = `${base}${deps.config.basePath}`;
  try {
    const created = await provider.createAttempt({
      outTradeNo: intent.out_trade_no,
      orderNo: order.order_no,
      description: ctx.language === 'zh' ? ctx.book.title_zh : ctx.book.title_en,
      amountCents: intent.amount_cents,
      currency: intent.currency,
      method: intent.method as 'native',
      openId: ctx.openId,
      clientIp: ctx.clientIp,
      notifyUrl: `${base}/api/pay/notify/${intent.provider}`,
      returnUrl: intent.provider === 'paypal' ? `${spa}views/pay/PayPalResult?key=${ctx.book.id}` : intent.provider === 'alipay' ? `${spa}views/pay/AliPayResult` : `${spa}views/pay/WxPayResult?orderNo=${order.order_no}`,
      cancelUrl: `${spa}index`,
      expiresAt: order.expires_at,
      locale: ctx.language,
      device: ctx.phone ? 'phone' : 'desktop',
    });
    const relay: string[] = [];
    const result = await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('payment_intents')
        .set({ provider_ref: created.providerRef ?? null, next_action: JSON.stringify(created.nextAction), status: 'pending', updated_at: new Date(), next_poll_at: new Date(Date.now() + 5_000) })
        .where('id', '=', intent.id)
        .where('status', '=', 'created')
        .returningAll()
        .executeTakeFirstOrThrow();
      if (intent.provider !== 'bank_transfer') await outboxJob(trx, 'payment-poll', { intentId: intent.id }, { availableAt: new Date(Date.now() + 5_000 * deps.config.retryDelayScale) });
      if (intent.provider === 'bank_transfer') {
        await trx.updateTable('orders').set({ bank_reference: order.order_no }).where('order_no', '=', order.order_no).execute();
        // The buyer gets the account and the reference by mail too, not only on screen.
        relay.push(await outboxJob(trx, 'mail', { kind: 'bank-transfer-details', orderNo: order.order_no }));
      }
      return updated;
    });
    await relayNow(deps.db, deps.queues, relay);
    return result;
  } catch (err) {
    deps.log.warn({ err: err instanceof ProviderError ? { code: err.code, message: err.message } : err, provider: intent.provider }, 'payment attempt could not be created');
    await deps.db.updateTable('payment_intents').set({ status: 'failed', updated_at: new Date() }).where('id', '=', intent.id).execute();
    throw new AppError('failedPurchase', 500, 'PAYMENT_PROVIDER_ERROR');
  }
}
