import { sql, type Transaction } from 'kysely';
import type { Actor, Database } from '@shop/db';
import { createAttempt, moveAttempt } from './attempt-ledger.js';
import type { CoreDeps } from './deps.js';
import { openOrder, settleOrder } from './order-ledger.js';
import { LedgerRefusal } from './refusal.js';
import { inTransaction } from './unit-of-work.js';

export interface PaperOrderRequest {
  buyerId: number;
  book: { id: number; price_cents: number; currency: string };
  quantity: number;
  language: 'zh' | 'en';
  country: string;
  remarks: string | null;
  /** The money is in already: settle at once. */
  markPaid: boolean;
  /** The bank reference of that payment, kept on the attempt. */
  paymentReference: string | null;
  expiresAt: Date;
  orderNo: string;
  outTradeNo: string;
  actor: Actor;
  /** Writes the shipping address in the same transaction. */
  details: (trx: Transaction<Database>, orderId: string) => Promise<void>;
}

/**
 * A paper order recorded by an operator for a buyer who arranged it with customer service: a
 * bank-transfer order with its attempt and reference like a web one, so an unpaid one is completed
 * later with completeBankTransfer; with `markPaid` it is settled in the same transaction.
 */
export async function recordPaperOrder(deps: CoreDeps, req: PaperOrderRequest): Promise<{ orderNo: string }> {
  return inTransaction(deps, async (uow) => {
    const { trx } = uow;
    // The checkout's lock key: one open order per buyer, book and format, whoever opens it.
    await sql`select pg_advisory_xact_lock(hashtext(${`checkout:${req.buyerId}:${req.book.id}:paper`}))`.execute(trx);
    const open = await trx
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', req.buyerId)
      .where('book_id', '=', req.book.id)
      .where('format', '=', 'paper')
      .where('status', '=', 'pending_payment')
      .executeTakeFirst();
    if (open) throw new LedgerRefusal('open_paper_order_exists');
    const amount = req.book.price_cents * req.quantity;
    const order = await openOrder(
      trx,
      {
        order_no: req.orderNo,
        user_id: req.buyerId,
        book_id: req.book.id,
        format: 'paper',
        language: req.language,
        country: req.country,
        pay_type: 3,
        provider: 'bank_transfer',
        unit_price_cents: req.book.price_cents,
        quantity: req.quantity,
        amount_cents: amount,
        currency: req.book.currency,
        remarks: req.remarks,
        bank_reference: req.orderNo,
        expires_at: req.expiresAt,
      },
      req.actor,
      { after: { quantity: req.quantity }, data: { channel: 'customer_service', buyerId: req.buyerId } },
    );
    await req.details(trx, order.id);
    const intent = await createAttempt(
      trx,
      { orderId: order.id, provider: 'bank_transfer', method: 'offline', outTradeNo: req.outTradeNo, amountCents: amount, currency: req.book.currency },
      req.actor,
    );
    await moveAttempt(trx, intent.id, 'pending', req.actor, {
      set: { provider_ref: req.orderNo, next_action: JSON.stringify({ type: 'offline', reference: req.orderNo }) },
    });
    if (req.markPaid)
      await settleOrder(uow, { orderNo: req.orderNo, intentId: intent.id, actor: req.actor, source: 'customer_service', providerRef: req.paymentReference });
    return { orderNo: req.orderNo };
  });
}
