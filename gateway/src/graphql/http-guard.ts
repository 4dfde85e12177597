import type { onRequestHookHandler } from 'fastify';
import type { LocalWindowLimiter } from '../plugins/local-limit.js';
import { text } from '../i18n/messages.js';

/**
 * The checks of a GraphQL request over HTTP, run on the /graphql routes only (graphql.ts). CSRF
 * prevention: only a JSON POST (which a plain cross-site form cannot send) may run operations; GET
 * is for queries from tools and needs a header no simple request carries. Then the per-client limit.
 */
export function graphqlHttpGuard(limiter: LocalWindowLimiter): onRequestHookHandler {
  return (req, reply, done) => {
    // The WebSocket upgrade of subscriptions has its own checks (live.ts).
    if (req.ws) return done();
    const type = String(req.headers['content-type'] ?? '');
    if (req.method === 'POST' && !type.startsWith('application/json')) {
      reply.code(415).send({ errors: [{ message: 'GraphQL requests must be application/json', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] });
      return;
    }
    if (req.method === 'GET' && !req.headers['apollo-require-preflight'] && !req.headers['x-apollo-operation-name']) {
      reply.code(400).send({ errors: [{ message: 'GET requests need an apollo-require-preflight header', extensions: { code: 'CSRF_PREVENTED' } }] });
      return;
    }
    if (!limiter.hit(req.ip)) {
      reply.code(429).send({ errors: [{ message: text('tooManyRequests', req.locale), extensions: { code: 'RATE_LIMITED' } }] });
      return;
    }
    done();
  };
}
