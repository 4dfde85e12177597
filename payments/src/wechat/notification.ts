// Verifies and decrypts a payment callback (reference 4.1 "Payment-success callback").
import { NotificationRejected, type NotificationInput, type VerifiedNotification } from '../provider.js';
import { AEAD_ALGORITHM, aeadDecrypt } from './aead.js';
import { attemptStateOf } from './trade-state.js';
import { VerificationFailure, type WechatpayVerifier } from './verifier.js';
import type { NotificationBody, Transaction } from './wire.js';

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

  let tx: Transaction;
  try {
    tx = JSON.parse(aeadDecrypt(apiV3Key, resource.nonce, resource.associated_data ?? '', resource.ciphertext)) as Transaction;
  } catch {
    reject('decrypt_failed', 'resource does not decrypt with the APIv3 key');
  }
  if (typeof tx.out_trade_no !== 'string' || typeof tx.trade_state !== 'string') {
    reject('malformed_resource', 'decrypted resource is not a transaction');
  }

  return {
    eventId: body.id,
    eventType: body.event_type,
    state: attemptStateOf(tx.trade_state),
    outTradeNo: tx.out_trade_no,
    providerRef: tx.transaction_id,
    amountCents: tx.amount?.total,
    currency: tx.amount?.currency,
    merchantId: tx.mchid,
    appId: tx.appid,
    detail: `${tx.trade_state}${tx.trade_state_desc ? ` ${tx.trade_state_desc}` : ''}`,
  };
}
