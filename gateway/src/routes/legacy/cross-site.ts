import type { onRequestHookHandler } from 'fastify';
import { text } from '../../i18n/messages.js';
import { origin } from '../../plugins/security.js';

/**
 * The Origin check of the legacy routes' scope (index.ts): a browser on another site cannot make a
 * logged-in buyer's browser call a state-changing route. It runs before the body is parsed and
 * validated. The provider callbacks (/api/pay/notify/*) are outside this scope: providers post
 * from their own servers and sign what they send.
 */
export function refuseCrossSite(publicUrl: string): onRequestHookHandler {
  const allowed = new Set([origin(publicUrl)].filter((o): o is string => !!o));
  return (req, reply, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done();
    const given = req.headers.origin;
    // Old non-browser clients send no Origin; browsers always do on a cross-site POST.
    if (!given) return done();
    const own = `${req.protocol}://${req.headers.host ?? ''}`;
    if (given === own || allowed.has(given)) return done();
    reply.code(403).send({ code: 403, message: text('noPermission', req.locale ?? 'en'), data: null });
  };
}
