import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { handleNotification } from '../../services/payments/notifications.js';
import { routeLimit } from '../../services/abuse/budgets.js';

// Callbacks keep their body exactly as received: signatures are computed over those bytes.
const notify: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 128 * 1024 }, (_req, body, done) => done(null, body));

  app.post(
    '/api/pay/notify/:provider',
    { schema: { params: Type.Object({ provider: Type.String() }) }, config: { rateLimit: routeLimit('notify', app.config.rateLimitScale) } },
    async (req, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const answer = await handleNotification(app.deps, req.params.provider, headers, rawBody);
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );
};

export default notify;
