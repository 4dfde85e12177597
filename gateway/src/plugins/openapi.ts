import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { refusal } from '../routes/legacy/schemas.js';

/** Where the docs page (and its JSON at `${DOCS_PREFIX}/json`) is served outside production. */
export const DOCS_PREFIX = '/api-docs';

/** /api/ paths that are no legacy calls: provider callbacks and the WeChat sign-in redirects. */
const NOT_LEGACY = [/^\/api\/pay\/notify\//, /^\/api\/wechat\/oauth\//];

export const isLegacyPath = (url: string) => url.startsWith('/api/') && !NOT_LEGACY.some((re) => re.test(url));

// The OpenAPI document describes the legacy REST face (spec section 7) from the routes' own
// schemas: a request body may come form-urlencoded or as JSON; any status but 200 is a refusal in
// the envelope. Everything else (GraphQL, the SPA, health) is described elsewhere and left out.
export default fp(
  async (app) => {
    // Every /api/ route as registered, so a test can tell that the document misses none.
    const apiRoutes: { method: string; url: string }[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Storefront legacy REST calls',
          version: '1',
          description: 'The `/api/...` calls old clients depend on; every answer is `{code, message, data}`.',
        },
      },
      transform: ({ schema, url }) => {
        if (!isLegacyPath(url)) return { schema: { ...schema, hide: true }, url };
        const response = {
          ...(schema?.response as Record<string, unknown> | undefined),
          default: { ...refusal, description: 'a refusal: code, message in the request language, data null' },
        };
        const consumes = schema?.body ? ['application/x-www-form-urlencoded', 'application/json'] : undefined;
        return { schema: { ...schema, response, ...(consumes ? { consumes } : {}) }, url };
      },
    });
    // The page loads only its own scripts and styles, so the app's CSP (security.ts) covers it.
    if (app.config.env !== 'production') await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } });
  },
  { name: 'openapi' },
);
