// An operator's answer to an open reconciliation item: settle the attempt the provider billed as
// paid, refund a duplicate payment, or acknowledge the difference with a note. Every refusal is
// decided before anything is written; the item and its audit row change in the action's
// transaction, so an item is resolved once however many operators click.
import type { Actor } from '@shop/db';
import type { CoreDeps } from '../deps.js';
import { LedgerRefusal } from '../refusal.js';
import { advanceRefund } from '../refunds/execute.js';
import { openRefund } from '../refunds/request.js';
import { settleAttemptIn } from '../settle.js';
import { inTransaction } from '../unit-of-work.js';
import { auditItems } from './audit.js';

export interface ResolveItem {
  itemId: string;
  action: 'settle' | 'refund' | 'acknowledge';
  note?: string;
  operatorId: number;
}

export interface ResolvedItem {
  itemId: string;
  state: 'settled' | 'refunded' | 'acknowledged';
  refundNo?: string;
}

const NOTE_MAX = 500;

export async function resolveReconciliationItem(deps: CoreDeps, input: ResolveItem): Promise<ResolvedItem> {
  const note = input.note?.trim() ?? '';
  if (input.action === 'acknowledge' && !note) throw new LedgerRefusal('note_required');
  if ([...note].length > NOTE_MAX) throw new LedgerRefusal('note_too_long');
  const actor: Actor = { type: 'operator', id: String(input.operatorId) };

  const decided = await inTransaction(deps, async (uow) => {
    const { trx } = uow;
    const item = /^\d{1,18}$/.test(input.itemId)
      ? await trx.selectFrom('reconciliation_items').selectAll().where('id', '=', input.itemId).forUpdate().executeTakeFirst()
      : undefined;
    if (!item) throw new LedgerRefusal('item_not_found');
    if (item.state !== 'open') throw new LedgerRefusal('item_not_open');
    const intent = item.intent_id
      ? await trx.selectFrom('payment_intents').selectAll().where('id', '=', item.intent_id).forUpdate().executeTakeFirst()
      : undefined;
    const order = intent
      ? await trx.selectFrom('orders').select(['id', 'paid_intent_id', 'status']).where('id', '=', intent.order_id).executeTakeFirst()
      : undefined;

    let refundNo: string | undefined;
    if (input.action === 'settle') {
      // The provider billed it as paid and the shop has not settled it: through the normal path.
      if (!intent || intent.status === 'succeeded' || !['missing_settlement', 'amount_mismatch'].includes(item.verdict))
        throw new LedgerRefusal('action_not_allowed');
      const settled = await settleAttemptIn(deps, uow, { intentId: intent.id, source: 'operator' });
      refundNo = settled.duplicateRefundNo;
    } else if (input.action === 'refund') {
      if (item.verdict !== 'duplicate_payment' || !intent || !order || intent.status !== 'succeeded' || order.paid_intent_id === intent.id)
        throw new LedgerRefusal('action_not_allowed');
      const r = await openRefund(uow, {
        orderId: order.id,
        intent,
        kind: 'duplicate_payment',
        actor,
        operatorId: input.operatorId,
        reason: note || 'duplicate payment found in the provider’s bill',
      });
      refundNo = r.refund.refund_no;
    }
    const state = input.action === 'settle' ? 'settled' : input.action === 'refund' ? 'refunded' : 'acknowledged';
    await trx
      .updateTable('reconciliation_items')
      .set({ state, note: note || null, resolved_by: input.operatorId, resolved_at: new Date(), updated_at: new Date() })
      .where('id', '=', item.id)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    await auditItems(trx, [{ itemId: item.id }], () => ({
      type: state,
      actor,
      data: { verdict: item.verdict, ...(note ? { note } : {}), ...(refundNo ? { refundNo } : {}) },
    }));
    return { state, refundNo } as const;
  });
  if (decided.refundNo) await advanceRefund(deps, { refundNo: decided.refundNo });
  return { itemId: input.itemId, state: decided.state, ...(decided.refundNo ? { refundNo: decided.refundNo } : {}) };
}
