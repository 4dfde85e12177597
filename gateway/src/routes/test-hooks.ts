import type { FastifyPluginAsync } from 'fastify';
import { testHookAnswer } from '../services/accounts/captcha.js';
import { CAPTCHA_COOKIE } from './legacy/login.js';

// Dev/test only (ENABLE_TEST_HOOKS, refused in production): lets automated tests read the captcha
// the current client was shown. Mails are read from the mail sink itself.
const hooks: FastifyPluginAsync = async (app) => {
  app.get('/__test/captcha', { schema: { response: { 200: { type: 'object', properties: { answer: { type: ['string', 'null'] } } } } } }, async (req) => {
    const id = typeof req.query === 'object' && req.query && 'id' in req.query ? String((req.query as { id: unknown }).id) : req.cookies[CAPTCHA_COOKIE];
    return { answer: id ? await testHookAnswer(app.deps, id) : null };
  });
};

export default hooks;
