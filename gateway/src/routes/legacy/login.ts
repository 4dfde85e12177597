import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../services/errors.js';
import { CAPTCHA_TTL_MS } from '../../services/accounts/captcha.js';
import { checkCaptcha, checkCode, checkEmail, logIn, newCaptcha, registerAccount, resetWithCode, sendCode } from '../../services/accounts/actions.js';
import { revokeSession } from '../../services/accounts/sessions.js';
import type { LoginResult } from '../../services/accounts/users.js';
import { parseAccount, requireEmail, type Account } from '../../services/accounts/validation.js';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.js';
import { field, legacy, ok } from './envelope.js';
import { envelope, formBody, s } from './schemas.js';

export const CAPTCHA_COOKIE = 'captcha_id';
export const REGISTER_FLOW_COOKIE = 'reg_flow';

const userData = {
  type: 'object',
  properties: {
    userId: { type: 'string' }, firstName: { type: 'string' }, lastName: { type: 'string' }, email: { type: 'string' },
    phoneArea: { type: 'string' }, phoneNo: { type: 'string' }, language: { type: 'string' }, loginFirst: { type: 'boolean' },
    access_token: { type: 'string' },
  },
} as const;

function loginData(r: LoginResult) {
  const { token: _t, expiresAt: _e, role: _r, ...data } = r;
  return data;
}

/** Email, or phoneArea + phoneNo, as the legacy forms send them. */
function accountFrom(body: unknown): Account {
  const email = field(body, 'email') ?? field(body, 'account');
  const phoneNo = field(body, 'phoneNo');
  if (!email && phoneNo) return parseAccount(phoneNo, field(body, 'phoneArea'));
  return parseAccount(email);
}

function cookieOpts(req: FastifyRequest, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: req.server.config.cookieSecure, path: '/', maxAge: maxAgeSeconds };
}

const routes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  // The abuse limits are spent in the service layer (services/accounts/actions.ts), shared with GraphQL.
  const post = (url: string, props: Record<string, object>, data: object, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<ReturnType<typeof ok>>) =>
    app.post(url, { schema: { body: formBody(props), response: envelope(data) } }, legacy(handler));

  app.get('/api/login/getCode', { schema: { response: envelope({ type: 'string' }) } }, legacy(async (req, reply) => {
    const { id, image } = await newCaptcha(deps, req);
    reply.setCookie(CAPTCHA_COOKIE, id, cookieOpts(req, CAPTCHA_TTL_MS / 1000));
    return ok(req, image);
  }));

  post('/api/login/verifyCode', { verifyCode: s }, {}, async (req) => {
    await checkCaptcha(deps, req, req.cookies[CAPTCHA_COOKIE], field(req.body, 'verifyCode'));
    return ok(req, null);
  });

  post('/api/login/loginOn', { account: s, password: s }, userData, async (req, reply) => {
    // The captcha checked by verifyCode is used up by this attempt, whatever its outcome.
    const result = await logIn(deps, req, { account: () => parseAccount(field(req.body, 'account')), password: field(req.body, 'password'), captchaId: req.cookies[CAPTCHA_COOKIE] });
    setSessionCookie(req, reply, result.token, result.expiresAt);
    return ok(req, loginData(result));
  });

  post('/api/login/chkUserByEmail', { userEmail: s }, { type: 'integer' }, async (req) => {
    return ok(req, (await checkEmail(deps, req, field(req.body, 'userEmail'))) ? 1 : 0);
  });

  post('/api/login/registerGetCode', { email: s }, {}, async (req, reply) => {
    const account = (): Account => ({ kind: 'email', email: requireEmail(field(req.body, 'email')) });
    const { flowToken } = await sendCode(deps, req, { purpose: 'register', account, language: req.locale, unknownAccount: 'reveal' });
    reply.setCookie(REGISTER_FLOW_COOKIE, flowToken, cookieOpts(req, 30 * 60));
    return ok(req, null, 'codeSent');
  });

  post('/api/login/confirmVer', { verifycode: s }, {}, async (req) => {
    try {
      await checkCode(deps, req, { purpose: 'register', code: field(req.body, 'verifycode'), flowToken: req.cookies[REGISTER_FLOW_COOKIE], unknownAccount: 'reveal' });
    } catch (err) {
      // The legacy client reads 404 as 'Verification code error'.
      if (err instanceof AppError && err.key === 'codeError') throw new AppError('captchaError', 404, 'CODE_INVALID', 'code');
      throw err;
    }
    return ok(req, null);
  });

  post('/api/login/userRegister', { email: s, password: s, firstName: s, lastName: s, existingCompany: s, language: s, country: s }, userData, async (req, reply) => {
    const b = req.body;
    const result = await registerAccount(deps, req, {
      email: field(b, 'email'), firstName: field(b, 'firstName'), lastName: field(b, 'lastName'), company: field(b, 'existingCompany') ?? field(b, 'company'),
      password: field(b, 'password'), language: field(b, 'language') === 'zh' ? 'zh' : req.locale, countryCode: field(b, 'country'),
    });
    reply.clearCookie(REGISTER_FLOW_COOKIE, { path: '/' });
    setSessionCookie(req, reply, result.token, result.expiresAt);
    return ok(req, loginData(result), 'registered');
  });

  post('/api/login/selectCountry', {}, { type: 'array', items: { type: 'object', properties: { codeKey: { type: 'string' }, codeValue: { type: 'string' } } } }, async (req) => {
    const rows = await deps.db.selectFrom('countries').select(['code', 'name_en', 'name_zh']).orderBy('sort_order').execute();
    return ok(req, rows.map((c) => ({ codeKey: c.code, codeValue: req.locale === 'zh' ? c.name_zh : c.name_en })));
  });

  app.get('/api/logout', { schema: { response: envelope() } }, legacy(async (req, reply) => {
    if (req.sessionToken) await revokeSession(deps, req.sessionToken);
    clearSessionCookie(req, reply);
    return ok(req, null, 'loggedOut');
  }));

  // Spec sections 7 and 8: the legacy reset calls tell 'please register first' / 'user does not
  // exist' for an unknown account; the codeSend and codeCheck budgets bound that enumeration.
  post('/api/login/getCodeWhenForgetPwd', { email: s, phoneArea: s, phoneNo: s }, {}, async (req) => {
    await sendCode(deps, req, { purpose: 'reset', account: () => accountFrom(req.body), language: req.locale, unknownAccount: 'reveal' });
    return ok(req, null, 'codeSent');
  });

  post('/api/login/forgetPassword', { email: s, phoneArea: s, phoneNo: s, verifycode: s }, {}, async (req) => {
    await checkCode(deps, req, { purpose: 'reset', account: () => accountFrom(req.body), code: field(req.body, 'verifycode'), unknownAccount: 'reveal' });
    return ok(req, null);
  });

  post('/api/login/resetPassword', { email: s, phoneArea: s, phoneNo: s, password: s }, { type: 'string' }, async (req) => {
    await resetWithCode(deps, req, { account: () => accountFrom(req.body), password: field(req.body, 'password'), unknownAccount: 'reveal' });
    return ok(req, ok(req, null, 'passwordResetDone').message, 'passwordResetDone');
  });
};

export default routes;
