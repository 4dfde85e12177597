import t from 'tap';
import type { Job } from 'bullmq';
import { createLogger } from '@shop/core';
import { loadWorkersConfig } from '@shop/config';
import { type JobPayloads } from '@shop/jobs';
import { bankTransferProcessor } from '../../workers/src/processors/bank-transfer.js';
import { buy } from '../helpers/orders.js';
import { startStack, type TestStack } from '../helpers/stack.js';
import { MARK_COMPLETED, buyerWithoutMail, env, eventCounts, gqlOk, operator } from './helpers.js';

// The bank-transfer processor run by hand on the job the gateway queued (no workers in the
// stack), so a redelivery and a buyer switching payment method can be placed exactly.

function processor(stack: TestStack) {
  const config = loadWorkersConfig({ ...process.env, DATABASE_URL: 'postgres://unused/unused', QUEUE_PREFIX: stack.config.queuePrefix });
  return bankTransferProcessor({ config, db: stack.db, log: createLogger('test', 'silent'), queues: stack.app.queues, events: stack.app.deps.events, providers: {} });
}

async function queuedJob(stack: TestStack, orderNo: string): Promise<Job<JobPayloads['bank-transfer']>> {
  const job = await stack.app.queues['bank-transfer'].getJob(`bank-${orderNo}`);
  if (!job) throw new Error('no job queued');
  return job as Job<JobPayloads['bank-transfer']>;
}

t.test('a redelivered completion job settles once and queues one receipt', async (t) => {
  const stack = await startStack(t, env, { workers: false });
  const b = await buyerWithoutMail(stack);
  const op = await operator(stack);
  const order = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  await gqlOk(op.client, MARK_COMPLETED, { o: order.orderNo, r: 'REF-9' });
  const job = await queuedJob(stack, order.orderNo);
  const run = processor(stack);
  t.same(await run(job), { outcome: 'settled' });
  t.same(await run(job), { outcome: 'already paid' }, 'the redelivery changes nothing');
  t.same(await eventCounts(stack, order.orderNo), { created: 1, bank_transfer_completion_requested: 1, paid: 1 });
  const receipts = await stack.db.selectFrom('outbox').select('job_id').where('job_id', '=', `receipt-${order.orderNo}`).execute();
  t.equal(receipts.length, 1, 'one receipt in the outbox');
  const intent = await stack.db.selectFrom('payment_intents').select(['status', 'provider_ref']).where('out_trade_no', '=', `${order.orderNo}P1`).executeTakeFirstOrThrow();
  t.same(intent, { status: 'succeeded', provider_ref: 'REF-9' }, 'the reference is kept on the attempt');
});

t.test('a completion whose buyer switched to another payment method is skipped, and the trail says why', async (t) => {
  const stack = await startStack(t, env, { workers: false, payments: true });
  const b = await buyerWithoutMail(stack);
  const op = await operator(stack);
  const order = (await buy(b.client, { paymentMethod: 'BANK_TRANSFER' })).data!.checkout.order;
  await gqlOk(op.client, MARK_COMPLETED, { o: order.orderNo, r: 'REF-1' });
  const switched = (await buy(b.client, { paymentMethod: 'WECHAT_NATIVE' })).data!.checkout;
  t.equal(switched.order.orderNo, order.orderNo, 'the open order was reused for WeChat');

  t.same(await processor(stack)(await queuedJob(stack, order.orderNo)), { outcome: 'skipped' });
  t.equal((await stack.db.selectFrom('orders').select('status').where('order_no', '=', order.orderNo).executeTakeFirstOrThrow()).status, 'pending_payment');
  const skipped = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['order_events.actor_type', 'order_events.before', 'order_events.data'])
    .where('orders.order_no', '=', order.orderNo)
    .where('order_events.type', '=', 'bank_transfer_completion_skipped')
    .executeTakeFirstOrThrow();
  t.match(skipped, { actor_type: 'system', before: { status: 'pending_payment', provider: 'wechat' }, data: { reference: 'REF-1' } });

  // Back to bank transfer: the skipped request no longer stands, a new one goes out under a job id of its own.
  await buy(b.client, { paymentMethod: 'BANK_TRANSFER' });
  const view = await gqlOk<{ adminOrder: { completionRequested: boolean; canCompleteBankTransfer: boolean } }>(op.client, 'query($o: ID!) { adminOrder(orderNo: $o) { completionRequested canCompleteBankTransfer } }', { o: order.orderNo });
  t.same(view.adminOrder, { completionRequested: false, canCompleteBankTransfer: true });
  t.equal((await gqlOk<{ markBankTransferCompleted: { changed: boolean } }>(op.client, MARK_COMPLETED, { o: order.orderNo, r: 'REF-2' })).markBankTransferCompleted.changed, true);
  const second = await stack.app.queues['bank-transfer'].getJob(`bank-${order.orderNo}-2`);
  t.same(second?.data, { orderNo: order.orderNo, reference: 'REF-2', operatorId: op.userId });
  t.same(await processor(stack)(second as Job<JobPayloads['bank-transfer']>), { outcome: 'settled' });
  t.same(await eventCounts(stack, order.orderNo), { created: 1, checkout_reused: 2, bank_transfer_completion_requested: 2, bank_transfer_completion_skipped: 1, paid: 1 });
});
