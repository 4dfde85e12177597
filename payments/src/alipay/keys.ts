// Key handling shared by the adapter and the sandbox. The Alipay console hands out keys as bare
// base64 (PKCS#8 private / SPKI public) while openssl and the SDK use PEM, so both are accepted.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomInt, type KeyObject } from 'node:crypto';

/** Loads an RSA private key given as PEM (PKCS#1 or PKCS#8) or as bare base64 DER. */
export function loadPrivateKey(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  const text = key.trim();
  if (text.startsWith('-----')) return createPrivateKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Loads an RSA public key given as PEM (SPKI or PKCS#1) or as bare base64 SPKI DER. */
export function loadPublicKey(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  const text = key.trim();
  if (text.startsWith('-----')) return createPublicKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Everything needed to wire an adapter to a sandbox: two keypairs plus the merchant identity. */
export interface AlipayCredentials {
  /** Application id ("2021…", 16 digits). */
  appId: string;
  /** Seller's Alipay user id (PID, "2088…", 16 digits); notifications carry it as seller_id. */
  sellerId: string;
  sellerEmail: string;
  /** The merchant's keys: the adapter signs requests with the private one, the sandbox verifies with the public one. */
  appPrivateKey: string;
  appPublicKey: string;
  /** Alipay's keys: the sandbox signs responses and notifies, the adapter verifies with the public one. */
  alipayPrivateKey: string;
  alipayPublicKey: string;
}

function digits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

/** Generates fresh RSA-2048 keypairs (PEM: PKCS#1 private like the SDK default, SPKI public). */
export function generateAlipayCredentials(): AlipayCredentials {
  const pair = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
  const app = pair();
  const alipay = pair();
  return {
    appId: `2021${digits(12)}`,
    sellerId: `2088${digits(12)}`,
    sellerEmail: 'merchant@sandbox.example',
    appPrivateKey: app.privateKey,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
    alipayPublicKey: alipay.publicKey,
  };
}
