import type { FastifyInstance, FastifyReply } from 'fastify';
import { SandboxApiError } from './apiErrors.js';
import { ControlConflict, type CaptureOutcome, type PaypalSandboxEngine } from './engine.js';
import { orderJson } from './orderJson.js';
import { registerClockRoutes } from '../bills/clock.js';
import { registerBillFaultRoutes } from '../bills/faults.js';

type IdParams = { Params: { id: string } };

/** Runs a control action, answering 404/409/400 as plain JSON instead of PayPal error bodies. */
async function control(reply: FastifyReply, fn: () => unknown): Promise<unknown> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ControlConflict) return reply.code(409).send({ error: err.message });
    if (err instanceof SandboxApiError && err.status === 404) return reply.code(404).send({ error: 'not found' });
    if (err instanceof SandboxApiError) throw err;
    return reply.code(400).send({ error: err instanceof Error ? err.message : String(err) });
  }
}

const CAPTURE_STATUSES = new Set(['COMPLETED', 'PENDING', 'DECLINED']);

/** JSON test controls under <prefix>/_control: buyer actions, capture outcomes, faults, webhook log. */
export function registerControlRoutes(app: FastifyInstance, engine: PaypalSandboxEngine): void {
  const view = (id: string) => orderJson(engine.base, engine.getOrder(id));

  app.get<{ Querystring: { custom_id?: string } }>('/_control/orders', async (req) =>
    [...engine.store.orders.values()].filter((o) => !req.query.custom_id || o.unit.custom_id === req.query.custom_id).map((o) => orderJson(engine.base, o)),
  );
  app.get<IdParams>('/_control/orders/:id', (req, reply) => control(reply, () => view(req.params.id)));

  // The buyer's choices on the approval page, without a browser.
  app.post<IdParams>('/_control/orders/:id/approve', (req, reply) =>
    control(reply, () => {
      const { redirectUrl } = engine.approve(req.params.id);
      return { order: view(req.params.id), redirectUrl: redirectUrl ?? null };
    }),
  );
  app.post<IdParams>('/_control/orders/:id/cancel', (req, reply) =>
    control(reply, () => ({ order: view(req.params.id), redirectUrl: engine.cancelRedirect(req.params.id) ?? null })),
  );
  // Expiry and void are the same here: the order can no longer be paid.
  for (const path of ['/_control/orders/:id/void', '/_control/orders/:id/expire']) {
    app.post<IdParams>(path, (req, reply) => control(reply, () => orderJson(engine.base, engine.voidOrder(req.params.id))));
  }

  app.post<{ Body: Partial<CaptureOutcome> }>('/_control/next-capture', (req, reply) =>
    control(reply, () => {
      const { status, reason } = req.body ?? {};
      if (!status || !CAPTURE_STATUSES.has(status)) throw new Error('status must be COMPLETED, PENDING or DECLINED');
      return { queued: engine.queueCaptureOutcome({ status, ...(reason ? { reason } : {}) }) };
    }),
  );
  app.post<IdParams>('/_control/captures/:id/complete', (req, reply) => control(reply, () => engine.settlePendingCapture(req.params.id, 'COMPLETED')));
  app.post<IdParams>('/_control/captures/:id/deny', (req, reply) => control(reply, () => engine.settlePendingCapture(req.params.id, 'DECLINED')));

  app.get('/_control/faults', async () => engine.faults.get());
  app.post('/_control/faults', (req, reply) => control(reply, () => engine.faults.set((req.body ?? {}) as Record<string, unknown>)));
  app.delete('/_control/faults', async () => engine.faults.reset());

  // One trade's webhook faults (by its invoice_id, the shop's out_trade_no), e.g. {"drop": true}.
  type TradeParams = { Params: { invoiceId: string } };
  app.get<TradeParams>('/_control/trade-faults/:invoiceId', async (req) => engine.faults.getForTrade(req.params.invoiceId));
  app.put<TradeParams>('/_control/trade-faults/:invoiceId', (req, reply) =>
    control(reply, () => engine.faults.setForTrade(req.params.invoiceId, (req.body ?? {}) as Record<string, unknown>)),
  );

  // The provider's clock and the per-trade bill faults (see ../bills); PayPal's bill has no checksum to corrupt.
  const body = (req: { body: unknown }) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  registerClockRoutes(app, engine.clock, body);
  registerBillFaultRoutes(app, engine.billFaults, body, { corrupt: false });

  app.get('/_control/webhook', async () => ({ url: engine.dispatcher.webhookUrl ?? null }));
  app.post<{ Body: { url?: string | null } }>('/_control/webhook', (req, reply) =>
    control(reply, () => {
      const url = req.body?.url ?? undefined;
      if (url !== undefined) new URL(url);
      engine.dispatcher.webhookUrl = url;
      return { url: url ?? null };
    }),
  );
  app.get('/_control/deliveries', async () => engine.dispatcher.log);
  app.get('/_control/events', async () =>
    engine.dispatcher.events.map((r) => ({ id: r.event.id, eventType: r.event.event_type, state: r.state, faults: r.faults, body: r.body })),
  );
  app.post<IdParams>('/_control/events/:id/resend', (req, reply) =>
    control(reply, () => {
      const record = engine.dispatcher.resend(req.params.id);
      if (!record) return reply.code(404).send({ error: 'not found' });
      return { id: record.event.id, state: record.state };
    }),
  );
  app.post('/_control/request-ids/forget', async () => {
    engine.store.forgetRequestIds();
    return { forgotten: true };
  });
  app.get('/_control/tokens', async () => ({ issued: engine.tokens.issued }));
  app.post('/_control/tokens/revoke', async () => {
    engine.tokens.revokeAll();
    return { revoked: true };
  });
}
