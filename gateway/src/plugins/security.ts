import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from '../i18n/messages.js';

function origin(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The headers helmet's middleware sets for these options, recorded once: they depend on the options
 * only, and @fastify/helmet rebuilt the middleware (and re-parsed the CSP) on every request.
 */
export function securityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers with a CSP the SPA works under (Chakra's emotion styles are inline; the Alipay
 * page-pay form posts to Alipay's gateway), and an Origin check on state-changing legacy routes:
 * a browser on another site cannot make a logged-in buyer's browser act.
 */
export default fp(
  async (app) => {
    const alipay = app.providers.alipay as { formTarget?: string } | undefined;
    const alipayGateway = origin(alipay?.formTarget);
    // The live payment status runs over a WebSocket to /graphql: 'self' covers the same-origin
    // ws:/wss: in current browsers (CSP 3); older ones need the socket's origin spelled out.
    const own = origin(app.config.publicUrl);
    const socketOrigin = own ? own.replace(/^http/, 'ws') : null;
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...(socketOrigin ? [socketOrigin] : [])],
          fontSrc: ["'self'", 'data:'],
          formAction: ["'self'", ...(alipayGateway ? [alipayGateway] : [])],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: app.config.env === 'production' ? [] : null,
        },
      },
      // Cross-origin isolation would break the payment redirects and the PDF download in some browsers.
      crossOriginEmbedderPolicy: false,
      hsts: app.config.env === 'production' ? { maxAge: 15552000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (_req, reply, done) => {
      const res = reply.raw;
      for (let i = 0; i < headers.length; i++) res.setHeader(headers[i]![0], headers[i]![1]);
      done();
    });

    const allowed = new Set([origin(app.config.publicUrl)].filter((o): o is string => !!o));
    app.addHook('onRequest', (req, reply, done) => {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done();
      if (!req.url.startsWith('/api/') || req.url.startsWith('/api/pay/notify/')) return done();
      const given = req.headers.origin;
      // Old non-browser clients send no Origin; browsers always do on a cross-site POST.
      if (!given) return done();
      const own = `${req.protocol}://${req.headers.host ?? ''}`;
      if (given === own || allowed.has(given)) return done();
      reply.code(403).send({ code: 403, message: text('noPermission', req.locale ?? 'en'), data: null });
    });
  },
  { name: 'security', dependencies: ['session', 'payments'] },
);
