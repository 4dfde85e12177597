// gateway.do: one URL for every method, GET or POST, answering HTML (page pay) or signed JSON.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { responseKeyOf, signedEnvelope } from '@shop/payments/alipay/response-envelope';
import { closeTrade, queryRefund, queryTrade, refundTrade } from './api-methods.js';
import { cashierPage, errorPage } from './cashier-page.js';
import { authenticate, bizContent, gatewayParams, SUPPORTED_METHODS, type GatewayFailure } from './gateway-request.js';
import { pagePayRequest } from './page-pay.js';
import { SandboxError, type TradeActions } from './trade-actions.js';
import { BILL_METHOD, type TradeBillDesk } from './trade-bill.js';

// Alipay serves its JSON answers as text/html; clients must not depend on the content type.
const CONTENT_TYPE = 'text/html;charset=utf-8';
const PAGE_METHODS = new Set(['alipay.trade.page.pay', 'alipay.trade.wap.pay']);

export function registerGatewayRoutes(app: FastifyInstance, actions: TradeActions, bills: TradeBillDesk): void {
  const o = actions.o;

  const html = (reply: FastifyReply, body: string) => reply.code(200).type(CONTENT_TYPE).send(body);
  const json = (reply: FastifyReply, method: string, body: Record<string, unknown>) => {
    const key = SUPPORTED_METHODS.has(method) ? responseKeyOf(method) : 'error_response';
    return reply
      .code(200)
      .type(CONTENT_TYPE)
      .send(signedEnvelope(key, body, o.alipayPrivateKey));
  };
  const fail = (reply: FastifyReply, method: string, failure: GatewayFailure) =>
    PAGE_METHODS.has(method) ? html(reply, errorPage(failure)) : json(reply, method, { ...failure });

  app.route({
    method: ['GET', 'POST'],
    url: '/gateway.do',
    handler: async (request, reply) => {
      const params = gatewayParams(request);
      const method = params.method ?? '';
      const failure = authenticate(params, o);
      if (failure) return fail(reply, method, failure);
      const biz = bizContent(params);
      if (!biz.ok) return fail(reply, method, biz.failure);

      if (method === 'alipay.trade.query') return json(reply, method, queryTrade(actions, biz.biz));
      if (method === 'alipay.trade.close') return json(reply, method, closeTrade(actions, biz.biz));
      if (method === 'alipay.trade.refund') return json(reply, method, refundTrade(actions, biz.biz));
      if (method === 'alipay.trade.fastpay.refund.query') return json(reply, method, queryRefund(actions, biz.biz));
      if (method === BILL_METHOD) return json(reply, method, bills.downloadUrl(biz.biz));

      // alipay.trade.page.pay: the buyer's browser arrives at the cashier.
      const fields = pagePayRequest(params, biz.biz, actions.book, o.now());
      if ('sub_code' in fields) return fail(reply, method, fields);
      const page = actions.book.addPage(fields);
      let trade = actions.expireIfDue(actions.book.find(page.outTradeNo));
      if (o.tradeCreatedOn === 'open') {
        try {
          trade = actions.open(page);
        } catch (err) {
          if (err instanceof SandboxError) return fail(reply, method, { code: '40004', msg: 'Business Failed', sub_code: err.code, sub_msg: err.message });
          throw err;
        }
      }
      return html(reply, cashierPage(o.publicBaseUrl, page, trade));
    },
  });

  // The bill file behind a bill_download_url: no signature, the link itself is the credential.
  app.get<{ Querystring: { fileId?: string } }>('/downloadBillFile.resource', async (request, reply) => {
    const found = bills.download(request.query.fileId ?? '');
    if (!found) return reply.code(404).type('text/plain;charset=utf-8').send('file not found or link expired');
    return reply.code(200).type('application/octet-stream').header('content-disposition', `attachment; filename="${found.fileName}"`).send(found.file);
  });
}
