import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export function origin(url: string | undefined): string | null {
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

type CspDirectives = NonNullable<Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>['directives']>;

/**
 * The CSP the SPA works under: Chakra's emotion styles are inline; the Alipay page-pay form posts
 * to Alipay's gateway; the live payment status runs over a WebSocket to /graphql ('self' covers
 * the same-origin ws:/wss: in current browsers (CSP 3); older ones need the socket's origin
 * spelled out).
 */
export function shopCspDirectives(app: FastifyInstance) {
  const alipay = app.providers.alipay as { formTarget?: string } | undefined;
  const alipayGateway = origin(alipay?.formTarget);
  const own = origin(app.config.publicUrl);
  const socketOrigin = own ? own.replace(/^http/, 'ws') : null;
  return {
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
  } satisfies CspDirectives;
}

/** The security headers of the shop's pages and answers, for these CSP directives. */
export function shopSecurityHeaders(app: FastifyInstance, directives: CspDirectives): Array<[string, string]> {
  return securityHeaders({
    contentSecurityPolicy: { directives },
    // Cross-origin isolation would break the payment redirects and the PDF download in some browsers.
    crossOriginEmbedderPolicy: false,
    hsts: app.config.env === 'production' ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

/**
 * The security headers that only a document heeds (its scripts' and style sheets' own are ignored):
 * the SPA's hashed files (under <base path>assets/) go without them, about 0.6 KB less on each of
 * the 11 files of a first screen over HTTP/1.1. They keep nosniff, the resource policy, the
 * referrer policy (a style sheet's font requests follow it) and, in production, HSTS.
 */
const DOCUMENT_ONLY_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * Security headers on every answer (the hashed files' without the document-only ones). GraphiQL's routes replace the CSP with their own (graphiql.ts);
 * the cross-site Origin check belongs to the legacy routes' scope (routes/legacy/cross-site.ts).
 */
export default fp(
  async (app) => {
    const all = shopSecurityHeaders(app, shopCspDirectives(app));
    const forAssets = all.filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name.toLowerCase()));
    const assets = `${app.config.basePath}assets/`;
    app.addHook('onRequest', (req, reply, done) => {
      const res = reply.raw;
      const headers = req.url.startsWith(assets) ? forAssets : all;
      for (let i = 0; i < headers.length; i++) res.setHeader(headers[i]![0], headers[i]![1]);
      done();
    });
  },
  { name: 'security', dependencies: ['payments'] },
);
