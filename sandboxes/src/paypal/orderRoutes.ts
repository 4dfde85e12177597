import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidRequest, resourceNotFound } from './apiErrors.js';
import { requireBearer } from './auth.js';
import type { PaypalSandboxEngine } from './engine.js';
import { captureJson, minimalOrderJson, orderJson } from './orderJson.js';
import { refundJson } from './refunds.js';

type IdParams = { Params: { id: string } };

function requestId(req: FastifyRequest): string | undefined {
  const id = req.headers['paypal-request-id'];
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || id.length < 1 || id.length > 108) {
    throw invalidRequest([
      { field: 'PayPal-Request-Id', location: 'header', issue: 'INVALID_STRING_LENGTH', description: 'PayPal-Request-Id must be 1-108 characters.' },
    ]);
  }
  return id;
}

/** Refund keys may be up to 10000 characters (reference 4.3). */
function refundRequestId(req: FastifyRequest): string | undefined {
  const id = req.headers['paypal-request-id'];
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || id.length < 1 || id.length > 10_000) {
    throw invalidRequest([
      { field: 'PayPal-Request-Id', location: 'header', issue: 'INVALID_STRING_LENGTH', description: 'PayPal-Request-Id must be 1-10000 characters.' },
    ]);
  }
  return id;
}

const wantsRepresentation = (req: FastifyRequest) => /return=representation/i.test(String(req.headers.prefer ?? ''));

/** Orders v2 (create, show, capture) and Payments v2 (show capture), bearer-authenticated. */
export function registerOrderRoutes(app: FastifyInstance, engine: PaypalSandboxEngine): void {
  const auth = async (req: FastifyRequest) => requireBearer(engine.tokens, req);

  app.post('/v2/checkout/orders', { preHandler: auth }, async (req, reply) => {
    const { order, replayed } = engine.createOrder(req.body, requestId(req));
    // 201 for a new order; 200 when a PayPal-Request-Id replay answers the existing one.
    reply.code(replayed ? 200 : 201);
    return wantsRepresentation(req) ? orderJson(engine.base, order) : minimalOrderJson(engine.base, order);
  });

  app.get<IdParams>('/v2/checkout/orders/:id', { preHandler: auth }, async (req) => orderJson(engine.base, engine.getOrder(req.params.id)));

  app.post<IdParams>('/v2/checkout/orders/:id/capture', { preHandler: auth }, async (req, reply) => {
    const { order, replayed } = engine.capture(req.params.id, requestId(req));
    reply.code(replayed ? 200 : 201);
    // Capture answers carry the purchase unit with its captures even in the minimal form, so
    // callers can check captures[].status; this sandbox always sends the full order.
    return orderJson(engine.base, order);
  });

  app.post<IdParams>('/v2/payments/captures/:id/refund', { preHandler: auth }, async (req, reply) => {
    const { refund, replayed } = engine.refund(req.params.id, req.body, refundRequestId(req));
    reply.code(replayed ? 200 : 201);
    return wantsRepresentation(req)
      ? refundJson(engine.base, refund)
      : { id: refund.id, status: refund.status, links: refundJson(engine.base, refund).links as unknown[] };
  });

  app.get<IdParams>('/v2/payments/refunds/:id', { preHandler: auth }, async (req) => {
    const refund = engine.refunds.refunds.get(req.params.id);
    if (!refund) throw resourceNotFound();
    return refundJson(engine.base, refund);
  });

  app.get<IdParams>('/v2/payments/captures/:id', { preHandler: auth }, async (req) => {
    const capture = engine.store.captures.get(req.params.id);
    if (!capture) throw resourceNotFound();
    return captureJson(engine.base, engine.getOrder(capture.orderId), capture, true);
  });
}
