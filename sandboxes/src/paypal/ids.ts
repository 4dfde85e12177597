import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random upper-case alphanumerics, the alphabet of PayPal's resource ids. */
function alnum(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += UPPER_ALNUM[randomInt(UPPER_ALNUM.length)];
  return out;
}

// Shapes follow what PayPal hands out: 17-character order and capture ids (e.g.
// 5O190127TN364715T), 13-character payer/merchant ids, WH-<17>-<17> webhook event ids.
export const newOrderId = (): string => alnum(17);
export const newCaptureId = (): string => alnum(17);
export const newPayerId = (): string => alnum(13);
export const newMerchantId = (): string => alnum(13);
export const newEventId = (): string => `WH-${alnum(17)}-${alnum(17)}`;
export const newTransmissionId = (): string => randomUUID();
export const newDebugId = (): string => randomBytes(7).toString('hex').slice(0, 13);
export const newAccessToken = (): string => `A21AA${randomBytes(48).toString('base64url')}`;
export const newSecret = (): string => randomBytes(40).toString('base64url');
export const newClientId = (): string => `A${randomBytes(40).toString('base64url')}`;
export const newCertId = (): string => `CERT-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`;
export const newWebhookId = (): string => alnum(17);
