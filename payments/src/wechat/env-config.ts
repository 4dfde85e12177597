// Environment variables for the adapter, so the dev stack can hand sandbox credentials to the app.
import type { WechatPayConfig } from './adapter.js';
import type { WechatCredentials } from './credentials.js';

export const WECHAT_ENV = {
  baseUrl: 'WECHAT_PAY_BASE_URL',
  mchid: 'WECHAT_PAY_MCHID',
  appid: 'WECHAT_PAY_APPID',
  merchantSerialNo: 'WECHAT_PAY_MERCHANT_SERIAL_NO',
  merchantPrivateKey: 'WECHAT_PAY_MERCHANT_PRIVATE_KEY',
  apiV3Key: 'WECHAT_PAY_APIV3_KEY',
  platformCertSerialNo: 'WECHAT_PAY_PLATFORM_CERT_SERIAL_NO',
  platformCert: 'WECHAT_PAY_PLATFORM_CERT',
  publicKeyId: 'WECHAT_PAY_PUBLIC_KEY_ID',
  publicKey: 'WECHAT_PAY_PUBLIC_KEY',
} as const;

export function wechatEnvFromCredentials(c: WechatCredentials, baseUrl: string): Record<string, string> {
  return {
    [WECHAT_ENV.baseUrl]: baseUrl,
    [WECHAT_ENV.mchid]: c.mchid,
    [WECHAT_ENV.appid]: c.appid,
    [WECHAT_ENV.merchantSerialNo]: c.merchant.serialNo,
    [WECHAT_ENV.merchantPrivateKey]: c.merchant.privateKeyPem,
    [WECHAT_ENV.apiV3Key]: c.apiV3Key,
    [WECHAT_ENV.platformCertSerialNo]: c.platformCertificate.serialNo,
    [WECHAT_ENV.platformCert]: c.platformCertificate.certificatePem,
    [WECHAT_ENV.publicKeyId]: c.wechatpayPublicKey.keyId,
    [WECHAT_ENV.publicKey]: c.wechatpayPublicKey.publicKeyPem,
  };
}

/** Null when WeChat Pay is not configured (no mchid); throws when it is half configured. */
export function wechatConfigFromEnv(env: Record<string, string | undefined>): WechatPayConfig | null {
  if (!env[WECHAT_ENV.mchid]) return null;
  const need = (name: string): string => {
    const v = env[name];
    if (!v) throw new Error(`${name} is required when ${WECHAT_ENV.mchid} is set`);
    // PEMs in .env files often carry literal \n.
    return v.replace(/\\n/g, '\n');
  };
  const certSerial = env[WECHAT_ENV.platformCertSerialNo];
  const keyId = env[WECHAT_ENV.publicKeyId];
  return {
    baseUrl: env[WECHAT_ENV.baseUrl] || undefined,
    mchid: need(WECHAT_ENV.mchid),
    appid: need(WECHAT_ENV.appid),
    merchantSerialNo: need(WECHAT_ENV.merchantSerialNo),
    merchantPrivateKey: need(WECHAT_ENV.merchantPrivateKey),
    apiV3Key: need(WECHAT_ENV.apiV3Key),
    platformCertificates: certSerial ? [{ serialNo: certSerial, pem: need(WECHAT_ENV.platformCert) }] : [],
    wechatpayPublicKey: keyId ? { keyId, pem: need(WECHAT_ENV.publicKey) } : undefined,
  };
}
