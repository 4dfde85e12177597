// WeChat Pay API v3: the adapter and the credentials, wire and signing helpers it uses.
export { WechatPayAdapter, WECHAT_API_BASE, type WechatPayConfig } from './adapter.js';
export { generateWechatCredentials, adapterConfigFromCredentials, type WechatCredentials, type WechatKeyPair } from './credentials.js';
export { wechatEnvFromCredentials, wechatConfigFromEnv, WECHAT_ENV } from './env-config.js';
export { WechatpayVerifier, VerificationFailure, publicKeyFromPem, MAX_CLOCK_SKEW_SECONDS, SIGNTEST_PREFIX, type VerificationReason } from './verifier.js';
export {
  requestMessage,
  responseMessage,
  paySignMessage,
  rsaSign,
  rsaVerify,
  parseAuthorization,
  formatAuthorization,
  AUTH_SCHEMA,
  type AuthorizationFields,
} from './signing.js';
export { aeadEncrypt, aeadDecrypt, AEAD_ALGORITHM } from './aead.js';
export { attemptStateOf } from './trade-state.js';
export { toChinaRfc3339 } from './time.js';
export type { DownloadedCertificate } from './certificates.js';
export type * from './wire.js';
export {
  WechatOAuthClient,
  WechatOAuthError,
  WECHAT_OAUTH_API_BASE,
  WECHAT_OAUTH_AUTHORIZE_BASE,
  type WechatOAuthConfig,
  type WechatOAuthIdentity,
} from './oauth.js';
