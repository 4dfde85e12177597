// Checks the merchant's Authorization header the way WeChat does: parse, find the merchant key
// by serial_no, check mchid and clock skew, verify SHA256withRSA over the exact request.
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { WechatCredentials } from '@shop/payments/wechat/credentials';
import { parseAuthorization, requestMessage, rsaVerify } from '@shop/payments/wechat/signing';
import { MAX_CLOCK_SKEW_SECONDS } from '@shop/payments/wechat/verifier';
import type { ApiError } from './orders.js';

export interface MerchantIdentity {
  mchid: string;
  appid: string;
}

export class MerchantAuthenticator {
  private readonly merchants = new Map<string, MerchantIdentity & { key: KeyObject }>();

  constructor(credentials: WechatCredentials) {
    this.merchants.set(credentials.merchant.serialNo.toUpperCase(), {
      mchid: credentials.mchid,
      appid: credentials.appid,
      key: createPublicKey(credentials.merchant.publicKeyPem),
    });
  }

  /** The merchant when the request is authentic, else the 401 SIGN_ERROR WeChat answers. */
  authenticate(method: string, rawUrl: string, authorization: string | undefined, rawBody: string): { merchant: MerchantIdentity } | { error: ApiError } {
    const signError = (message: string) => ({ error: { status: 401, code: 'SIGN_ERROR', message } });
    const auth = parseAuthorization(authorization);
    if (!auth) return signError('Http头Authorization值格式错误，请参考《微信支付商户REST API签名规则》');
    // SDKs print certificate serials in either case; WeChat's are upper-case hex.
    const merchant = this.merchants.get(auth.serial_no.toUpperCase());
    if (!merchant) return signError(`商户证书序列号有误 (serial_no ${auth.serial_no})`);
    if (merchant.mchid !== auth.mchid) return signError('Authorization中的商户号与证书不匹配');
    if (!/^\d{1,12}$/.test(auth.timestamp) || Math.abs(Date.now() / 1000 - Number(auth.timestamp)) >= MAX_CLOCK_SKEW_SECONDS) {
      return signError('Http头Authorization中的timestamp与当前时间相差过大');
    }
    if (!rsaVerify(merchant.key, requestMessage(method, rawUrl, auth.timestamp, auth.nonce_str, rawBody), auth.signature)) {
      return signError('签名错误，请检查后再试');
    }
    return { merchant: { mchid: merchant.mchid, appid: merchant.appid } };
  }
}
