import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bindEmail, changePassword, requestEmailBinding, setFirstPassword } from '../../services/accounts/self-service.js';
import { ok } from './envelope.js';
import { envelope, formBody, s } from './schemas.js';

const sessionsEnded = Type.Integer({ description: "the caller's other sessions ended by the change" });

// Account self-service on the legacy face, in its envelope: the session is the only identity.
const routes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;

  app.post(
    '/api/user/updatePassword',
    {
      schema: {
        body: formBody({ oldPassword: s, password: s, confirmPassword: s }),
        response: envelope(Type.Object({ sessionsEnded }, { additionalProperties: false })),
      },
    },
    async (req) => {
      const { oldPassword, password, confirmPassword } = req.body;
      const r = await changePassword(deps, req, req.user, req.sessionToken, { oldPassword, password, confirmPassword });
      return ok(req, r, 'passwordChanged');
    },
  );

  app.post(
    '/api/user/firstLoginPassword',
    { schema: { body: formBody({ password: s, confirmPassword: s }), response: envelope(Type.Object({ sessionsEnded }, { additionalProperties: false })) } },
    async (req) => {
      const r = await setFirstPassword(deps, req, req.user, req.sessionToken, { password: req.body.password, confirmPassword: req.body.confirmPassword });
      return ok(req, r, 'passwordChanged');
    },
  );

  app.post('/api/user/bindEmailGetCode', { schema: { body: formBody({ email: s }), response: envelope() } }, async (req) => {
    await requestEmailBinding(deps, req, req.user, req.body.email, req.locale);
    return ok(req, null, 'codeSent');
  });

  app.post(
    '/api/user/bindEmail',
    {
      schema: {
        body: formBody({ email: s, verifycode: s }),
        response: envelope(Type.Object({ email: Type.String(), sessionsEnded }, { additionalProperties: false })),
      },
    },
    async (req) => {
      const r = await bindEmail(deps, req, req.user, req.sessionToken, { email: req.body.email, code: req.body.verifycode });
      return ok(req, r, 'emailBound');
    },
  );
};

export default routes;
