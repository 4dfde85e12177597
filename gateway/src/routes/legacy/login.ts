import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../services/errors.js';
import { consumeCaptcha, createCaptcha, verifyCaptcha, CAPTCHA_TTL_MS } from '../../services/accounts/captcha.js';
import { confirmCode, issueCode } from '../../services/accounts/codes.js';
import { revokeSession } from '../../services/accounts/sessions.js';
import { emailRegistered, findUserByAccount, login, register, resetPassword, type LoginResult } from '../../services/accounts/users.js';
import {
  accountTarget,
  parseAccount,
  requireCaptcha,
  requireCode,
  requireEmail,
  requireNames,
  requireNewPassword,
  requirePassword,
  type Account,
} from '../../services/accounts/validation.js';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.js';
import { limits as baseLimits, scaled } from '../../plugins/rate-limit.js';
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
  const limits = Object.fromEntries(Object.entries(baseLimits).map(([k, v]) => [k, scaled(v, app.config.rateLimitScale)])) as typeof baseLimits;
  const post = (url: string, limit: { max: number; timeWindow: string } | null, props: Record<string, object>, data: object, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<ReturnType<typeof ok>>) =>
    app.post(url, { schema: { body: formBody(props), response: envelope(data) }, config: limit ? { rateLimit: limit } : {} }, legacy(handler));

  app.get('/api/login/getCode', { schema: { response: envelope({ type: 'string' }) }, config: { rateLimit: limits.captcha } }, legacy(async (req, reply) => {
    const { id, image } = await createCaptcha(deps);
    reply.setCookie(CAPTCHA_COOKIE, id, cookieOpts(req, CAPTCHA_TTL_MS / 1000));
    return ok(req, image);
  }));

  post('/api/login/verifyCode', limits.captchaCheck, { verifyCode: s }, {}, async (req) => {
    await verifyCaptcha(deps, req.cookies[CAPTCHA_COOKIE], requireCaptcha(field(req.body, 'verifyCode')));
    return ok(req, null);
  });

  post('/api/login/loginOn', limits.login, { account: s, password: s }, userData, async (req, reply) => {
    const account = parseAccount(field(req.body, 'account'));
    const password = requirePassword(field(req.body, 'password'));
    // The captcha checked by verifyCode is used up by this attempt, whatever its outcome.
    await consumeCaptcha(deps, req.cookies[CAPTCHA_COOKIE]);
    const result = await login(deps, account, password);
    setSessionCookie(req, reply, result.token, result.expiresAt);
    return ok(req, loginData(result));
  });

  post('/api/login/chkUserByEmail', limits.chkUser, { userEmail: s }, { type: 'integer' }, async (req) => {
    return ok(req, (await emailRegistered(deps, requireEmail(field(req.body, 'userEmail')))) ? 1 : 0);
  });

  post('/api/login/registerGetCode', limits.codeSend, { email: s }, {}, async (req, reply) => {
    const email = requireEmail(field(req.body, 'email'));
    if (await emailRegistered(deps, email)) throw new AppError('userExists', 500, 'ACCOUNT_EXISTS', 'email');
    const { flowToken } = await issueCode(deps, email, 'register', req.locale);
    reply.setCookie(REGISTER_FLOW_COOKIE, flowToken, cookieOpts(req, 30 * 60));
    return ok(req, null, 'codeSent');
  });

  post('/api/login/confirmVer', limits.codeCheck, { verifycode: s }, {}, async (req) => {
    const code = requireCode(field(req.body, 'verifycode'));
    const flowToken = req.cookies[REGISTER_FLOW_COOKIE];
    if (!flowToken) throw new AppError('captchaError', 404, 'CODE_INVALID', 'code');
    try {
      await confirmCode(deps, { flowToken }, 'register', code);
    } catch (err) {
      // The legacy client reads 404 as 'Verification code error'.
      if (err instanceof AppError && err.key === 'codeError') throw new AppError('captchaError', 404, 'CODE_INVALID', 'code');
      throw err;
    }
    return ok(req, null);
  });

  post('/api/login/userRegister', limits.codeCheck, { email: s, password: s, firstName: s, lastName: s, existingCompany: s, language: s, country: s }, userData, async (req, reply) => {
    const email = requireEmail(field(req.body, 'email'));
    const names = requireNames({ firstName: field(req.body, 'firstName'), lastName: field(req.body, 'lastName'), company: field(req.body, 'existingCompany') ?? field(req.body, 'company') });
    const password = requireNewPassword(field(req.body, 'password'));
    const language = field(req.body, 'language') === 'zh' ? 'zh' : req.locale;
    const result = await register(deps, { email, ...names, password, language, countryCode: field(req.body, 'country') });
    reply.clearCookie(REGISTER_FLOW_COOKIE, { path: '/' });
    setSessionCookie(req, reply, result.token, result.expiresAt);
    return ok(req, loginData(result), 'registered');
  });

  post('/api/login/selectCountry', null, {}, { type: 'array', items: { type: 'object', properties: { codeKey: { type: 'string' }, codeValue: { type: 'string' } } } }, async (req) => {
    const rows = await deps.db.selectFrom('countries').select(['code', 'name_en', 'name_zh']).orderBy('sort_order').execute();
    return ok(req, rows.map((c) => ({ codeKey: c.code, codeValue: req.locale === 'zh' ? c.name_zh : c.name_en })));
  });

  app.get('/api/logout', { schema: { response: envelope() } }, legacy(async (req, reply) => {
    if (req.sessionToken) await revokeSession(deps, req.sessionToken);
    clearSessionCookie(req, reply);
    return ok(req, null, 'loggedOut');
  }));

  post('/api/login/getCodeWhenForgetPwd', limits.codeSend, { email: s, phoneArea: s, phoneNo: s }, {}, async (req) => {
    const account = accountFrom(req.body);
    if (!(await findUserByAccount(deps.db, account))) throw new AppError('userNotExist', 404, 'NOT_FOUND', 'account');
    await issueCode(deps, accountTarget(account), 'reset', req.locale);
    return ok(req, null, 'codeSent');
  });

  post('/api/login/forgetPassword', limits.codeCheck, { email: s, phoneArea: s, phoneNo: s, verifycode: s }, {}, async (req) => {
    const account = accountFrom(req.body);
    const code = requireCode(field(req.body, 'verifycode'));
    if (!(await findUserByAccount(deps.db, account))) throw new AppError('userNotExist', 404, 'NOT_FOUND', 'account');
    await confirmCode(deps, { target: accountTarget(account) }, 'reset', code);
    return ok(req, null);
  });

  post('/api/login/resetPassword', limits.codeCheck, { email: s, phoneArea: s, phoneNo: s, password: s }, { type: 'string' }, async (req) => {
    const account = accountFrom(req.body);
    await resetPassword(deps, account, requireNewPassword(field(req.body, 'password')));
    return ok(req, ok(req, null, 'passwordResetDone').message, 'passwordResetDone');
  });
};

export default routes;
