// JSON controls for tests and the dev stack: drive trades, switch faults, read the delivery log.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseFaults, type NotifyFaults } from './faults.js';
import { SandboxError, type TradeActions } from './trade-actions.js';
import type { SandboxTrade } from './trades.js';

interface TradeBody {
  outTradeNo?: string;
  faults?: unknown;
}

/** A JSON view of a trade (dates as ISO strings). */
export function tradeView(t: SandboxTrade | undefined): Record<string, unknown> | null {
  if (!t) return null;
  const iso = (d?: Date) => d?.toISOString();
  return { ...t, gmtCreate: iso(t.gmtCreate), gmtPayment: iso(t.gmtPayment), gmtClose: iso(t.gmtClose), timeExpire: iso(t.timeExpire) };
}

export function registerControlRoutes(app: FastifyInstance, actions: TradeActions, reset: () => void): void {
  const send = async (reply: FastifyReply, run: () => unknown) => {
    try {
      return reply.send(await run());
    } catch (err) {
      if (err instanceof SandboxError) return reply.code(err.httpStatus).send({ error: err.code, message: err.message });
      throw err;
    }
  };
  const input = (body: unknown): { outTradeNo: string; faults?: NotifyFaults } => {
    const b = (body ?? {}) as TradeBody;
    if (typeof b.outTradeNo !== 'string' || !b.outTradeNo) throw new SandboxError('BAD_REQUEST', 'outTradeNo is required', 400);
    let faults: NotifyFaults | undefined;
    try {
      faults = b.faults === undefined ? undefined : parseFaults(b.faults);
    } catch (err) {
      throw new SandboxError('BAD_FAULTS', (err as Error).message, 400);
    }
    return { outTradeNo: b.outTradeNo, faults };
  };
  const existing = (outTradeNo: string) => {
    const t = actions.expireIfDue(actions.book.find(outTradeNo));
    if (!t) throw new SandboxError('ACQ.TRADE_NOT_EXIST', `no trade for ${outTradeNo} (cashier not opened)`, 404);
    return t;
  };

  app.post('/_control/open', (req, reply) => send(reply, () => tradeView(actions.openByOutTradeNo(input(req.body).outTradeNo))));
  app.post('/_control/pay', (req, reply) =>
    send(reply, () => {
      const { outTradeNo, faults } = input(req.body);
      const { trade, returnUrl } = actions.pay(actions.openByOutTradeNo(outTradeNo), faults);
      return { trade: tradeView(trade), returnUrl: returnUrl ?? null };
    }),
  );
  const close = (req: { body: unknown }, reply: FastifyReply) =>
    send(reply, () => {
      const { outTradeNo, faults } = input(req.body);
      return tradeView(actions.closeTrade(existing(outTradeNo), faults));
    });
  app.post('/_control/cancel', close);
  app.post('/_control/close', close);
  app.post('/_control/expire', (req, reply) => send(reply, () => ({ trade: tradeView(actions.expire(input(req.body).outTradeNo)) })));
  app.post('/_control/finish', (req, reply) =>
    send(reply, () => {
      const { outTradeNo, faults } = input(req.body);
      return tradeView(actions.finish(existing(outTradeNo), faults));
    }),
  );
  app.get<{ Params: { outTradeNo: string } }>('/_control/trades/:outTradeNo', (req, reply) => send(reply, () => tradeView(existing(req.params.outTradeNo))));

  app.get('/_control/faults', async () => actions.globalFaults);
  const setFaults = (req: { body: unknown }, reply: FastifyReply) =>
    send(reply, () => {
      try {
        actions.globalFaults = parseFaults(req.body);
      } catch (err) {
        throw new SandboxError('BAD_FAULTS', (err as Error).message, 400);
      }
      return actions.globalFaults;
    });
  app.put('/_control/faults', setFaults);
  app.post('/_control/faults', setFaults);
  app.delete('/_control/faults', async () => (actions.globalFaults = {}));

  app.get<{ Querystring: { outTradeNo?: string; notifyId?: string } }>('/_control/deliveries', async (req) =>
    actions.notifier.deliveries({ outTradeNo: req.query.outTradeNo, notifyId: req.query.notifyId }),
  );
  app.post('/_control/reset', async () => {
    reset();
    return { ok: true };
  });
}
