import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SandboxApiError, invalidRequest } from './apiErrors.js';
import { registerApprovalPage } from './approvalPage.js';
import { registerOauthRoute } from './auth.js';
import { registerControlRoutes } from './controlRoutes.js';
import { PaypalSandboxEngine } from './engine.js';
import { newDebugId } from './ids.js';
import type { PaypalSandboxOptions } from './options.js';
import { registerOrderRoutes } from './orderRoutes.js';
import { registerWebhookRoutes } from './webhookRoutes.js';
import { registerReportingRoutes } from './reporting.js';

export { paypalAdapterConfigForSandbox } from './adapterConfig.js';
export { generatePaypalSandboxCredentials } from './credentials.js';
export { ControlConflict, PaypalSandboxEngine, type CaptureOutcome } from './engine.js';
export type { WebhookFaults } from './faults.js';
export type { PaypalSandboxCredentials, PaypalSandboxOptions } from './options.js';
export { startPaypalSandboxServer, type StandalonePaypalSandbox, type StandalonePaypalSandboxOptions } from './standalone.js';
export { RETRY_SCHEDULE_SECONDS, type DeliveryRecord, type EventRecord } from './webhookDelivery.js';

export type PaypalSandboxPlugin = FastifyPluginAsync & {
  /** The simulated PayPal behind the routes (state, faults, webhook log). */
  engine: PaypalSandboxEngine;
  /** Stops pending webhook deliveries; also runs when the Fastify instance closes. */
  close(): void;
};

// PayPal accepts a JSON content type with an empty body (e.g. capture without a body).
function parseJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalidRequest([{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]), undefined);
    }
  });
}

/**
 * PayPal Orders v2 + Webhooks sandbox as a Fastify plugin; mount it under any prefix and pass
 * the matching publicBaseUrl: `app.register(paypalSandbox({ publicBaseUrl: 'http://h/paypal', credentials }), { prefix: '/paypal' })`.
 */
export function paypalSandbox(options: PaypalSandboxOptions): PaypalSandboxPlugin {
  const engine = new PaypalSandboxEngine(options);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(formbody);
    parseJsonBody(app);
    app.addHook('onClose', async () => engine.close());
    app.setErrorHandler((err: FastifyError | SandboxApiError, _req, reply) => {
      if (err instanceof SandboxApiError) return reply.code(err.status).send(err.body);
      const status = (err as FastifyError).statusCode ?? 500;
      const name = status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'INVALID_REQUEST';
      if (status >= 500) app.log.error(err);
      return reply.code(status).send({ name, message: err.message, debug_id: newDebugId() });
    });
    registerOauthRoute(app, options.credentials, engine.tokens);
    registerOrderRoutes(app, engine);
    registerReportingRoutes(app, engine, { delayMs: options.reportingDelayMs ?? 3 * 3_600_000, historyYears: 3 });
    registerWebhookRoutes(app, engine);
    registerApprovalPage(app, engine);
    registerControlRoutes(app, engine);
  };
  return Object.assign(plugin, { engine, close: () => engine.close() });
}
