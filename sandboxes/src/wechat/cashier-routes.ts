// Cashier: what the buyer's WeChat would show. Pay completes the payment (and triggers the
// callback); Cancel and Abandon leave the order NOTPAY, as WeChat does when a buyer backs out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cashierPage } from './cashier-page.js';
import { cashierUrl, type WechatSandbox } from './sandbox.js';

type BaseUrl = (req: FastifyRequest) => string;

export function registerCashierRoutes(app: FastifyInstance, sb: WechatSandbox, baseUrl: BaseUrl): void {
  // weixin://wxpay/bizpayurl?pr=<token> -> the cashier, the way scanning the QR code would open it.
  app.get<{ Querystring: { pr?: string; prepay_id?: string } }>('/cashier', async (req, reply) => {
    const order = sb.lookup({ pr: req.query.pr, prepay_id: req.query.prepay_id });
    if (!order) return reply.code(404).type('text/plain; charset=utf-8').send('二维码已失效 · Unknown payment code');
    return reply.redirect(cashierUrl(baseUrl(req), order.outTradeNo), 302);
  });

  app.get<{ Params: { outTradeNo: string }; Querystring: { result?: string; error?: string } }>('/cashier/:outTradeNo', async (req, reply) => {
    const order = sb.orders.get(req.params.outTradeNo);
    if (!order) return reply.code(404).type('text/plain; charset=utf-8').send('订单不存在 · No such order');
    const url = cashierUrl(baseUrl(req), order.outTradeNo);
    return reply.type('text/html; charset=utf-8').send(cashierPage(sb.view(order, baseUrl(req)), url, req.query.result, req.query.error));
  });

  app.post<{ Params: { outTradeNo: string; action: string } }>('/cashier/:outTradeNo/:action', async (req, reply) => {
    const { outTradeNo, action } = req.params;
    const order = sb.orders.get(outTradeNo);
    if (!order) return reply.code(404).type('text/plain; charset=utf-8').send('订单不存在 · No such order');
    const back = (q: string) => reply.redirect(`${cashierUrl(baseUrl(req), outTradeNo)}?${q}`, 303);
    if (action === 'pay') {
      const paid = sb.pay(outTradeNo);
      return 'error' in paid ? back(`error=${encodeURIComponent(paid.error.message)}`) : back('result=paid');
    }
    if (action === 'cancel') {
      order.payerCancels += 1;
      return back('result=cancelled');
    }
    if (action === 'abandon') return back('result=abandoned');
    return reply.code(404).type('text/plain; charset=utf-8').send('unknown action');
  });
}
