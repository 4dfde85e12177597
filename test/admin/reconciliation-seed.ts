import { randomBytes } from 'node:crypto';
import { reconcileDay, settleAttempt, type ReconcileResult } from '@shop/core';
import { createAttempt } from '@shop/core/internal';
import { sha256Hex, type BillRow, type FetchedBill } from '@shop/payments';
import { addDays, dayInZone, startOfDay } from '@shop/payments/zoned-time';
import type { TestStack } from '../helpers/stack.js';

// A WeChat Pay day reconciled through core with a bill built here: one row of each kind the
// operators' page shows (matched, settled on its own, amount mismatch, unknown refund, duplicate
// payment not refunded, a row billed twice, a shop payment the bill lacks, a payment the shop does
// not know). The shop's side is written the way the ledger writes it (attempts, settlement).

const BEIJING = 'Asia/Shanghai';
const PRICE = 7500;
const FEE = 45;

/** A day that is over in Beijing: `back` days before yesterday there. */
export function pastBeijingDay(back = 3): string {
  return addDays(dayInZone(Date.now(), BEIJING), -1 - back);
}

export interface SeededDay {
  date: string;
  result: ReconcileResult;
  /** out_trade_no of each case, by name. */
  trades: Record<'matched' | 'autoSettled' | 'mismatch' | 'paidTwice' | 'duplicate' | 'missingAtProvider' | 'unknownTrade', string>;
  /** Order numbers of the cases that have an order. */
  orders: Record<'matched' | 'autoSettled' | 'mismatch' | 'paidTwice' | 'missingAtProvider', string>;
  unknownRefundNo: string;
  bill: FetchedBill;
}

export async function seedReconciledDay(stack: Pick<TestStack, 'db' | 'app'>, date = pastBeijingDay()): Promise<SeededDay> {
  const db = stack.db;
  const deps = stack.app.deps;
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const noon = new Date(startOfDay(date, BEIJING) + 12 * 3600_000);
  let seq = 0;
  // A buyer of its own for each order: a buyer holds one open order per book and format.
  const order = async () => {
    seq += 1;
    const buyer = await db
      .insertInto('users')
      .values({ email: `recon-${tag.toLowerCase()}-${seq}@example.com`, first_name: 'Recon', last_name: 'Buyer', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return db
      .insertInto('orders')
      .values({
        order_no: `RC${tag}${seq}`,
        user_id: buyer.id,
        book_id: 1,
        format: 'ebook',
        country: 'Germany',
        pay_type: 2,
        provider: 'wechat',
        unit_price_cents: PRICE,
        amount_cents: PRICE,
        expires_at: new Date(Date.now() + 3600_000),
      })
      .returning(['id', 'order_no'])
      .executeTakeFirstOrThrow();
  };
  const attempt = async (orderId: string, suffix: string) => {
    const a = await db
      .transaction()
      .execute((trx) =>
        createAttempt(
          trx,
          { orderId, provider: 'wechat', method: 'native', outTradeNo: `RT${tag}${suffix}`, amountCents: PRICE, currency: 'EUR' },
          { type: 'system' },
        ),
      );
    await db.updateTable('payment_intents').set({ status: 'pending' }).where('id', '=', a.id).execute();
    return a;
  };
  /** Paid on the bill's day, as the provider's notification would have settled it. */
  const paid = async (intentId: string) => {
    await settleAttempt(deps, { intentId, source: 'notification' });
    await db.updateTable('payment_intents').set({ succeeded_at: noon }).where('id', '=', intentId).execute();
  };

  const matched = await order();
  const m1 = await attempt(matched.id, 'M');
  await paid(m1.id);
  const auto = await order();
  const s1 = await attempt(auto.id, 'S');
  const mismatch = await order();
  const x1 = await attempt(mismatch.id, 'X');
  // Paid twice: the second payment stands as succeeded with no refund (its automatic refund never left).
  const twice = await order();
  const p1 = await attempt(twice.id, 'P1');
  await paid(p1.id);
  const p2 = await attempt(twice.id, 'P2');
  await db.updateTable('payment_intents').set({ status: 'succeeded', succeeded_at: noon }).where('id', '=', p2.id).execute();
  const lacking = await order();
  const l1 = await attempt(lacking.id, 'L');
  await paid(l1.id);

  const at = noon.toISOString();
  const pay = (outTradeNo: string, amountMinor = PRICE): BillRow => ({
    kind: 'payment',
    outTradeNo,
    providerRef: `42000${outTradeNo}`,
    amountMinor,
    currency: 'EUR',
    feeMinor: FEE,
    status: 'SUCCESS',
    occurredAt: at,
    fields: {},
  });
  const unknownRefundNo = `RF${tag}`;
  const unknownTrade = `RT${tag}U`;
  const rows: BillRow[] = [
    pay(m1.out_trade_no),
    pay(s1.out_trade_no),
    pay(x1.out_trade_no, 7000),
    pay(p1.out_trade_no),
    pay(p2.out_trade_no),
    pay(m1.out_trade_no),
    pay(unknownTrade),
    {
      kind: 'refund',
      outTradeNo: m1.out_trade_no,
      refundNo: unknownRefundNo,
      providerRefundId: `50300${tag}`,
      amountMinor: 2500,
      currency: 'EUR',
      status: 'REFUND',
      occurredAt: at,
      fields: {},
    },
  ];
  const raw = Buffer.from(JSON.stringify(rows));
  const bill: FetchedBill = {
    provider: 'wechat',
    setup: deps.providers.wechat?.setup ?? 'overseas',
    date,
    raw,
    integrity: { algorithm: 'none' },
    sha256: sha256Hex(raw),
    mediaType: 'application/json',
    rows,
  };
  const result = await reconcileDay(deps, { provider: 'wechat', date, bill });
  return {
    date,
    result,
    bill,
    unknownRefundNo,
    trades: {
      matched: m1.out_trade_no,
      autoSettled: s1.out_trade_no,
      mismatch: x1.out_trade_no,
      paidTwice: p1.out_trade_no,
      duplicate: p2.out_trade_no,
      missingAtProvider: l1.out_trade_no,
      unknownTrade,
    },
    orders: {
      matched: matched.order_no,
      autoSettled: auto.order_no,
      mismatch: mismatch.order_no,
      paidTwice: twice.order_no,
      missingAtProvider: lacking.order_no,
    },
  };
}
