// A bank statement uploaded by an operator reconciles bank transfers: each credit is matched by
// the order number in its reference, then checked against that order's amount and currency.
// Every credit that matches completes its order in one unit of work, audited as the operator's
// (the same ledger transition as completing one transfer by hand); partly matched credits (the
// order found, the money different) and credits naming no order are listed for the operator.
// The statement is kept as uploaded, and a credit is judged once however often it is uploaded.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Actor } from '@shop/db';
import { centsToDecimal } from '@shop/payments';
import { extractOrderNumbers, type BankCredit } from '@shop/payments/bank-statement/index';
import type { CoreDeps } from '../deps.js';
import { settleOrder } from '../order-ledger.js';
import { inTransaction } from '../unit-of-work.js';
import { auditItems } from './audit.js';
import { detailColumns, said, SAID_NOTHING, type Detail } from './detail-codes.js';

export interface ReconcileBankStatement {
  credits: BankCredit[];
  /** The file as uploaded, kept with its hash. */
  raw: Buffer;
  mediaType: string;
  operatorId: number;
}

export interface BankStatementResult {
  /** Orders completed by this upload. */
  completed: string[];
  /** Credits whose order was found but whose amount or currency differs. */
  partial: { entryRef: string; orderNo: string; amount: string; currency: string; orderAmount: string; orderCurrency: string; detail: string }[];
  /** Credits naming no order of the shop. */
  unmatched: { entryRef: string; amount: string; currency: string; reference: string }[];
  /** Credits an earlier upload already judged. */
  known: number;
}

interface Judged extends Detail {
  credit: BankCredit;
  key: string;
  verdict: 'matched' | 'amount_mismatch' | 'unmatched_credit';
  order: { id: string; order_no: string; status: string; amount_cents: number; currency: string } | null;
}

export async function reconcileBankStatement(deps: CoreDeps, input: ReconcileBankStatement): Promise<BankStatementResult> {
  const actor: Actor = { type: 'operator', id: String(input.operatorId) };
  const candidates = input.credits.map((c) => extractOrderNumbers(c.reference));
  const wanted = [...new Set(candidates.flat())];
  return inTransaction(deps, async (uow) => {
    const { trx } = uow;
    const orders = wanted.length
      ? await trx
          .selectFrom('orders')
          .select(['id', 'order_no', 'status', 'amount_cents', 'currency'])
          .where('provider', '=', 'bank_transfer')
          .where(sql<boolean>`order_no = any(${wanted})`)
          .orderBy('id')
          .forUpdate()
          .execute()
      : [];
    const byNo = new Map(orders.map((o) => [o.order_no, o]));
    const judged: Judged[] = input.credits.map((credit, i) => {
      const key = `credit:${credit.entryRef}`;
      const order = candidates[i]!.map((n) => byNo.get(n)).find((o) => o) ?? null;
      if (!order) return { credit, key, verdict: 'unmatched_credit', order: null, ...said('unmatched_credit') };
      if (order.amount_cents !== credit.amountMinor || order.currency.toUpperCase() !== credit.currency.toUpperCase())
        return {
          credit,
          key,
          verdict: 'amount_mismatch',
          order,
          ...said('credit_amount_differs', {
            credited: { amountMinor: credit.amountMinor, currency: credit.currency },
            order: { amountMinor: order.amount_cents, currency: order.currency },
          }),
        };
      return { credit, key, verdict: 'matched', order, ...SAID_NOTHING };
    });
    const hash = createHash('sha256').update(input.raw).digest('hex');
    const day =
      input.credits
        .map((c) => c.bookingDate)
        .sort()
        .at(-1) ?? new Date().toISOString().slice(0, 10);
    const bill = await trx
      .insertInto('provider_bills')
      .values({
        provider: 'bank_transfer',
        setup: 'overseas',
        bill_date: day,
        sha256: hash,
        integrity: 'none',
        media_type: input.mediaType,
        raw: input.raw,
        row_count: input.credits.length,
      })
      .onConflict((oc) => oc.constraint('provider_bills_one_per_content').doUpdateSet({ fetched_at: sql`provider_bills.fetched_at` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = judged.length
      ? await trx
          .insertInto('reconciliation_items')
          .values(
            judged.map((j) => ({
              provider: 'bank_transfer' as const,
              setup: 'overseas' as const,
              bill_date: j.credit.bookingDate,
              row_key: j.key,
              verdict: j.verdict,
              state: j.verdict === 'matched' ? ('closed' as const) : ('open' as const),
              out_trade_no: j.order?.order_no ?? '',
              order_id: j.order?.id ?? null,
              bill_id: bill.id,
              bill_row: JSON.stringify(j.credit),
              ...detailColumns(j),
            })),
          )
          .onConflict((oc) => oc.constraint('reconciliation_items_one_per_row').doNothing())
          .returning(['id', 'row_key'])
          .execute()
      : [];
    const fresh = new Map(inserted.map((r) => [r.row_key, r.id]));
    const result: BankStatementResult = { completed: [], partial: [], unmatched: [], known: judged.length - fresh.size };
    for (const j of judged) {
      const itemId = fresh.get(j.key);
      if (!itemId) continue;
      if (j.verdict === 'matched' && j.order && j.order.status !== 'paid') {
        const attempt = await trx
          .selectFrom('payment_intents')
          .select('id')
          .where('order_id', '=', j.order.id)
          .where('provider', '=', 'bank_transfer')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        const settled = await settleOrder(uow, {
          orderNo: j.order.order_no,
          intentId: attempt?.id ?? null,
          actor,
          source: 'bank_transfer',
          providerRef: j.credit.entryRef,
        });
        if (settled.transitioned) {
          result.completed.push(j.order.order_no);
          await trx
            .updateTable('reconciliation_items')
            .set({ state: 'settled', resolved_by: input.operatorId, resolved_at: new Date() })
            .where('id', '=', itemId)
            .execute();
        }
      } else if (j.verdict === 'amount_mismatch')
        result.partial.push({
          entryRef: j.credit.entryRef,
          orderNo: j.order!.order_no,
          amount: centsToDecimal(j.credit.amountMinor),
          currency: j.credit.currency,
          orderAmount: centsToDecimal(j.order!.amount_cents),
          orderCurrency: j.order!.currency,
          detail: j.detail,
        });
      else if (j.verdict === 'unmatched_credit')
        result.unmatched.push({
          entryRef: j.credit.entryRef,
          amount: centsToDecimal(j.credit.amountMinor),
          currency: j.credit.currency,
          reference: j.credit.reference,
        });
    }
    await auditItems(
      trx,
      judged.filter((j) => fresh.has(j.key)).map((j) => ({ ...j, itemId: fresh.get(j.key)! })),
      (j) => ({
        type: j.verdict === 'matched' && result.completed.includes(j.order!.order_no) ? 'settled' : 'verdict',
        actor,
        data: {
          verdict: j.verdict,
          entryRef: j.credit.entryRef,
          amountMinor: j.credit.amountMinor,
          currency: j.credit.currency,
          ...(j.detail ? { detail: j.detail } : {}),
        },
      }),
    );
    return result;
  });
}
