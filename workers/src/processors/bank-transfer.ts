import { UnrecoverableError, type Job } from 'bullmq';
import { appendOrderEvent, settleOrder } from '@shop/db';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { outboxJob, relayNow } from '@shop/core';

/**
 * Completes a bank transfer an operator recorded as received: settles the order through the
 * ledger (the operator is the actor, the reference goes onto the bank-transfer attempt) and, in
 * the same transaction, queues the receipt. Idempotent: the guarded transition moves the order
 * once however often the job runs, and only that move writes the receipt's outbox row.
 */
export function bankTransferProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['bank-transfer']>): Promise<unknown> => {
    const { orderNo, reference, operatorId } = job.data;
    const actor = { type: 'operator' as const, id: String(operatorId) };
    const done = await deps.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').select(['id', 'status', 'provider']).where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
      if (!order) throw new UnrecoverableError(`order ${orderNo} does not exist`);
      if (order.status === 'paid') return { outcome: 'already paid', outbox: null };
      if (order.provider !== 'bank_transfer') {
        // The buyer switched to another payment method after the request: say so in the trail.
        await appendOrderEvent(trx, order.id, 'bank_transfer_completion_skipped', { type: 'system' }, { status: order.status, provider: order.provider }, undefined, { reason: 'not a bank-transfer order any more', reference });
        return { outcome: 'skipped', outbox: null };
      }
      const intent = await trx.selectFrom('payment_intents').select('id').where('order_id', '=', order.id).where('provider', '=', 'bank_transfer').orderBy('id', 'desc').limit(1).executeTakeFirst();
      const settled = await settleOrder(trx, { orderNo, intentId: intent?.id ?? null, actor, source: 'bank_transfer', providerRef: reference });
      if (!settled.transitioned) {
        await appendOrderEvent(trx, order.id, 'bank_transfer_completion_skipped', { type: 'system' }, { status: order.status }, undefined, { reason: `order is ${order.status}`, reference });
        return { outcome: 'skipped', outbox: null };
      }
      return { outcome: 'settled', outbox: await outboxJob(trx, 'mail', { kind: 'receipt', orderNo }) };
    });
    if (done.outcome === 'settled') deps.events.changed(orderNo, 'paid');
    if (done.outbox) await relayNow(deps.db, deps.queues, [done.outbox]);
    return { outcome: done.outcome };
  };
}
