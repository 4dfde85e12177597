import { verify } from 'node:crypto';
import { NotificationRejected, type NotificationInput } from '../provider.js';
import type { CertificateStore } from './certificateStore.js';
import type { ResolvedPaypalConfig } from './config.js';
import { WEBHOOK_AUTH_ALGO, webhookSignedMessage } from './webhookMessage.js';
import { WEBHOOK_HEADERS, type PaypalWebhookEvent } from './wire.js';

function header(input: NotificationInput, name: string): string {
  const value = input.headers[name]?.trim();
  if (!value) throw new NotificationRejected('missing_header', `missing ${name.toUpperCase()} header`);
  return value;
}

/**
 * Self-verification of a webhook transmission (PayPal's "option B"): the signature over
 * `transmission_id|transmission_time|webhook_id|crc32(body)` must verify with SHA256withRSA
 * under the certificate at PAYPAL-CERT-URL (host-pinned), and the transmission time must be
 * within maxTransmissionSkewSeconds of our clock. PayPal signs every redelivery afresh, so a
 * legitimate retry days later still carries a current time; an old captured transmission does
 * not, which bounds replays. Event-id deduplication is left to the caller.
 */
export async function verifyWebhookTransmission(input: NotificationInput, config: ResolvedPaypalConfig, certs: CertificateStore): Promise<PaypalWebhookEvent> {
  const transmissionId = header(input, WEBHOOK_HEADERS.transmissionId);
  const transmissionTime = header(input, WEBHOOK_HEADERS.transmissionTime);
  const signature = header(input, WEBHOOK_HEADERS.transmissionSig);
  const certUrl = header(input, WEBHOOK_HEADERS.certUrl);
  const algo = header(input, WEBHOOK_HEADERS.authAlgo);
  if (algo.toLowerCase() !== WEBHOOK_AUTH_ALGO.toLowerCase()) {
    throw new NotificationRejected('auth_algo', `unsupported PAYPAL-AUTH-ALGO ${algo}`);
  }

  const sentAt = Date.parse(transmissionTime);
  if (Number.isNaN(sentAt)) throw new NotificationRejected('timestamp', 'PAYPAL-TRANSMISSION-TIME is not a date');
  const skewSeconds = Math.abs(config.now() - sentAt) / 1000;
  if (skewSeconds > config.maxTransmissionSkewSeconds) {
    throw new NotificationRejected('timestamp', `transmission time ${transmissionTime} is ${Math.round(skewSeconds)} s from now`);
  }

  const key = await certs.publicKeyFor(certUrl);
  const message = webhookSignedMessage(transmissionId, transmissionTime, config.webhookId, input.rawBody);
  const ok = verify('sha256', Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64'));
  if (!ok) throw new NotificationRejected('signature', 'PayPal webhook signature does not verify');

  let event: PaypalWebhookEvent;
  try {
    event = JSON.parse(input.rawBody) as PaypalWebhookEvent;
  } catch {
    throw new NotificationRejected('body', 'webhook body is not JSON');
  }
  if (typeof event?.id !== 'string' || typeof event.event_type !== 'string' || typeof event.resource !== 'object' || !event.resource) {
    throw new NotificationRejected('body', 'webhook body lacks id, event_type or resource');
  }
  return event;
}
