// Control routes both Alipay sandboxes share: the clock, and the bills' fault switches.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseCorruption, parseTradeBillFaults, type BillFaultBook } from './bill-faults.js';
import { applyClockChange, type SandboxClock } from './clock.js';

export function registerBillControlRoutes(app: FastifyInstance, clock: SandboxClock, faults: BillFaultBook): void {
  const bad = (reply: FastifyReply, err: unknown) => reply.code(400).send({ error: 'BAD_REQUEST', message: (err as Error).message });

  app.get('/_control/clock', async () => ({ now: clock.now().toISOString(), offsetMs: clock.offset }));
  const setClock = async (req: { body: unknown }, reply: FastifyReply) => {
    try {
      applyClockChange(clock, req.body);
    } catch (err) {
      return bad(reply, err);
    }
    return { now: clock.now().toISOString(), offsetMs: clock.offset };
  };
  app.put('/_control/clock', setClock);
  app.post('/_control/clock', setClock);

  app.get('/_control/bill-faults', async () => faults.view());
  app.put('/_control/bill-faults', async (req, reply) => {
    try {
      faults.corrupt = parseCorruption(req.body);
    } catch (err) {
      return bad(reply, err);
    }
    return faults.view();
  });
  app.delete('/_control/bill-faults', async () => {
    faults.clear();
    return faults.view();
  });
  app.put<{ Params: { outTradeNo: string } }>('/_control/bill-faults/:outTradeNo', async (req, reply) => {
    try {
      faults.set(req.params.outTradeNo, parseTradeBillFaults(req.body, clock.now(), req.params.outTradeNo));
    } catch (err) {
      return bad(reply, err);
    }
    return faults.view();
  });
  app.delete<{ Params: { outTradeNo: string } }>('/_control/bill-faults/:outTradeNo', async (req) => {
    faults.set(req.params.outTradeNo, {});
    return faults.view();
  });
}
