import type { FastifyPluginAsync } from 'fastify';
import { legacyErrorHandler } from './envelope.js';
import { checkLegacyAnswers } from './answer-check.js';
import loginRoutes from './login.js';
import accountRoutes from './account.js';
import reportRoutes from './reports.js';
import orderRoutes from './orders.js';
import invoiceRoutes from './invoices.js';
import paymentQueryRoutes from './payments.js';
import { refuseCrossSite } from './cross-site.js';

// The legacy REST face (`/api/...`, spec section 7) in one encapsulated scope: its error handler
// answers refusals in the envelope, and its Origin check refuses cross-site calls, for these
// routes only. The session is resolved by the enclosing scope (app.ts).
const legacyRoutes: FastifyPluginAsync = async (app) => {
  app.setErrorHandler(legacyErrorHandler);
  app.addHook('onRequest', refuseCrossSite(app.config.publicUrl));
  if (app.config.checkLegacyAnswers) checkLegacyAnswers(app, (m) => app.legacyAnswerMismatches.push(m));
  await app.register(loginRoutes);
  await app.register(accountRoutes);
  await app.register(reportRoutes);
  await app.register(orderRoutes);
  await app.register(invoiceRoutes);
  await app.register(paymentQueryRoutes);
};

export default legacyRoutes;
