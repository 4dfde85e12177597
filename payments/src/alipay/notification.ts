// Asynchronous notify (notify_url): a form-urlencoded POST signed by Alipay.
import type { KeyObject } from 'node:crypto';
import { decimalToCents, NotificationRejected, type NotificationInput, type VerifiedNotification } from '../provider.js';
import { parseForm, verifyCallbackParams } from './signing.js';
import { tradeNotifyFields } from './trade-status.js';

const REQUIRED = ['notify_id', 'app_id', 'out_trade_no', 'trade_status', 'total_amount'] as const;

/**
 * Authenticates and decodes a notify. Only the signature and the form are checked here; the
 * business checks (amount equals the order's, seller_id and app_id are ours) belong to the
 * caller, which gets merchantId = seller_id and appId = app_id to compare with `identity`.
 */
export function verifyAlipayNotification(input: NotificationInput, alipayPublicKey: KeyObject): VerifiedNotification {
  const contentType = input.headers['content-type'] ?? '';
  if (contentType && !contentType.toLowerCase().includes('application/x-www-form-urlencoded')) {
    throw new NotificationRejected('content_type', `unexpected content type ${contentType}`);
  }
  const params = parseForm(input.rawBody);
  if (!params.sign) throw new NotificationRejected('signature', 'notify carries no sign');
  if (params.sign_type && params.sign_type !== 'RSA2') {
    throw new NotificationRejected('signature', `unsupported sign_type ${params.sign_type}`);
  }
  if (!verifyCallbackParams(params, alipayPublicKey)) {
    throw new NotificationRejected('signature', 'notify signature does not verify with the Alipay public key');
  }
  for (const field of REQUIRED) {
    if (!params[field]) throw new NotificationRejected('malformed', `notify lacks ${field}`);
  }
  const amountCents = decimalToCents(params.total_amount ?? '');
  if (amountCents === null) throw new NotificationRejected('malformed', `bad total_amount ${params.total_amount}`);
  return {
    ...tradeNotifyFields(params),
    amountCents,
    // The mainland product has one currency; the notify carries none.
    currency: 'CNY',
    merchantId: params.seller_id || undefined,
    appId: params.app_id,
  };
}
