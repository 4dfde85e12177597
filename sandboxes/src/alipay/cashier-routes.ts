// The cashier's buttons, as a person (or a test driving the browser flow) clicks them.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cashierPage, errorPage, messagePage } from './cashier-page.js';
import { SandboxError, type TradeActions } from './trade-actions.js';
import type { PageRequest } from './trades.js';

type Params = { token: string };

export function registerCashierRoutes(app: FastifyInstance, actions: TradeActions): void {
  const o = actions.o;
  const html = (reply: FastifyReply, body: string, status = 200) => reply.code(status).type('text/html;charset=utf-8').send(body);
  const back = (page: PageRequest) => (page.returnUrl ? { href: page.returnUrl, label: '返回商户 Back to the merchant' } : undefined);

  /** Runs a button's action, turning state errors into Alipay's error page. */
  const guarded = (run: (page: PageRequest, reply: FastifyReply) => unknown) => async (request: { params: Params }, reply: FastifyReply) => {
    const page = actions.book.page(request.params.token);
    if (!page) return html(reply, messagePage('收银台已失效 Cashier expired', 'Unknown cashier session.'), 404);
    try {
      return await run(page, reply);
    } catch (err) {
      if (err instanceof SandboxError) {
        return html(reply, errorPage({ code: '40004', msg: 'Business Failed', sub_code: err.code, sub_msg: err.message }));
      }
      throw err;
    }
  };

  app.get<{ Params: Params }>(
    '/cashier/:token',
    guarded((page, reply) => {
      const trade = o.tradeCreatedOn === 'open' ? actions.open(page) : actions.expireIfDue(actions.book.find(page.outTradeNo));
      return html(reply, cashierPage(o.publicBaseUrl, page, trade));
    }),
  );

  app.post<{ Params: Params }>(
    '/cashier/:token/pay',
    guarded((page, reply) => {
      const { returnUrl } = actions.pay(actions.open(page));
      // The browser goes back with signed return parameters (a UI hint only for the merchant).
      if (returnUrl) return reply.redirect(returnUrl, 302);
      return html(reply, messagePage('支付成功 Paid', `Order ${page.outTradeNo} is paid.`));
    }),
  );

  app.post<{ Params: Params }>(
    '/cashier/:token/cancel',
    guarded((page, reply) => {
      const trade = actions.expireIfDue(actions.book.find(page.outTradeNo));
      if (trade?.status === 'WAIT_BUYER_PAY') actions.closeTrade(trade);
      return html(reply, messagePage('已取消 Cancelled', `Payment for ${page.outTradeNo} was cancelled.`, back(page)));
    }),
  );

  app.post<{ Params: Params }>(
    '/cashier/:token/abandon',
    guarded((page, reply) => {
      actions.abandon(actions.open(page));
      return html(reply, messagePage('已扫码 Scanned', 'The buyer scanned the code and walked away; the trade waits for payment.', back(page)));
    }),
  );
}
