import { X509Certificate, verify } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBHOOK_AUTH_ALGO, webhookSignedMessage } from '@shop/payments/paypal/webhookMessage';
import { invalidRequest, resourceNotFound } from './apiErrors.js';
import { requireBearer } from './auth.js';
import type { PaypalSandboxEngine } from './engine.js';

const VERIFY_FIELDS = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;

/**
 * The signing certificate at its cert_url, PayPal's postback verification
 * (POST /v1/notifications/verify-webhook-signature), and the event lookup/resend links.
 */
export function registerWebhookRoutes(app: FastifyInstance, engine: PaypalSandboxEngine): void {
  const { credentials } = engine.options;
  const publicKey = new X509Certificate(credentials.certificatePem).publicKey;
  const auth = async (req: FastifyRequest) => requireBearer(engine.tokens, req);

  app.get<{ Params: { certId: string } }>('/v1/notifications/certs/:certId', async (req, reply) => {
    if (req.params.certId !== credentials.certId) throw resourceNotFound();
    reply.type('text/plain');
    return credentials.certificatePem;
  });

  app.post('/v1/notifications/verify-webhook-signature', { preHandler: auth }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    for (const field of VERIFY_FIELDS) {
      if (typeof body[field] !== 'string' || !body[field]) {
        throw invalidRequest([{ field: `/${field}`, issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }]);
      }
    }
    if (!body.webhook_event || typeof body.webhook_event !== 'object') {
      throw invalidRequest([{ field: '/webhook_event', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }]);
    }
    const f = body as Record<(typeof VERIFY_FIELDS)[number], string> & { webhook_event: object };
    // Like PayPal, the event is re-serialised from the parsed JSON; this only matches the
    // signed bytes when serialisation is canonical, which holds for the sandbox's own events.
    const rawBody = JSON.stringify(f.webhook_event);
    const ok =
      f.auth_algo.toLowerCase() === WEBHOOK_AUTH_ALGO.toLowerCase() &&
      f.cert_url === engine.certUrl &&
      f.webhook_id === credentials.webhookId &&
      verify(
        'sha256',
        Buffer.from(webhookSignedMessage(f.transmission_id, f.transmission_time, f.webhook_id, rawBody)),
        publicKey,
        Buffer.from(f.transmission_sig, 'base64'),
      );
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  });

  app.get<{ Params: { id: string } }>('/v1/notifications/webhooks-events/:id', { preHandler: auth }, async (req) => {
    const record = engine.dispatcher.events.find((r) => r.event.id === req.params.id);
    if (!record) throw resourceNotFound();
    return record.event;
  });

  app.post<{ Params: { id: string } }>('/v1/notifications/webhooks-events/:id/resend', { preHandler: auth }, async (req, reply) => {
    const record = engine.dispatcher.resend(req.params.id);
    if (!record) throw resourceNotFound();
    reply.code(202);
    return record.event;
  });
}
