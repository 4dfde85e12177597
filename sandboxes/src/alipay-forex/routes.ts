// gateway.do for the MAPI services, the cashier's buttons and test controls.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { centsToDecimal } from '@shop/payments';
import { signedForexParams, xmlElement } from '@shop/payments/alipay/forex/index';
import type { ForexNotifier, ForexNotifyFaults } from './notifier.js';
import type { ResolvedForexOptions } from './options.js';
import { cashierPage, errorPage, paidPage } from './pages.js';
import { authenticate, ForexError, gatewayParams, type Params } from './request.js';
import type { ForexTrade, ForexTrades } from './trades.js';
import type { BillFaultBook } from '../alipay/bill-faults.js';
import { registerBillControlRoutes } from '../alipay/bill-controls.js';
import { compareFile } from './transaction-file.js';

const xml = (reply: FastifyReply, body: string) => reply.code(200).type('text/xml; charset=utf-8').send(`<?xml version="1.0" encoding="utf-8"?>${body}`);
const failXml = (reply: FastifyReply, p: Params, code: string) =>
  xml(
    reply,
    xmlElement('alipay', { is_success: 'F', error: code }, xmlElement('request', { service: p.service, partner: p.partner, out_trade_no: p.out_trade_no })),
  );

export function registerForexRoutes(
  app: FastifyInstance,
  o: ResolvedForexOptions,
  trades: ForexTrades,
  notifier: ForexNotifier,
  billFaults: BillFaultBook,
): void {
  const returnUrlOf = (trade: ForexTrade): string | null => {
    if (!trade.returnUrl) return null;
    const signed = signedForexParams(
      {
        is_success: 'T',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        currency: trade.currency,
        total_fee: centsToDecimal(trade.cnyFen),
        forex_total_fee: centsToDecimal(trade.forexCents),
      },
      'RSA2',
      o.alipayPrivateKey,
    );
    const url = new URL(trade.returnUrl);
    for (const [k, v] of Object.entries(signed)) url.searchParams.set(k, v);
    return url.toString();
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/gateway.do',
    handler: async (req, reply) => {
      const p = gatewayParams(req);
      // notify_verify is asked by the merchant's server with partner and notify_id only, unsigned.
      if (p.service === 'notify_verify') {
        const answer = p.partner === o.partner && p.notify_id ? notifier.verify(p.notify_id) : 'invalid';
        return reply.type('text/plain; charset=utf-8').send(answer);
      }
      const page = p.service === 'create_forex_trade' || p.service === 'create_forex_trade_wap';
      try {
        authenticate(p, o);
        if (page) return reply.type('text/html; charset=utf-8').send(cashierPage(o.publicBaseUrl, trades.open(p)));
        if (p.service === 'forex_compare_file') {
          // The file itself is the answer; so are the service's refusals, as plain sentences.
          const answer = compareFile(p, o, trades, billFaults);
          return reply.type('text/plain; charset=utf-8').send('file' in answer ? answer.file : answer.refusal);
        }
        if (p.service === 'single_trade_query') {
          const trade = (p.out_trade_no && trades.get(p.out_trade_no)) || (p.trade_no ? trades.all().find((t) => t.tradeNo === p.trade_no) : undefined);
          if (!trade) return failXml(reply, p, 'TRADE_NOT_EXIST');
          const fields = {
            out_trade_no: trade.outTradeNo,
            trade_no: trade.tradeNo,
            trade_status: trade.status,
            subject: trade.subject,
            currency: trade.currency,
            total_fee: centsToDecimal(trade.cnyFen),
            forex_total_fee: centsToDecimal(trade.forexCents),
            ...(trade.buyerId ? { buyer_id: trade.buyerId } : {}),
          };
          return xml(
            reply,
            xmlElement(
              'alipay',
              { is_success: 'T' },
              xmlElement('request', { service: p.service, partner: p.partner, out_trade_no: p.out_trade_no }) +
                xmlElement('response', {}, xmlElement('trade', fields)),
            ),
          );
        }
        // forex_refund
        trades.refund(p);
        return xml(reply, xmlElement('alipay', { is_success: 'T' }));
      } catch (err) {
        if (!(err instanceof ForexError)) throw err;
        return page ? reply.type('text/html; charset=utf-8').send(errorPage(err.code, err.message)) : failXml(reply, p, err.code);
      }
    },
  });

  app.post<{ Params: { token: string } }>('/cashier/:token/pay', async (req, reply) => {
    const trade = trades.byToken(req.params.token);
    if (!trade) return reply.code(404).type('text/html; charset=utf-8').send(errorPage('TRADE_NOT_EXIST', 'unknown cashier'));
    if (trades.pay(trade)) notifier.send(trade);
    // Alipay sends the buyer's browser back to return_url with the signed result parameters.
    const back = returnUrlOf(trade);
    return back ? reply.redirect(back, 302) : reply.type('text/html; charset=utf-8').send(paidPage(trade, null));
  });

  app.post<{ Params: { token: string } }>('/cashier/:token/cancel', async (req, reply) => {
    const trade = trades.byToken(req.params.token);
    // The trade stays payable until it times out, as at Alipay.
    return reply.type('text/html; charset=utf-8').send(trade?.returnUrl ? errorPage('CANCELLED', '已取消 Cancelled') : errorPage('TRADE_NOT_EXIST', ''));
  });

  app.post<{ Body: { outTradeNo?: string; faults?: ForexNotifyFaults } }>('/_control/pay', async (req, reply) => {
    const trade = req.body?.outTradeNo ? trades.get(req.body.outTradeNo) : undefined;
    if (!trade) return reply.code(404).send({ error: 'no such trade (open its cashier first)' });
    if (!trades.pay(trade)) return reply.code(409).send({ error: `trade is ${trade.status}` });
    return { notifyId: notifier.send(trade, req.body.faults ?? {}), tradeNo: trade.tradeNo };
  });

  app.get('/_control/trades', async () =>
    trades.all().map((t) => ({
      outTradeNo: t.outTradeNo,
      tradeNo: t.tradeNo,
      service: t.service,
      status: t.status,
      currency: t.currency,
      amount: centsToDecimal(t.forexCents),
      cny: centsToDecimal(t.cnyFen),
      refunds: [...t.refunds.values()].map((r) => ({ outReturnNo: r.outReturnNo, amount: centsToDecimal(r.cents) })),
    })),
  );

  app.get('/_control/deliveries', async () => notifier.deliveries);
  registerBillControlRoutes(app, o.clock, billFaults);
}
