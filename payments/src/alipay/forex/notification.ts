// The asynchronous notify of create_forex_trade (cross-border reference 2.4): a signed form POST;
// the shop then asks the gateway whether Alipay really sent it (service=notify_verify with the
// notify_id, answer `true`), as the protocol requires for async notifications.
import type { KeyObject } from 'node:crypto';
import { decimalToCents, NotificationRejected, type NotificationInput, type VerifiedNotification } from '../../provider.js';
import { parseForm, type AlipayParams } from '../signing.js';
import { tradeNotifyFields } from '../trade-status.js';
import { forexVerify } from './signing.js';

const REQUIRED = ['notify_id', 'out_trade_no', 'trade_status', 'currency', 'forex_total_fee'] as const;

export interface ForexNotifyCheck {
  publicKey: KeyObject;
  /** Asks the gateway about a notify_id: resolves to its answer body (`true`, `false`, `invalid`). */
  notifyVerify: (notifyId: string) => Promise<string>;
}

export async function verifyForexNotification(input: NotificationInput, check: ForexNotifyCheck): Promise<VerifiedNotification> {
  const contentType = input.headers['content-type'] ?? '';
  if (contentType && !contentType.toLowerCase().includes('application/x-www-form-urlencoded')) {
    throw new NotificationRejected('content_type', `unexpected content type ${contentType}`);
  }
  const params: AlipayParams = parseForm(input.rawBody);
  if (!forexVerify(params, check.publicKey)) throw new NotificationRejected('signature', 'notify signature does not verify with the Alipay public key');
  for (const field of REQUIRED) if (!params[field]) throw new NotificationRejected('malformed', `notify lacks ${field}`);
  const amountCents = decimalToCents(params.forex_total_fee!);
  if (amountCents === null) throw new NotificationRejected('malformed', `bad forex_total_fee ${params.forex_total_fee}`);

  const verdict = (await check.notifyVerify(params.notify_id!)).trim();
  if (verdict !== 'true') throw new NotificationRejected('notify_verify', `notify_verify answered ${verdict || '(nothing)'} for ${params.notify_id}`);

  const payerCents = params.total_fee ? decimalToCents(params.total_fee) : null;
  return {
    ...tradeNotifyFields(params),
    amountCents,
    currency: params.currency!.toUpperCase(),
    // total_fee is what the buyer paid in CNY (reference 2.4).
    ...(payerCents !== null ? { payer: { amountMinor: payerCents, currency: 'CNY' } } : {}),
  };
}
