import { LedgerRefusal, recordPaperOrder as recordPaperOrderInLedger } from '@shop/core';
import { AppError, appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { requireEmail } from '../accounts/validation.js';
import { purchaseInfoColumns } from '../orders/checkout.js';
import { newOrderNo, outTradeNoFor } from '../orders/numbers.js';
import { requireCountry, validatePurchaseInfo } from '../orders/validation.js';
import { requireOperator } from './operator.js';

// A buyer who arranged a paper book with customer service pays by bank transfer; the order
// stays open for that long rather than the web checkout's minutes.
export const CUSTOMER_SERVICE_PAYMENT_DAYS = 30;

export interface PaperOrderInput {
  buyerEmail: string;
  bookId: number;
  language: 'zh' | 'en';
  country: string;
  purchaseInfo: Record<string, unknown> | null;
  quantity?: number | null;
  remarks?: string | null;
  /** The money is in already: settle through the ledger right away. */
  markPaid: boolean;
  /** The bank reference of that payment, kept on the payment attempt. */
  paymentReference?: string | null;
}

function validQuantity(q: number | null | undefined): number {
  const n = q ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > 99) throw appError('quantityInvalid', { field: 'quantity' });
  return n;
}

function buyerEmail(v: string): string {
  try {
    return requireEmail(v);
  } catch (err) {
    throw err instanceof AppError ? appError(err.key, { field: 'buyerEmail' }) : err;
  }
}

/**
 * Records a paper order for an existing buyer at the catalogue price (paper books are sold
 * through customer service). It is a bank-transfer order with its attempt and reference like a
 * web one, so an unpaid one is completed later with markBankTransferCompleted; with `markPaid`
 * it is settled at once, the operator being the actor, and the receipt goes out.
 */
export async function recordPaperOrder(deps: ServiceDeps, user: SessionUser | null, input: PaperOrderInput): Promise<{ orderNo: string; changed: true }> {
  const { actor } = requireOperator(user);
  const email = buyerEmail(input.buyerEmail);
  const quantity = validQuantity(input.quantity);
  if (input.language !== 'zh' && input.language !== 'en') throw appError('badRequest', { field: 'language' });
  const country = requireCountry(input.country);
  if (!input.purchaseInfo) throw appError('pleaseEnter', { field: 'purchaseInfo' });
  const info = validatePurchaseInfo({ ...input.purchaseInfo, country: input.purchaseInfo.country ?? country });
  const remarks = input.remarks?.trim().slice(0, 255) || null;
  const reference = input.paymentReference?.trim() || null;
  if (reference && [...reference].length > 64) throw appError('tooLong64', { field: 'paymentReference' });

  const buyer = await deps.db
    .selectFrom('users')
    .select(['id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (!buyer) throw appError('buyerNotFound', { field: 'buyerEmail' });
  const book = Number.isInteger(input.bookId)
    ? await deps.db.selectFrom('books').selectAll().where('id', '=', input.bookId).where('active', '=', true).executeTakeFirst()
    : undefined;
  if (!book) throw appError('bookNotFound', { field: 'bookId' });

  const now = new Date();
  const orderNo = newOrderNo(now);
  try {
    await recordPaperOrderInLedger(deps, {
      buyerId: buyer.id,
      book,
      quantity,
      language: input.language,
      country,
      remarks,
      markPaid: input.markPaid,
      paymentReference: reference,
      expiresAt: new Date(now.getTime() + CUSTOMER_SERVICE_PAYMENT_DAYS * 86_400_000),
      orderNo,
      outTradeNo: outTradeNoFor(orderNo, 1),
      actor,
      details: async (trx, orderId) => {
        await trx
          .insertInto('purchase_infos')
          .values({ order_id: orderId, ...purchaseInfoColumns(info, 3, input.language) })
          .execute();
      },
    });
  } catch (err) {
    if (err instanceof LedgerRefusal && err.reason === 'open_paper_order_exists') throw appError('openPaperOrderExists', { field: 'bookId' });
    throw err;
  }
  return { orderNo, changed: true };
}
