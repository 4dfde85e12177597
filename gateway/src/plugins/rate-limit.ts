import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { text } from '../i18n/messages.js';
import { requestLocale } from '../i18n/locale.js';

// The budgets live in services/abuse/budgets.ts; this plugin only serves the few limits that stay
// on a route (provider callbacks, which are no account action).
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: `${app.config.queuePrefix}:rl:`,
      // Redis down must not lock everybody out: the limiter steps aside, readiness reports it.
      skipOnError: true,
      errorResponseBuilder: (req, ctx) => ({
        statusCode: ctx.statusCode,
        code: 429,
        message: text('tooManyRequests', requestLocale(req)),
        data: null,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
