import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { shopCspDirectives, shopSecurityHeaders } from '../plugins/security.js';

/** The page Mercurius serves outside production, and the files it serves for it under this path. */
export const GRAPHIQL_PATH = '/graphiql';

const react = 'https://unpkg.com/react@18.3.1/umd/react.production.min.js';
const reactDom = 'https://unpkg.com/react-dom@18.3.1/umd/react-dom.production.min.js';
const bundle = 'https://unpkg.com/graphiql@3.8.3/graphiql.min.js';

/**
 * What Mercurius's GraphiQL (node_modules/mercurius/static) loads besides its own files, all from
 * unpkg: static/main.js adds React, ReactDOM and GraphiQL's bundle and stylesheet to the page, and
 * the service worker static/sw.js fetches the scripts and the unminified stylesheet into its cache.
 * The page has no inline script (its inline <style> the shop's CSP allows anyway); GraphiQL 3.8.3's
 * fonts are data: URLs and its bundle is built without eval, so nothing else is needed.
 */
export const GRAPHIQL_CDN = {
  scripts: [react, reactDom, bundle],
  styles: ['https://unpkg.com/graphiql@3.8.3/graphiql.min.css'],
  workerFetches: ['https://unpkg.com/graphiql@3.8.3/graphiql.css', react, reactDom, bundle],
};

/**
 * A hook for the GraphiQL routes only: the shop's CSP, plus exactly the files above. It runs after
 * the security plugin's hook (route hooks follow the app's) and replaces the CSP that hook set.
 */
export function graphiqlCsp(app: FastifyInstance): onRequestHookHandler {
  const shop = shopCspDirectives(app);
  const headers = shopSecurityHeaders(app, {
    ...shop,
    scriptSrc: [...shop.scriptSrc, ...GRAPHIQL_CDN.scripts],
    styleSrc: [...shop.styleSrc, ...GRAPHIQL_CDN.styles],
    connectSrc: [...shop.connectSrc, ...GRAPHIQL_CDN.workerFetches],
  });
  const [name, policy] = headers.find(([header]) => header.toLowerCase() === 'content-security-policy')!;
  return (_req, reply, done) => {
    reply.raw.setHeader(name, policy);
    done();
  };
}
