import {
  NotificationIgnored,
  NotificationRejected,
  ProviderError,
  type NotificationAnswer,
  type ProviderName,
  type VerifiedNotification,
} from '@shop/payments';
import { sha256 } from '@shop/config';
import { applyAttemptStatus, inTransaction, mismatch, recordPayerAmount } from '@shop/core';
import { handleRefundNotification } from './refund-notifications.js';
import type { ServiceDeps } from '../deps.js';

const notFound: NotificationAnswer = { status: 404, contentType: 'application/json', body: '{"code":"NOT_FOUND","message":"unknown provider"}' };

async function record(
  deps: ServiceDeps,
  provider: string,
  e: {
    eventId: string;
    eventType?: string | null;
    intentId?: string | null;
    headers: Record<string, string | undefined>;
    rawBody: string;
    verified: boolean;
    outcome: string;
    error?: string | null;
  },
) {
  const row = await deps.db
    .insertInto('provider_events')
    .values({
      provider,
      event_id: e.eventId.slice(0, 200),
      event_type: e.eventType ?? null,
      intent_id: e.intentId ?? null,
      headers: JSON.stringify(e.headers),
      raw_body: e.rawBody.slice(0, 65_536),
      verified: e.verified,
      outcome: e.outcome,
      error: e.error?.slice(0, 500) ?? null,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning(['id'])
    .executeTakeFirst();
  return row?.id ?? null;
}

async function findIntent(deps: ServiceDeps, provider: ProviderName, n: VerifiedNotification) {
  let q = deps.db.selectFrom('payment_intents').selectAll().where('provider', '=', provider);
  if (n.outTradeNo) q = q.where('out_trade_no', '=', n.outTradeNo);
  else if (n.providerRef) q = q.where('provider_ref', '=', n.providerRef);
  else return undefined;
  return q.executeTakeFirst();
}

/**
 * A provider's callback: verified on the raw body, stored once per provider event id before it is
 * acknowledged, checked against the stored attempt (amount, currency, merchant, number), then
 * applied through the ledger. Anything not authentic or not matching is refused and recorded.
 */
export async function handleNotification(
  deps: ServiceDeps,
  name: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<NotificationAnswer> {
  const provider = deps.providers[name as ProviderName];
  if (!provider || name === 'bank_transfer') return notFound;
  let n: VerifiedNotification;
  try {
    n = await provider.verifyNotification({ headers, rawBody });
  } catch (err) {
    if (err instanceof NotificationRejected) {
      await record(deps, name, {
        eventId: `rejected:${sha256(rawBody + (headers['wechatpay-signature'] ?? headers['paypal-transmission-sig'] ?? ''))}`,
        headers,
        rawBody,
        verified: false,
        outcome: 'rejected',
        error: `${err.reason}: ${err.message}`,
      });
      deps.log.warn({ provider: name, reason: err.reason }, 'notification rejected');
      return provider.answer(false);
    }
    if (err instanceof NotificationIgnored) {
      // Authentic but not ours to act on: recorded, and acknowledged so it is not redelivered for days.
      await record(deps, name, { eventId: err.eventId, eventType: err.eventType, headers, rawBody, verified: true, outcome: 'ignored' });
      deps.log.info({ provider: name, eventId: err.eventId, eventType: err.eventType }, 'notification acknowledged, not acted on');
      return provider.answer(true);
    }
    if (err instanceof ProviderError) return provider.answer(false);
    throw err;
  }
  if (n.refund) {
    const outcome = await handleRefundNotification(deps, name as ProviderName, n, n.refund);
    await record(deps, name, {
      eventId: n.eventId,
      eventType: n.eventType,
      headers,
      rawBody,
      verified: true,
      outcome: outcome.outcome,
      error: outcome.reason ?? null,
    });
    return provider.answer(outcome.acknowledge);
  }

  const intent = await findIntent(deps, name as ProviderName, n);
  const wrong = intent ? mismatch(intent, n, provider.identity) : 'no such attempt';
  if (intent && !wrong && n.payer) await recordPayerAmount(deps, { intentId: intent.id, payer: n.payer });
  const stored = await record(deps, name, {
    eventId: n.eventId,
    eventType: n.eventType,
    intentId: intent?.id ?? null,
    headers,
    rawBody,
    verified: true,
    outcome: wrong ? 'mismatch' : 'accepted',
    error: wrong,
  });
  if (!intent || wrong) {
    deps.log.warn({ provider: name, eventId: n.eventId, reason: wrong }, 'notification refused');
    return provider.answer(false);
  }
  if (!stored) {
    // A redelivery: apply only if the first delivery did not get to it.
    const first = await deps.db
      .selectFrom('provider_events')
      .select(['processed_at', 'outcome'])
      .where('provider', '=', name)
      .where('event_id', '=', n.eventId)
      .executeTakeFirst();
    if (first?.processed_at || first?.outcome !== 'accepted') return provider.answer(first?.outcome === 'accepted');
  }

  if (n.state === 'approved') {
    // Capture server-side now; the buyer may never come back to the return page.
    await inTransaction(deps, ({ enqueue }) => enqueue('settlement', { outTradeNo: intent.out_trade_no, intentId: intent.id, source: 'notification' }));
  } else {
    await applyAttemptStatus(deps, { provider, intent, status: n, source: 'notification' });
  }
  await deps.db.updateTable('provider_events').set({ processed_at: new Date() }).where('provider', '=', name).where('event_id', '=', n.eventId).execute();
  return provider.answer(true);
}
