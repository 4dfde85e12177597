import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bindEmail, changePassword, requestEmailBinding, setFirstPassword } from '../../services/accounts/self-service.js';
import { field, legacy, ok } from './envelope.js';
import { envelope, formBody, s } from './schemas.js';

// Account self-service on the legacy face, in its envelope: the session is the only identity.
const routes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const post = (url: string, props: Record<string, object>, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<ReturnType<typeof ok>>) =>
    app.post(url, { schema: { body: formBody(props), response: envelope({ type: 'object', additionalProperties: true }) } }, legacy(handler));

  post('/api/user/updatePassword', { oldPassword: s, password: s, confirmPassword: s }, async (req) => {
    const r = await changePassword(deps, req, req.user, req.sessionToken, { oldPassword: field(req.body, 'oldPassword'), password: field(req.body, 'password'), confirmPassword: field(req.body, 'confirmPassword') });
    return ok(req, r, 'passwordChanged');
  });

  post('/api/user/firstLoginPassword', { password: s, confirmPassword: s }, async (req) => {
    const r = await setFirstPassword(deps, req, req.user, req.sessionToken, { password: field(req.body, 'password'), confirmPassword: field(req.body, 'confirmPassword') });
    return ok(req, r, 'passwordChanged');
  });

  post('/api/user/bindEmailGetCode', { email: s }, async (req) => {
    await requestEmailBinding(deps, req, req.user, field(req.body, 'email'), req.locale);
    return ok(req, null, 'codeSent');
  });

  post('/api/user/bindEmail', { email: s, verifycode: s }, async (req) => {
    const r = await bindEmail(deps, req, req.user, req.sessionToken, { email: field(req.body, 'email'), code: field(req.body, 'verifycode') });
    return ok(req, r, 'emailBound');
  });
};

export default routes;
