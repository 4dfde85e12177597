// WeChat Pay API v3 endpoints: every request must carry a valid merchant Authorization,
// every answer is signed with a WeChat key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AEAD_ALGORITHM, aeadEncrypt } from '@shop/payments/wechat/aead';
import { randomAlnum } from '@shop/payments/wechat/random';
import { toChinaRfc3339 } from '@shop/payments/wechat/time';
import type { CertificateEntry } from '@shop/payments/wechat/wire';
import { transactionOf } from './orders.js';
import { validatePrepay } from './prepay-validation.js';
import type { MerchantIdentity } from './request-auth.js';
import type { WechatSandbox } from './sandbox.js';
import { sendApiError, sendSigned } from './signed-reply.js';

declare module 'fastify' {
  interface FastifyRequest {
    wechatMerchant?: MerchantIdentity;
  }
}

const rawBodyOf = (req: FastifyRequest): string => (typeof req.body === 'string' ? req.body : '');

export function registerApiRoutes(app: FastifyInstance, sb: WechatSandbox): void {
  app.register(async (api) => {
    api.addHook('preHandler', async (req, reply) => {
      // req.url is the path + query exactly as sent: the canonical URL the merchant signed.
      const result = sb.auth.authenticate(req.method, req.url, req.headers.authorization, rawBodyOf(req));
      if ('error' in result) return sendApiError(reply, sb.signer, result.error);
      req.wechatMerchant = result.merchant;
    });

    for (const tradeType of ['NATIVE', 'JSAPI'] as const) {
      api.post(`/v3/pay/transactions/${tradeType.toLowerCase()}`, async (req, reply) => {
        const valid = validatePrepay(rawBodyOf(req), tradeType, req.wechatMerchant!, {
          requireHttps: sb.options.requireHttpsNotifyUrl ?? false,
          currencies: sb.options.currencies ?? ['CNY'],
        });
        if ('error' in valid) return sendApiError(reply, sb.signer, valid.error);
        const placed = sb.orders.prepay(tradeType, valid.ok);
        if ('error' in placed) return sendApiError(reply, sb.signer, placed.error);
        const order = placed.ok;
        return sendSigned(reply, sb.signer, 200, tradeType === 'NATIVE' ? { code_url: order.codeUrl } : { prepay_id: order.prepayId });
      });
    }

    api.get<{ Params: { outTradeNo: string }; Querystring: { mchid?: string } }>('/v3/pay/transactions/out-trade-no/:outTradeNo', async (req, reply) => {
      if (req.query.mchid !== req.wechatMerchant!.mchid) return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: 'mchid缺失或与签名商户号不一致' });
      const order = sb.orders.get(req.params.outTradeNo);
      if (!order) return sendApiError(reply, sb.signer, { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return sendSigned(reply, sb.signer, 200, transactionOf(order));
    });

    api.get<{ Params: { transactionId: string }; Querystring: { mchid?: string } }>('/v3/pay/transactions/id/:transactionId', async (req, reply) => {
      if (req.query.mchid !== req.wechatMerchant!.mchid) return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: 'mchid缺失或与签名商户号不一致' });
      // Only paid orders have a transaction id; unpaid ones are found by out_trade_no only.
      const order = sb.orders.find((o) => o.transactionId === req.params.transactionId);
      if (!order) return sendApiError(reply, sb.signer, { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return sendSigned(reply, sb.signer, 200, transactionOf(order));
    });

    api.post<{ Params: { outTradeNo: string } }>('/v3/pay/transactions/out-trade-no/:outTradeNo/close', async (req, reply) => {
      let body: { mchid?: unknown };
      try {
        body = JSON.parse(rawBodyOf(req)) as { mchid?: unknown };
      } catch {
        return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: '请求体不是合法的JSON' });
      }
      if (body?.mchid !== req.wechatMerchant!.mchid) return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: 'mchid缺失或与签名商户号不一致' });
      const closed = sb.orders.close(req.params.outTradeNo, 'merchant');
      if ('error' in closed) return sendApiError(reply, sb.signer, closed.error);
      return sendSigned(reply, sb.signer, 204);
    });

    api.get('/v3/certificates', async (_req, reply) => {
      const cert = sb.credentials.platformCertificate;
      const nonce = randomAlnum(12);
      const now = Date.now();
      const entry: CertificateEntry = {
        serial_no: cert.serialNo,
        effective_time: toChinaRfc3339(new Date(now - 86_400_000)),
        expire_time: toChinaRfc3339(new Date(now + 5 * 365 * 86_400_000)),
        encrypt_certificate: {
          algorithm: AEAD_ALGORITHM,
          nonce,
          associated_data: 'certificate',
          ciphertext: aeadEncrypt(sb.credentials.apiV3Key, nonce, 'certificate', cert.certificatePem),
        },
      };
      return sendSigned(reply, sb.signer, 200, { data: [entry] });
    });
  });
}
