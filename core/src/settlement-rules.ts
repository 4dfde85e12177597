import type { AttemptStatus, PaymentProvider } from '@shop/payments';
import { isOpen } from './attempt-ledger.js';
import type { CoreDeps } from './deps.js';
import { finishAttempt, settleAttempt, type SettleOutcome } from './settle.js';

export interface IntentRef {
  id: string;
  out_trade_no: string;
  provider_ref: string | null;
  amount_cents: number;
  currency: string;
}

/** Whether what the provider reports matches the stored attempt ("防止假通知"). */
export function mismatch(intent: IntentRef, s: AttemptStatus, identity: PaymentProvider['identity']): string | null {
  if (s.outTradeNo && s.outTradeNo !== intent.out_trade_no) return `out_trade_no ${s.outTradeNo} is not ${intent.out_trade_no}`;
  if (s.amountCents !== undefined && s.amountCents !== intent.amount_cents) return `amount ${s.amountCents} is not ${intent.amount_cents}`;
  if (s.currency && s.currency.toUpperCase() !== intent.currency.toUpperCase()) return `currency ${s.currency} is not ${intent.currency}`;
  if (identity.merchantId && s.merchantId && s.merchantId !== identity.merchantId) return `merchant ${s.merchantId} is not ours`;
  if (identity.appId && s.appId && s.appId !== identity.appId) return `app ${s.appId} is not ours`;
  return null;
}

/**
 * Settlement in one place: a provider-reported state (verified callback, poll, result page) is
 * matched against the stored attempt, then applied through the ledgers: settles on success
 * (capturing a PayPal order first when it is only approved, and only while the attempt is still
 * open: a closed attempt is never captured), finishes it on failure or closure, leaves it open
 * otherwise.
 */
export interface ApplyAttemptStatus {
  provider: PaymentProvider;
  intent: IntentRef;
  /** What the provider reported. */
  status: AttemptStatus;
  source: 'notification' | 'poll' | 'return';
}

export interface AppliedStatus {
  outcome: 'settled' | 'already' | 'pending' | 'failed' | 'closed' | 'mismatch';
  settle?: SettleOutcome;
  reason?: string;
}

export async function applyAttemptStatus(deps: CoreDeps, input: ApplyAttemptStatus): Promise<AppliedStatus> {
  const { provider, intent, source } = input;
  let s = input.status;
  const wrong = mismatch(intent, s, provider.identity);
  if (wrong) return { outcome: 'mismatch', reason: wrong };
  if (s.state === 'approved' && provider.capture) {
    const now = await deps.db.selectFrom('payment_intents').select('status').where('id', '=', intent.id).executeTakeFirst();
    if (!now || !isOpen(now.status)) return { outcome: 'closed', reason: `attempt is ${now?.status ?? 'gone'}: an approval is not captured` };
    s = await provider.capture(intent.out_trade_no, s.providerRef ?? intent.provider_ref ?? '');
    const wrongCapture = mismatch(intent, s, provider.identity);
    if (wrongCapture) return { outcome: 'mismatch', reason: wrongCapture };
  }
  const actor = { type: 'provider' as const, id: provider.name };
  switch (s.state) {
    case 'succeeded': {
      const settle = await settleAttempt(deps, { intentId: intent.id, source, providerRef: s.providerRef ?? null });
      return { outcome: settle.transitioned ? 'settled' : 'already', settle };
    }
    case 'failed':
      await finishAttempt(deps, { intentId: intent.id, status: 'failed', reason: `provider reported failed (${source})`, actor });
      return { outcome: 'failed' };
    case 'closed':
      await finishAttempt(deps, { intentId: intent.id, status: 'closed', reason: `provider reported closed (${source})`, actor });
      return { outcome: 'closed' };
    default:
      return { outcome: 'pending' };
  }
}
