// Verifies and decrypts a payment callback (reference 4.1 "Payment-success callback").
import { NotificationRejected, type NotificationInput, type VerifiedNotification } from '../provider.js';
import { AEAD_ALGORITHM, aeadDecrypt } from './aead.js';
import { refundStatusOf, transactionStatus } from './transaction-status.js';
import { VerificationFailure, type WechatpayVerifier } from './verifier.js';
import type { NotificationBody, RefundResource, Transaction } from './wire.js';

function reject(reason: string, message: string): never {
  throw new NotificationRejected(reason, message);
}

export function decodeNotification(verifier: WechatpayVerifier, apiV3Key: string, input: NotificationInput): VerifiedNotification {
  try {
    verifier.verify(input.headers, input.rawBody);
  } catch (err) {
    if (err instanceof VerificationFailure) reject(err.reason, err.message);
    throw err;
  }

  let body: NotificationBody;
  try {
    body = JSON.parse(input.rawBody) as NotificationBody;
  } catch {
    reject('malformed_body', 'callback body is not JSON');
  }
  const resource = body.resource;
  if (typeof body.id !== 'string' || !resource || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
    reject('malformed_body', 'callback body lacks id or resource');
  }
  // The SDKs compare the algorithm before decrypting; anything else is not a WeChat v3 resource.
  if (resource.algorithm !== AEAD_ALGORITHM) reject('unsupported_algorithm', `resource algorithm ${resource.algorithm}`);

  let plain: string;
  try {
    plain = aeadDecrypt(apiV3Key, resource.nonce, resource.associated_data ?? '', resource.ciphertext);
  } catch {
    reject('decrypt_failed', 'resource does not decrypt with the APIv3 key');
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(plain);
  } catch {
    reject('malformed_resource', 'decrypted resource is not JSON');
  }

  if (typeof body.event_type === 'string' && body.event_type.startsWith('REFUND.')) {
    const r = decoded as RefundResource;
    if (typeof r.out_refund_no !== 'string' || typeof r.out_trade_no !== 'string') reject('malformed_resource', 'decrypted resource is not a refund');
    const refund = refundStatusOf(r);
    return {
      eventId: body.id,
      eventType: body.event_type,
      // The payment itself stays paid; the refund rides along for the refund ledger.
      state: 'succeeded',
      outTradeNo: r.out_trade_no,
      merchantId: r.sp_mchid ?? r.mchid,
      detail: `refund ${refund.detail}`,
      refund,
    };
  }

  const tx = decoded as Transaction;
  if (typeof tx.out_trade_no !== 'string' || typeof tx.trade_state !== 'string') {
    reject('malformed_resource', 'decrypted resource is not a transaction');
  }
  return { eventId: body.id, eventType: body.event_type, ...transactionStatus(tx) };
}
