// Checks that a response or callback really comes from WeChat Pay: the key is chosen by
// Wechatpay-Serial among platform certificates and the newer "WeChat Pay public key" (PUB_KEY_ID_…).
// Both are held at once because WeChat switches between them at random during a migration.
import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { AUTH_SCHEMA, responseMessage, rsaVerify } from './signing.js';
import { HEADER } from './wire.js';

/** Reference 4.1: reject when |now − timestamp| ≥ 300 s (the SDKs' FiveMinute). */
export const MAX_CLOCK_SKEW_SECONDS = 300;
/** Probe callbacks WeChat sends on purpose; verification must fail for them. */
export const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

export type VerificationReason =
  'missing_headers' | 'unsupported_signature_type' | 'signtest_probe' | 'bad_timestamp' | 'stale_timestamp' | 'unknown_serial' | 'bad_signature';

export class VerificationFailure extends Error {
  constructor(
    readonly reason: VerificationReason,
    message: string,
  ) {
    super(message);
    this.name = 'VerificationFailure';
  }
}

/** Accepts a PEM public key or a PEM X.509 certificate. */
export function publicKeyFromPem(pem: string): KeyObject {
  if (pem.includes('BEGIN CERTIFICATE')) return new X509Certificate(pem).publicKey;
  return createPublicKey(pem);
}

export class WechatpayVerifier {
  // Serials are compared upper-case: certificate serials are hex and tools print either case.
  private readonly keys = new Map<string, KeyObject>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A platform certificate (or its public key) under its certificate serial. */
  addPlatformCertificate(serialNo: string, pem: string): void {
    this.keys.set(serialNo.toUpperCase(), publicKeyFromPem(pem));
  }

  /** The WeChat Pay public key under its id (PUB_KEY_ID_…). */
  addPublicKey(keyId: string, pem: string): void {
    this.keys.set(keyId.toUpperCase(), publicKeyFromPem(pem));
  }

  hasSerial(serial: string): boolean {
    return this.keys.has(serial.toUpperCase());
  }

  /** Throws VerificationFailure unless the headers carry a fresh, valid WeChat signature over body. */
  verify(headers: Record<string, string | undefined>, body: string): void {
    const timestamp = headers[HEADER.timestamp];
    const nonce = headers[HEADER.nonce];
    const signature = headers[HEADER.signature];
    const serial = headers[HEADER.serial];
    if (!timestamp || !nonce || !signature || !serial) {
      throw new VerificationFailure('missing_headers', 'Wechatpay-Timestamp/Nonce/Signature/Serial missing');
    }
    const type = headers[HEADER.signatureType];
    if (type && type !== AUTH_SCHEMA) throw new VerificationFailure('unsupported_signature_type', `signature type ${type}`);
    if (signature.startsWith(SIGNTEST_PREFIX)) throw new VerificationFailure('signtest_probe', 'WeChat signature probe');
    if (!/^\d{1,12}$/.test(timestamp)) throw new VerificationFailure('bad_timestamp', `timestamp ${timestamp}`);
    const skew = Math.abs(this.now() / 1000 - Number(timestamp));
    if (skew >= MAX_CLOCK_SKEW_SECONDS) throw new VerificationFailure('stale_timestamp', `timestamp off by ${Math.round(skew)} s`);
    const key = this.keys.get(serial.toUpperCase());
    if (!key) throw new VerificationFailure('unknown_serial', `no WeChat key with serial ${serial}`);
    if (!rsaVerify(key, responseMessage(timestamp, nonce, body), signature)) {
      throw new VerificationFailure('bad_signature', 'Wechatpay-Signature does not verify');
    }
  }
}
