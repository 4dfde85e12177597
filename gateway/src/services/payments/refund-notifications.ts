// A provider's notification about a refund (WeChat REFUND.*, PayPal PAYMENT.CAPTURE.REFUNDED):
// applied through the refund ledger in core, which moves a refund once however many reporters race.
import { applyRefundStatus } from '@shop/core';
import type { ProviderName, RefundStatus, VerifiedNotification } from '@shop/payments';
import type { ServiceDeps } from '../deps.js';

export async function handleRefundNotification(
  deps: ServiceDeps,
  provider: ProviderName,
  n: VerifiedNotification,
  refund: RefundStatus,
): Promise<{ acknowledge: boolean; outcome: string; reason?: string }> {
  const known = await deps.db
    .selectFrom('refunds')
    .select(['provider', 'amount_minor', 'currency'])
    .where('refund_no', '=', refund.refundNo)
    .executeTakeFirst();
  if (!known) {
    // Authentic, but not a refund this shop asked for (made at the provider's console): recorded only.
    deps.log.info({ provider, eventId: n.eventId, refundNo: refund.refundNo }, 'refund notification for an unknown refund');
    return { acknowledge: true, outcome: 'ignored', reason: 'unknown refund number' };
  }
  const wrong =
    known.provider !== provider
      ? `refund of ${known.provider}`
      : refund.amountMinor !== undefined && refund.amountMinor !== known.amount_minor
        ? `refund amount ${refund.amountMinor} is not ${known.amount_minor}`
        : refund.currency && refund.currency.toUpperCase() !== known.currency.toUpperCase()
          ? `refund currency ${refund.currency} is not ${known.currency}`
          : null;
  if (wrong) {
    deps.log.warn({ provider, eventId: n.eventId, reason: wrong }, 'refund notification refused');
    return { acknowledge: false, outcome: 'mismatch', reason: wrong };
  }
  const outcome = await applyRefundStatus(deps, { refundNo: refund.refundNo, status: refund, source: 'notification' });
  return { acknowledge: true, outcome: `refund_${outcome}` };
}
