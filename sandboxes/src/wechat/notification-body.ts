// The callback WeChat POSTs after a payment: a signed envelope around the Transaction,
// encrypted with the merchant's APIv3 key (AEAD_AES_256_GCM, associated data "transaction").
import { AEAD_ALGORITHM, aeadEncrypt } from '@shop/payments/wechat/aead';
import { randomAlnum } from '@shop/payments/wechat/random';
import { toChinaRfc3339 } from '@shop/payments/wechat/time';
import type { NotificationBody } from '@shop/payments/wechat/wire';
import { newEventId, transactionOf, type SandboxOrder } from './orders.js';
import type { SandboxSetup } from './setup.js';

export function paymentNotificationBody(
  order: SandboxOrder,
  apiV3Key: string,
  opts: { wrongAmount?: boolean; setup?: SandboxSetup } = {},
): { eventId: string; body: string } {
  const tx = transactionOf(order, opts.setup);
  if (opts.wrongAmount && tx.amount) {
    // A forged-looking but validly signed amount: receivers must compare with their own record.
    tx.amount = { ...tx.amount, total: (tx.amount.total ?? 0) + 1, payer_total: (tx.amount.payer_total ?? 0) + 1 };
  }
  return encryptedNotification('TRANSACTION.SUCCESS', '支付成功', 'transaction', tx, apiV3Key);
}

/** REFUND.SUCCESS / REFUND.CLOSED / REFUND.ABNORMAL: the refund resource, associated data "refund". */
export function refundNotificationBody(resource: object, status: string, apiV3Key: string): { eventId: string; body: string } {
  const summary = status === 'SUCCESS' ? '退款成功' : status === 'CLOSED' ? '退款关闭' : '退款异常';
  return encryptedNotification(`REFUND.${status}`, summary, 'refund', resource, apiV3Key);
}

/** The envelope of every callback: a fresh event id, the resource encrypted with the APIv3 key, its type as associated data. */
function encryptedNotification(
  eventType: string,
  summary: string,
  originalType: 'transaction' | 'refund',
  resource: object,
  apiV3Key: string,
): { eventId: string; body: string } {
  const nonce = randomAlnum(12);
  const eventId = newEventId();
  const body: NotificationBody = {
    id: eventId,
    create_time: toChinaRfc3339(new Date()),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary,
    resource: {
      original_type: originalType,
      algorithm: AEAD_ALGORITHM,
      ciphertext: aeadEncrypt(apiV3Key, nonce, originalType, JSON.stringify(resource)),
      associated_data: originalType,
      nonce,
    },
  };
  return { eventId, body: JSON.stringify(body) };
}
