// WeChat Pay API v3 endpoints: every request must carry a valid merchant Authorization,
// every answer is signed with a WeChat key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AEAD_ALGORITHM, aeadEncrypt } from '@shop/payments/wechat/aead';
import { randomAlnum } from '@shop/payments/wechat/random';
import { toChinaRfc3339 } from '@shop/payments/wechat/time';
import type { CertificateEntry } from '@shop/payments/wechat/wire';
import { transactionOf } from './orders.js';
import { validatePrepay } from './prepay-validation.js';
import { validateGlobalPrepay } from './global-prepay.js';
import type { RefundBody } from './refunds.js';
import type { MerchantIdentity } from './request-auth.js';
import type { WechatSandbox } from './sandbox.js';
import { sendApiError, sendSigned } from './signed-reply.js';
import { registerBillRoutes } from './bill-routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    wechatMerchant?: MerchantIdentity;
  }
}

const rawBodyOf = (req: FastifyRequest): string => (typeof req.body === 'string' ? req.body : '');

export function registerApiRoutes(app: FastifyInstance, sb: WechatSandbox, baseUrl: (req: FastifyRequest) => string): void {
  app.register(async (api) => {
    api.addHook('preHandler', async (req, reply) => {
      // req.url is the path + query exactly as sent: the canonical URL the merchant signed.
      const result = sb.auth.authenticate(req.method, req.url, req.headers.authorization, rawBodyOf(req));
      if ('error' in result) return sendApiError(reply, sb.signer, result.error);
      req.wechatMerchant = result.merchant;
    });

    if (sb.setup.setup === 'overseas') registerGlobalRoutes(api, sb);
    else registerDomesticRoutes(api, sb);
    // The refund API of the product, then the platform certificates of its API family.
    registerRefundRoutes(api, sb);
    registerBillRoutes(api, sb, baseUrl, (merchant, query) => sb.setup.setup === 'domestic' || globalMerchantOk(sb, merchant, query));
    api.get(sb.setup.setup === 'overseas' ? '/v3/global/certificates' : '/v3/certificates', async (_req, reply) => {
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

/** A mainland merchant's API v3: /v3/pay/..., CNY only. */
function registerDomesticRoutes(api: FastifyInstance, sb: WechatSandbox): void {
  for (const tradeType of ['NATIVE', 'JSAPI'] as const) {
    api.post(`/v3/pay/transactions/${tradeType.toLowerCase()}`, async (req, reply) => {
      const valid = validatePrepay(rawBodyOf(req), tradeType, req.wechatMerchant!, {
        requireHttps: sb.options.requireHttpsNotifyUrl ?? false,
        currencies: sb.setup.currencies,
      });
      if ('error' in valid) return sendApiError(reply, sb.signer, valid.error);
      const placed = sb.orders.prepay(tradeType, valid.ok);
      if ('error' in placed) return sendApiError(reply, sb.signer, placed.error);
      const order = placed.ok;
      return sendSigned(reply, sb.signer, 200, tradeType === 'NATIVE' ? { code_url: order.codeUrl } : { prepay_id: order.prepayId });
    });
  }

  api.get<{ Params: { outTradeNo: string }; Querystring: { mchid?: string } }>('/v3/pay/transactions/out-trade-no/:outTradeNo', async (req, reply) => {
    if (req.query.mchid !== req.wechatMerchant!.mchid)
      return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: 'mchid缺失或与签名商户号不一致' });
    const order = sb.orders.get(req.params.outTradeNo);
    if (!order) return sendApiError(reply, sb.signer, { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    return sendSigned(reply, sb.signer, 200, transactionOf(order));
  });

  api.get<{ Params: { transactionId: string }; Querystring: { mchid?: string } }>('/v3/pay/transactions/id/:transactionId', async (req, reply) => {
    if (req.query.mchid !== req.wechatMerchant!.mchid)
      return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: 'mchid缺失或与签名商户号不一致' });
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
    if (body?.mchid !== req.wechatMerchant!.mchid)
      return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: 'mchid缺失或与签名商户号不一致' });
    const closed = sb.orders.close(req.params.outTradeNo, 'merchant');
    if ('error' in closed) return sendApiError(reply, sb.signer, closed.error);
    return sendSigned(reply, sb.signer, 204);
  });
}

const merchantError = { status: 400, code: 'PARAM_ERROR', message: '商户号缺失或与签名商户号不一致' };

/** The merchant ids of a GET query or a close body, as the configured mode names them. */
function globalMerchantOk(sb: WechatSandbox, merchant: MerchantIdentity, ids: { mchid?: unknown; sp_mchid?: unknown; sub_mchid?: unknown }): boolean {
  if (sb.setup.mode === 'institutional') return ids.sp_mchid === merchant.mchid && ids.sub_mchid === sb.setup.subMchid && ids.mchid === undefined;
  return ids.mchid === merchant.mchid && ids.sp_mchid === undefined && ids.sub_mchid === undefined;
}

/** WeChat Pay Global (cross-border reference 1.1): everything under /v3/global/. */
function registerGlobalRoutes(api: FastifyInstance, sb: WechatSandbox): void {
  // An overseas account on the domestic paths gets what the community thread shows.
  api.all('/v3/pay/*', async (_req, reply) => sendApiError(reply, sb.signer, { status: 400, code: 'INVALID_REQUEST', message: '暂不支持境外支付' }));

  for (const tradeType of ['NATIVE', 'JSAPI'] as const) {
    api.post(`/v3/global/transactions/${tradeType.toLowerCase()}`, async (req, reply) => {
      const valid = validateGlobalPrepay(rawBodyOf(req), tradeType, req.wechatMerchant!, sb.setup, { requireHttps: sb.options.requireHttpsNotifyUrl ?? false });
      if ('error' in valid) return sendApiError(reply, sb.signer, valid.error);
      const placed = sb.orders.prepay(tradeType, valid.ok.request, valid.ok.raw);
      if ('error' in placed) return sendApiError(reply, sb.signer, placed.error);
      const order = placed.ok;
      return sendSigned(reply, sb.signer, 200, tradeType === 'NATIVE' ? { code_url: order.codeUrl } : { prepay_id: order.prepayId });
    });
  }

  type Q = { mchid?: string; sp_mchid?: string; sub_mchid?: string };
  api.get<{ Params: { outTradeNo: string }; Querystring: Q }>('/v3/global/transactions/out-trade-no/:outTradeNo', async (req, reply) => {
    if (!globalMerchantOk(sb, req.wechatMerchant!, req.query)) return sendApiError(reply, sb.signer, merchantError);
    const order = sb.orders.get(req.params.outTradeNo);
    if (!order?.global) return sendApiError(reply, sb.signer, { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    return sendSigned(reply, sb.signer, 200, transactionOf(order, sb.setup));
  });

  api.get<{ Params: { id: string }; Querystring: Q }>('/v3/global/transactions/id/:id', async (req, reply) => {
    if (!globalMerchantOk(sb, req.wechatMerchant!, req.query)) return sendApiError(reply, sb.signer, merchantError);
    const order = sb.orders.find((o) => o.transactionId === req.params.id);
    if (!order) return sendApiError(reply, sb.signer, { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    return sendSigned(reply, sb.signer, 200, transactionOf(order, sb.setup));
  });

  api.post<{ Params: { outTradeNo: string } }>('/v3/global/transactions/out-trade-no/:outTradeNo/close', async (req, reply) => {
    let body: Q;
    try {
      body = JSON.parse(rawBodyOf(req)) as Q;
    } catch {
      return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: '请求体不是合法的JSON' });
    }
    if (!body || !globalMerchantOk(sb, req.wechatMerchant!, body)) return sendApiError(reply, sb.signer, merchantError);
    const closed = sb.orders.close(req.params.outTradeNo, 'merchant');
    if ('error' in closed) return sendApiError(reply, sb.signer, closed.error);
    return sendSigned(reply, sb.signer, 204);
  });
}

/** Refunds: domestic /v3/refund/domestic/refunds, global /v3/global/refunds (reference 1.8). */
function registerRefundRoutes(api: FastifyInstance, sb: WechatSandbox): void {
  const overseas = sb.setup.setup === 'overseas';
  const base = overseas ? '/v3/global/refunds' : '/v3/refund/domestic/refunds';
  api.post(base, async (req, reply) => {
    let body: RefundBody;
    try {
      body = JSON.parse(rawBodyOf(req)) as RefundBody;
    } catch {
      return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: '请求体不是合法的JSON' });
    }
    if (overseas && !globalMerchantOk(sb, req.wechatMerchant!, body)) return sendApiError(reply, sb.signer, merchantError);
    if (!overseas && (body.mchid !== undefined || body.sp_mchid !== undefined))
      return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: '直连商户退款不需要商户号参数' });
    if (body.notify_url !== undefined) {
      try {
        const u = new URL(body.notify_url);
        if (u.search) throw new Error('query');
      } catch {
        return sendApiError(reply, sb.signer, { status: 400, code: 'PARAM_ERROR', message: 'notify_url格式错误' });
      }
    }
    const order = body.out_trade_no
      ? sb.orders.get(body.out_trade_no)
      : body.transaction_id
        ? sb.orders.find((o) => o.transactionId === body.transaction_id)
        : undefined;
    if (order && overseas !== !!order.global) return sendApiError(reply, sb.signer, { status: 404, code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    const known = body.out_refund_no ? sb.refunds.get(body.out_refund_no) : undefined;
    const created = sb.refunds.create(body, order);
    if ('error' in created) return sendApiError(reply, sb.signer, created.error);
    if (!known) sb.scheduleRefund(created.ok, sb.defaultRefundFaults);
    return sendSigned(reply, sb.signer, 200, sb.refunds.view(created.ok, 'status'));
  });

  api.get<{ Params: { outRefundNo: string }; Querystring: { mchid?: string; sp_mchid?: string; sub_mchid?: string } }>(
    overseas ? '/v3/global/refunds/out-refund-no/:outRefundNo' : '/v3/refund/domestic/refunds/:outRefundNo',
    async (req, reply) => {
      if (overseas && !globalMerchantOk(sb, req.wechatMerchant!, req.query)) return sendApiError(reply, sb.signer, merchantError);
      const refund = sb.refunds.get(req.params.outRefundNo);
      if (!refund) return sendApiError(reply, sb.signer, { status: 404, code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return sendSigned(reply, sb.signer, 200, sb.refunds.view(refund, 'status'));
    },
  );
}
