// AEAD_AES_256_GCM as WeChat uses it for callback resources and downloaded certificates:
// key = the 32-byte APIv3 key (UTF-8), nonce = 12 ASCII bytes, the 16-byte tag is appended to the
// ciphertext before base64 (RFC 5116 layout).
import { createCipheriv, createDecipheriv } from 'node:crypto';

export const AEAD_ALGORITHM = 'AEAD_AES_256_GCM';
const TAG_BYTES = 16;

function keyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key must be exactly 32 bytes');
  return key;
}

export function aeadEncrypt(apiV3Key: string, nonce: string, associatedData: string, plaintext: string): string {
  const cipher = createCipheriv('aes-256-gcm', keyBytes(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

/** Throws when the tag does not match (wrong key, nonce, associated data or tampered text). */
export function aeadDecrypt(apiV3Key: string, nonce: string, associatedData: string, ciphertextBase64: string): string {
  const all = Buffer.from(ciphertextBase64, 'base64');
  if (all.length < TAG_BYTES) throw new Error('ciphertext shorter than the GCM tag');
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(apiV3Key), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(all.subarray(all.length - TAG_BYTES));
  return Buffer.concat([decipher.update(all.subarray(0, all.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}
