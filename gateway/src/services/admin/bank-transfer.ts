import { appendOrderEvent } from '@shop/db';
import { jobIdFor, type JobPayloads } from '@shop/jobs';
import { outboxJob, relayNow } from '@shop/core';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { COMPLETION_REQUESTED, COMPLETION_SKIPPED } from './orders.js';
import { requireOperator } from './operator.js';

export interface CompletionRequest {
  orderNo: string;
  /** False when the completion had been requested (or done) already: a repeat is harmless. */
  changed: boolean;
}

function validReference(reference: string | null | undefined): string {
  const ref = reference?.trim();
  if (!ref) throw new AppError('transferReferenceRequired', 400, 'BAD_USER_INPUT', 'reference');
  if ([...ref].length > 64) throw new AppError('tooLong64', 400, 'BAD_USER_INPUT', 'reference');
  return ref;
}

/**
 * An operator records a bank transfer as received. The request (audit row + outbox row for the
 * `bank-transfer` job) commits under the order's row lock, so of any number of operators clicking
 * at once exactly one request is recorded; the job then settles through the ledger and sends the
 * receipt. Only a pending bank-transfer order can be completed.
 */
export async function requestBankTransferCompletion(deps: ServiceDeps, user: SessionUser | null, orderNo: string, reference: string | null | undefined): Promise<CompletionRequest> {
  const { actor, user: operator } = requireOperator(user);
  const ref = validReference(reference);
  const r = await deps.db.transaction().execute(async (trx) => {
    const order = orderNo && orderNo.length <= 64
      ? await trx.selectFrom('orders').select(['id', 'status', 'provider']).where('order_no', '=', orderNo).forUpdate().executeTakeFirst()
      : undefined;
    if (!order) throw new AppError('orderNotFound', 404, 'NOT_FOUND', 'orderNo');
    if (order.provider !== 'bank_transfer') throw new AppError('notBankTransferOrder', 409, 'WRONG_ORDER_STATE');
    if (order.status === 'paid') return { changed: false, outbox: null, standingJob: null };
    if (order.status !== 'pending_payment') throw new AppError('orderNotAwaitingPayment', 409, 'WRONG_ORDER_STATE');
    const earlier = await trx
      .selectFrom('order_events')
      .select(['type', 'data'])
      .where('order_id', '=', order.id)
      .where('type', 'in', [COMPLETION_REQUESTED, COMPLETION_SKIPPED])
      .orderBy('id', 'desc')
      .execute();
    const standing = earlier[0]?.type === COMPLETION_REQUESTED ? earlier[0] : undefined;
    if (standing) return { changed: false, outbox: null, standingJob: (standing.data as { jobId?: string } | null)?.jobId ?? defaultJobId(orderNo) };
    // A request the worker skipped keeps its job id in the completed set: a new request needs its own.
    const requests = earlier.filter((e) => e.type === COMPLETION_REQUESTED).length;
    const jobId = requests ? `${defaultJobId(orderNo)}-${requests + 1}` : defaultJobId(orderNo);
    await appendOrderEvent(trx, order.id, COMPLETION_REQUESTED, actor, { status: 'pending_payment' }, { status: 'pending_payment', completionRequested: true }, { reference: ref, jobId });
    const outbox = await outboxJob(trx, 'bank-transfer', { orderNo, reference: ref, operatorId: operator.id }, { jobId });
    return { changed: true, outbox, standingJob: null };
  });
  if (r.outbox) await relayNow(deps.db, deps.queues, [r.outbox]);
  if (r.standingJob) await redriveCompletion(deps, orderNo, r.standingJob);
  return { orderNo, changed: r.changed };
}

const defaultJobId = (orderNo: string) => jobIdFor('bank-transfer', { orderNo, reference: '', operatorId: 0 });

/**
 * A repeated request for an order still pending: make sure its job is alive. A job that failed
 * for good is retried (its id stays taken while it sits in the failed set, so adding it again
 * would do nothing); a job Redis lost is added again from its relayed outbox row. Best effort:
 * with Redis away, the request stands and the next click tries again.
 */
async function redriveCompletion(deps: ServiceDeps, orderNo: string, jobId: string): Promise<void> {
  const queue = deps.queues['bank-transfer'];
  try {
    const job = await queue.getJob(jobId);
    if (job) {
      if (await job.isFailed()) await job.retry('failed');
      return;
    }
    const row = await deps.db.selectFrom('outbox').select('payload').where('job_id', '=', jobId).where('relayed_at', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (row) await queue.add('bank-transfer', row.payload as JobPayloads['bank-transfer'], { jobId });
  } catch (err) {
    deps.log.warn({ err, orderNo }, 'bank-transfer job could not be re-driven');
  }
}

/**
 * Old clients expect the final state in the answer: wait (bounded) until the worker settled the
 * order. PostgreSQL is the truth, so this reads the order rather than listening to the queue.
 */
export async function awaitSettlement(deps: ServiceDeps, orderNo: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const o = await deps.db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirst();
    if (!o || o.status !== 'pending_payment' || Date.now() >= deadline) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
