// Fresh credentials that wire an adapter to a sandbox: merchant key + certificate, a platform
// certificate key, a WeChat Pay public key (PUB_KEY_ID_…), and the APIv3 key.
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { WechatPayConfig } from './adapter.js';
import { randomAlnum, randomDigits } from './random.js';
import { randomCertificateSerial, selfSignedCertificate } from './x509.js';

const generateRsa = promisify(generateKeyPair);

export interface WechatKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface WechatCredentials {
  mchid: string;
  appid: string;
  apiV3Key: string;
  /** The Official Account's AppSecret (32 hex characters), for the OAuth code exchange. */
  appSecret: string;
  /** The merchant API certificate: the adapter signs with it, the sandbox verifies. */
  merchant: WechatKeyPair & { serialNo: string; certificatePem: string };
  /** A platform certificate: the sandbox signs with it, the adapter verifies. */
  platformCertificate: WechatKeyPair & { serialNo: string; certificatePem: string };
  /** The WeChat Pay public key (newer mode). */
  wechatpayPublicKey: WechatKeyPair & { keyId: string };
}

async function rsaPair(): Promise<WechatKeyPair> {
  const { privateKey, publicKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

export async function generateWechatCredentials(opts: { mchid?: string; appid?: string } = {}): Promise<WechatCredentials> {
  const [merchantKeys, platformKeys, publicKeys] = await Promise.all([rsaPair(), rsaPair(), rsaPair()]);
  const mchid = opts.mchid ?? `19${randomDigits(8)}`;
  const merchantSerial = randomCertificateSerial();
  const platformSerial = randomCertificateSerial();
  return {
    mchid,
    appid: opts.appid ?? `wx${randomAlnum(16).toLowerCase()}`,
    apiV3Key: randomAlnum(32),
    appSecret: randomBytes(16).toString('hex'),
    merchant: {
      ...merchantKeys,
      serialNo: merchantSerial,
      certificatePem: selfSignedCertificate({
        ...merchantKeys,
        serialNo: merchantSerial,
        commonName: mchid,
        organization: 'Sandbox merchant',
        validDays: 1825,
      }),
    },
    platformCertificate: {
      ...platformKeys,
      serialNo: platformSerial,
      certificatePem: selfSignedCertificate({
        ...platformKeys,
        serialNo: platformSerial,
        commonName: 'Tenpay.com Root CA sandbox',
        organization: 'Tenpay.com',
        validDays: 1825,
      }),
    },
    wechatpayPublicKey: { ...publicKeys, keyId: `PUB_KEY_ID_01${mchid}${randomDigits(18)}` },
  };
}

/** The adapter side of the credentials, pointed at baseUrl (e.g. the sandbox URL with its prefix). */
export function adapterConfigFromCredentials(c: WechatCredentials, baseUrl: string): WechatPayConfig {
  return {
    baseUrl,
    mchid: c.mchid,
    appid: c.appid,
    merchantSerialNo: c.merchant.serialNo,
    merchantPrivateKey: c.merchant.privateKeyPem,
    apiV3Key: c.apiV3Key,
    platformCertificates: [{ serialNo: c.platformCertificate.serialNo, pem: c.platformCertificate.certificatePem }],
    wechatpayPublicKey: { keyId: c.wechatpayPublicKey.keyId, pem: c.wechatpayPublicKey.publicKeyPem },
    // The sandbox serves WeChat's OAuth pages under the same prefix as the Pay API.
    oauth: { appSecret: c.appSecret, authorizeBaseUrl: baseUrl, apiBaseUrl: baseUrl },
  };
}
