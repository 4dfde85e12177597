// The WeChat app's side of an in-app (JSAPI) payment: the page calls
// WeixinJSBridge.invoke('getBrandWCPayRequest', params), and WeChat checks the merchant's paySign
// and that the signed-in WeChat user is the payer of the prepay order before showing its payment
// sheet. A browser test stands in for the app by forwarding the bridge call here; the answer is
// the err_msg the bridge hands back to the page.
import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { paySignMessage, rsaVerify } from '@shop/payments/wechat/signing';
import type { WechatSandbox } from './sandbox.js';

const OK = 'get_brand_wcpay_request:ok';
const CANCEL = 'get_brand_wcpay_request:cancel';
const FAIL = 'get_brand_wcpay_request:fail';

export interface BridgePayment {
  appId?: unknown;
  timeStamp?: unknown;
  nonceStr?: unknown;
  package?: unknown;
  signType?: unknown;
  paySign?: unknown;
  /** The WeChat user signed in to the app. */
  openid?: unknown;
  /** What the user does on the payment sheet. */
  action?: unknown;
}

export interface BridgeAnswer {
  err_msg: string;
  /** Why the app refused, as the app's own log would say; not part of the bridge's answer. */
  err_desc?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function registerClientRoutes(app: FastifyInstance, sb: WechatSandbox): void {
  const merchantKey = createPublicKey(sb.credentials.merchant.publicKeyPem);

  app.post('/client/jsapi', async (req, reply) => {
    let p: BridgePayment;
    try {
      p = JSON.parse(String(req.body ?? '')) as BridgePayment;
    } catch {
      return reply.code(400).send({ err_msg: FAIL, err_desc: 'body is not JSON' });
    }
    if (!p || typeof p !== 'object') return reply.code(400).send({ err_msg: FAIL, err_desc: 'body is not an object' });
    return bridgePay(sb, merchantKey, p);
  });
}

export function bridgePay(sb: WechatSandbox, merchantKey: ReturnType<typeof createPublicKey>, p: BridgePayment): BridgeAnswer {
  const refuse = (err_desc: string): BridgeAnswer => ({ err_msg: FAIL, err_desc });
  const appId = text(p.appId);
  const timeStamp = text(p.timeStamp);
  const nonceStr = text(p.nonceStr);
  const pkg = text(p.package);
  const paySign = text(p.paySign);
  if (appId !== sb.credentials.appid) return refuse('appId does not belong to this merchant');
  if (text(p.signType) !== 'RSA') return refuse('signType must be RSA');
  if (!/^\d{10}$/.test(timeStamp) || !nonceStr || !pkg.startsWith('prepay_id=')) return refuse('missing payment parameters');
  if (!rsaVerify(merchantKey, paySignMessage(appId, timeStamp, nonceStr, pkg), paySign)) return refuse('paySign verification failed');
  const order = sb.lookup({ prepay_id: pkg });
  if (!order || order.tradeType !== 'JSAPI') return refuse('prepay_id is unknown');
  if (order.request.payer?.openid !== text(p.openid)) return refuse('the signed-in WeChat user is not the payer of this order');
  if (p.action === 'cancel') {
    order.payerCancels += 1;
    return { err_msg: CANCEL };
  }
  const paid = sb.pay(order.outTradeNo, { openid: text(p.openid) });
  return 'error' in paid ? refuse(paid.error.message) : { err_msg: OK };
}
