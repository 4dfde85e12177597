import { crc32 } from 'node:zlib';

/**
 * The string PayPal signs for a webhook transmission:
 * `transmission_id|transmission_time|webhook_id|crc32(raw body)`, the CRC32 written as an
 * unsigned decimal integer. The webhook id is the receiver's own subscription id, which binds
 * the signature to that subscription.
 */
export function webhookSignedMessage(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: string): string {
  const checksum = crc32(Buffer.from(rawBody, 'utf8')) >>> 0;
  return `${transmissionId}|${transmissionTime}|${webhookId}|${checksum}`;
}

export const WEBHOOK_AUTH_ALGO = 'SHA256withRSA';
