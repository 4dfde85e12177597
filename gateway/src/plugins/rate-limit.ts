import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { text } from '../i18n/messages.js';
import { requestLocale } from '../i18n/locale.js';

/** Per-client limits for the abuse-prone routes; counters live in Redis so replicas share them. */
export const limits = {
  login: { max: 10, timeWindow: '1 minute' },
  captcha: { max: 30, timeWindow: '1 minute' },
  captchaCheck: { max: 20, timeWindow: '1 minute' },
  codeSend: { max: 5, timeWindow: '1 minute' },
  codeCheck: { max: 10, timeWindow: '1 minute' },
  chkUser: { max: 20, timeWindow: '1 minute' },
  graphql: { max: 300, timeWindow: '1 minute' },
  checkout: { max: 30, timeWindow: '1 minute' },
  // Providers call from a few addresses; generous, but a flood of forged callbacks is cut off.
  notify: { max: 600, timeWindow: '1 minute' },
} as const;

/** A route's limit with the configured scale applied (RATE_LIMIT_SCALE). */
export function scaled(limit: { max: number; timeWindow: string }, scale: number): { max: number; timeWindow: string } {
  return { max: Math.max(1, Math.round(limit.max * scale)), timeWindow: limit.timeWindow };
}

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
