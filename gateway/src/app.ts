import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { Db } from '@shop/db';
import type { GatewayConfig } from '@shop/config';
import type { Redis } from 'ioredis';
import './types.js';
import { genReqId, loggerOptions } from './logger.js';
import { failureStatus, isDependencyOutage } from './services/failures.js';
import { text } from './i18n/messages.js';
import { requestLocale } from './i18n/locale.js';
import dbPlugin from './plugins/db.js';
import formBodyPlugin from './plugins/form-body.js';
import { isMessageKey } from './routes/legacy/envelope.js';
import { inputGuard } from './plugins/input-guard.js';
import graphqlPlugin from './plugins/graphql.js';
import redisPlugin from './plugins/redis.js';
import spaPlugin from './plugins/spa.js';
import brandPlugin from './plugins/brand.js';
import paymentsPlugin from './plugins/payments.js';
import queuesPlugin from './plugins/queues.js';
import type { ProviderRegistry } from '@shop/payments/registry';
import rateLimitPlugin from './plugins/rate-limit.js';
import servicesPlugin from './plugins/services.js';
import sessionPlugin, { resolveSession } from './plugins/session.js';
import securityPlugin from './plugins/security.js';
import healthRoutes from './routes/health.js';
import legacyRoutes from './routes/legacy/index.js';
import openApiPlugin from './plugins/openapi.js';
import testHookRoutes from './routes/test-hooks.js';
import notifyRoutes from './routes/payments/notify.js';
import adminUploadRoutes from './routes/admin-uploads.js';
import wechatOAuthRoutes from './routes/wechat-oauth.js';
import invoiceUploadRoutes from './routes/invoice-upload.js';
import redisCheckPlugin from './plugins/redis-check.js';
import metricsPlugin from './plugins/metrics.js';
import bullBoardPlugin from './plugins/bull-board.js';

export interface AppOptions {
  config: GatewayConfig;
  /** Injected in tests; otherwise the app opens (and closes) its own. */
  db?: Db;
  redis?: Redis;
  /** Payment providers; by default built from PAYMENTS_CONFIG_FILE. */
  providers?: ProviderRegistry;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId,
    requestIdHeader: false,
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 256 * 1024,
  });
  app.decorate('config', config);
  app.decorate('legacyAnswerMismatches', []);
  // Once closing, a request still running answers with `Connection: close`: close() only ends
  // the connections idle at that moment, and a keep-alive one whose request finishes later (a
  // provider's callback, say) would otherwise hold the shutdown for the keep-alive timeout (72 s).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Hooks that wait for nothing take the callback form: no promise per hook per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Before any plugin: child contexts take the error handler in force when they are registered.
  // A server-side failure answers a generic message in the request's language (the request id is
  // in x-request-id), 503 while a dependency is down; the detail goes only to the log.
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && !isDependencyOutage(err) ? err.statusCode : failureStatus(err);
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send({ code: status, message: text('serverError', requestLocale(req)), data: null });
    }
    // Refusals raised before a handler runs (the form-body parser, the body limit) carry the product's wording.
    const key = (err as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'payloadTooLarge' : (err as { messageKey?: string }).messageKey;
    const message = key && isMessageKey(key) ? text(key, req.locale ?? requestLocale(req)) : err.message;
    return reply.code(status).send({ code: status, message, data: null });
  });
  app.addHook('preValidation', inputGuard);
  try {
    await registerPlugins(app, opts);
  } catch (err) {
    // A refused start (a payments setup that cannot take money, say) must not leave the database
    // pool and Redis connections of the plugins loaded before it open.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

async function registerPlugins(app: FastifyInstance, opts: AppOptions): Promise<void> {
  const { config } = opts;
  // Tier 1: external plugins.
  await app.register(cookie);
  await app.register(formBodyPlugin);
  // Tier 2: application plugins.
  await app.register(dbPlugin, { db: opts.db });
  await app.register(redisPlugin, { redis: opts.redis });
  await app.register(queuesPlugin);
  await app.register(redisCheckPlugin);
  await app.register(metricsPlugin);
  await app.register(paymentsPlugin, { providers: opts.providers });
  await app.register(servicesPlugin);
  await app.register(sessionPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  await app.register(brandPlugin);
  await app.register(spaPlugin);
  await app.register(graphqlPlugin);
  // Before the routes: it collects their schemas as they are added.
  await app.register(openApiPlugin);
  // Tier 3: routes. A hook that a group of routes needs is added in that group's scope, so it runs
  // for those routes only: health, metrics, the SPA, static files and the provider callbacks
  // resolve no session (the /graphql routes get theirs from the graphql plugin).
  await app.register(healthRoutes);
  await app.register(async (withSession) => {
    withSession.addHook('onRequest', resolveSession);
    await withSession.register(legacyRoutes);
    await withSession.register(wechatOAuthRoutes);
    await withSession.register(bullBoardPlugin);
  });
  // The operators' file uploads resolve their session in their own scope (operator-upload.ts).
  await app.register(invoiceUploadRoutes);
  await app.register(notifyRoutes);
  // Each upload route resolves its own session and checks its operator (operator-upload.ts).
  await app.register(adminUploadRoutes);
  if (config.enableTestHooks) await app.register(testHookRoutes);
}
