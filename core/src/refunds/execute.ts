// Asks the provider for a requested refund, or asks it how a pending one went. Safe to run from
// several places at once (the operator's request, the poller, a redelivered job): the provider
// sees the same refund number each time, and applyRefundStatus moves the row once.
import type { Db } from '@shop/db';
import { ProviderError, type ProviderName, type RefundInput } from '@shop/payments';
import type { CoreDeps } from '../deps.js';
import { applyRefundStatus, type RefundOutcome } from './apply.js';

const BACKOFF_SECONDS = [10, 30, 60, 300, 900, 3600];

async function refundInput(db: Db, refundNo: string): Promise<{ input: RefundInput; provider: ProviderName; status: string } | null> {
  const row = await db
    .selectFrom('refunds')
    .innerJoin('payment_intents', 'payment_intents.id', 'refunds.intent_id')
    .select([
      'refunds.refund_no',
      'refunds.provider',
      'refunds.status',
      'refunds.amount_minor',
      'refunds.currency',
      'refunds.reason',
      'payment_intents.out_trade_no',
      'payment_intents.provider_ref',
      'payment_intents.amount_cents',
    ])
    .where('refunds.refund_no', '=', refundNo)
    .executeTakeFirst();
  if (!row) return null;
  return {
    provider: row.provider,
    status: row.status,
    input: {
      refundNo: row.refund_no,
      outTradeNo: row.out_trade_no,
      ...(row.provider_ref ? { providerRef: row.provider_ref } : {}),
      amountMinor: row.amount_minor,
      totalMinor: row.amount_cents,
      currency: row.currency,
      ...(row.reason ? { reason: row.reason } : {}),
    },
  };
}

/** Not a state change: when to ask again. One statement, so it needs no unit of work. */
async function backOff(db: Db, refundNo: string, error: string): Promise<void> {
  const row = await db.selectFrom('refunds').select('poll_attempts').where('refund_no', '=', refundNo).executeTakeFirst();
  const n = row?.poll_attempts ?? 0;
  const wait = BACKOFF_SECONDS[Math.min(n, BACKOFF_SECONDS.length - 1)]!;
  await db
    .updateTable('refunds')
    .set({ poll_attempts: n + 1, last_error: error.slice(0, 500), next_poll_at: new Date(Date.now() + wait * 1000), updated_at: new Date() })
    .where('refund_no', '=', refundNo)
    .where('status', 'in', ['requested', 'pending'])
    .execute();
}

export interface AdvanceRefund {
  refundNo: string;
}

/** One step for one refund: send it (requested) or ask about it (pending). */
export async function advanceRefund(deps: CoreDeps, { refundNo }: AdvanceRefund): Promise<RefundOutcome> {
  const found = await refundInput(deps.db, refundNo);
  if (!found) return 'unknown';
  if (found.status !== 'requested' && found.status !== 'pending') return 'already';
  const provider = deps.providers[found.provider];
  if (!provider?.refund) {
    await backOff(deps.db, refundNo, `${found.provider} is not configured for refunds`);
    return 'pending';
  }
  const input = { ...found.input, notifyUrl: `${deps.config.publicUrl}/api/pay/notify/${found.provider}` };
  try {
    const status = found.status === 'requested' ? await provider.refund(input) : await (provider.queryRefund ?? provider.refund).call(provider, input);
    const outcome = await applyRefundStatus(deps, { refundNo, status, source: found.status === 'requested' ? 'answer' : 'poll' });
    if (outcome === 'pending') await backOff(deps.db, refundNo, status.detail ?? 'pending');
    return outcome;
  } catch (err) {
    if (err instanceof ProviderError && !err.retryable) {
      return applyRefundStatus(deps, { refundNo, status: { state: 'failed', refundNo, detail: `${err.code}: ${err.message}` }, source: 'answer' });
    }
    await backOff(deps.db, refundNo, (err as Error).message);
    return 'pending';
  }
}

/** Refunds due for a step (sent or asked about), oldest first. */
export async function dueRefunds(deps: Pick<CoreDeps, 'db'>, input: { limit?: number } = {}): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('refunds')
    .select('refund_no')
    .where('status', 'in', ['requested', 'pending'])
    .where('next_poll_at', '<=', new Date())
    .orderBy('next_poll_at')
    .limit(input.limit ?? 50)
    .execute();
  return rows.map((r) => r.refund_no);
}
