import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { testHookAnswer } from '../services/accounts/captcha.js';
import { CAPTCHA_COOKIE } from './legacy/login.js';

// Dev/test only (ENABLE_TEST_HOOKS, refused in production): lets automated tests read the captcha
// the current client was shown. Mails are read from the mail sink itself.
const hooks: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const schema = {
    querystring: Type.Object({ id: Type.Optional(Type.String()) }),
    response: { 200: Type.Object({ answer: Type.Unsafe<string | null>({ type: ['string', 'null'] }) }) },
  };
  app.get('/__test/captcha', { schema }, async (req) => {
    const id = req.query.id ?? req.cookies[CAPTCHA_COOKIE];
    return { answer: id ? await testHookAnswer(app.deps, id) : null };
  });
};

export default hooks;
