// Signs sandbox responses and callbacks as WeChat does: Wechatpay-* headers over
// "timestamp\nnonce\nbody\n", with either the platform certificate key or the public key (PUB_KEY_ID_).
import { createPrivateKey, generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import type { WechatCredentials } from '@shop/payments/wechat/credentials';
import { randomAlnum } from '@shop/payments/wechat/random';
import { AUTH_SCHEMA, responseMessage, rsaSign } from '@shop/payments/wechat/signing';
import { unixSeconds } from '@shop/payments/wechat/time';
import { SIGNTEST_PREFIX } from '@shop/payments/wechat/verifier';
import type { SigningKeyMode } from './options.js';

export interface SignatureFaults {
  badSignature?: boolean;
  staleTimestamp?: boolean;
  wrongKey?: boolean;
  signtest?: boolean;
}

interface SigningKey {
  serial: string;
  key: KeyObject;
}

export class PlatformSigner {
  private readonly cert: SigningKey;
  private readonly publicKey: SigningKey;
  private stranger?: KeyObject;

  constructor(
    credentials: WechatCredentials,
    public mode: SigningKeyMode,
  ) {
    this.cert = { serial: credentials.platformCertificate.serialNo, key: createPrivateKey(credentials.platformCertificate.privateKeyPem) };
    this.publicKey = { serial: credentials.wechatpayPublicKey.keyId, key: createPrivateKey(credentials.wechatpayPublicKey.privateKeyPem) };
  }

  private pick(): SigningKey {
    if (this.mode === 'certificate') return this.cert;
    if (this.mode === 'publicKey') return this.publicKey;
    return randomInt(2) === 0 ? this.cert : this.publicKey;
  }

  /** A key nobody trusts, made once on first use (wrong-key fault). */
  private strangerKey(): KeyObject {
    this.stranger ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    return this.stranger;
  }

  /** The Wechatpay-* headers (plus Request-ID) for this exact body. */
  headers(body: string, faults: SignatureFaults = {}): Record<string, string> {
    const { serial, key } = this.pick();
    const timestamp = unixSeconds(Date.now() - (faults.staleTimestamp ? 600_000 : 0));
    const nonce = randomAlnum(32);
    let signature: string;
    if (faults.signtest) {
      signature = SIGNTEST_PREFIX + randomBytes(192).toString('base64');
    } else {
      const signingKey = faults.wrongKey ? this.strangerKey() : key;
      // A bad signature is a real signature over a different message: well-formed but wrong.
      const message = responseMessage(timestamp, nonce, faults.badSignature ? `${body} ` : body);
      signature = rsaSign(signingKey, message);
    }
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': serial,
      'Wechatpay-Signature-Type': AUTH_SCHEMA,
      'Request-ID': randomBytes(16).toString('hex'),
    };
  }
}
