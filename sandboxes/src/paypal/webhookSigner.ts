import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { WEBHOOK_AUTH_ALGO, webhookSignedMessage } from '@shop/payments/paypal/webhookMessage';
import { newTransmissionId } from './ids.js';
import { paypalTime } from './store.js';

/** Signs webhook transmissions the way PayPal does: SHA256withRSA over id|time|webhook_id|crc32(body). */
export class WebhookSigner {
  private readonly key: KeyObject;

  constructor(
    privateKeyPem: string,
    private readonly webhookId: string,
    private readonly certUrl: () => string,
  ) {
    this.key = createPrivateKey(privateKeyPem);
  }

  /** Headers for one transmission; every (re)delivery is a new transmission with its own id and time. */
  headers(rawBody: string, corrupt = false): Record<string, string> {
    const transmissionId = newTransmissionId();
    const transmissionTime = paypalTime();
    const message = webhookSignedMessage(transmissionId, transmissionTime, this.webhookId, rawBody);
    const signature = sign('sha256', Buffer.from(message, 'utf8'), this.key);
    // A flipped bit is indistinguishable from a forged signature for the receiver.
    if (corrupt) signature[0] = (signature[0] ?? 0) ^ 0x01;
    return {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': signature.toString('base64'),
      'paypal-cert-url': this.certUrl(),
      'paypal-auth-algo': WEBHOOK_AUTH_ALGO,
      'paypal-auth-version': 'v2',
      'user-agent': 'PayPal/AUHD-214.0-58434222 (local sandbox)',
    };
  }
}
