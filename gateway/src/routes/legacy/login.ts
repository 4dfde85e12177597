import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError, appError } from '../../services/errors.js';
import { CAPTCHA_TTL_MS } from '../../services/accounts/captcha.js';
import { checkCaptcha, checkCode, checkEmail, logIn, newCaptcha, registerAccount, resetWithCode, sendCode } from '../../services/accounts/actions.js';
import { revokeSession } from '../../services/accounts/sessions.js';
import type { LoginResult } from '../../services/accounts/users.js';
import { parseAccount, phoneAccount, requireEmail, type Account } from '../../services/accounts/validation.js';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.js';
import { ok } from './envelope.js';
import { envelope, formBody, s } from './schemas.js';

export const CAPTCHA_COOKIE = 'captcha_id';
export const REGISTER_FLOW_COOKIE = 'reg_flow';

const userData = Type.Object(
  {
    userId: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phoneArea: Type.String(),
    phoneNo: Type.String(),
    language: Type.String(),
    loginFirst: Type.Boolean(),
    access_token: Type.String(),
  },
  { additionalProperties: false },
);

/** How the legacy forms name an account: email (or account), or phoneArea + phoneNo. */
const registrationFields = { email: s, phoneArea: s, phoneNo: s };
const accountFields = { ...registrationFields, account: s };
type AccountForm = Partial<Record<keyof typeof accountFields, string>>;

function loginData(r: LoginResult) {
  const { token: _t, expiresAt: _e, role: _r, ...data } = r;
  return data;
}

/** Email, or phoneArea + phoneNo, as the legacy forms send them. */
function accountFrom(body: AccountForm): Account {
  const email = body.email ?? body.account;
  if (!email && body.phoneNo) return phoneAccount(body.phoneArea, body.phoneNo);
  return parseAccount(email);
}

/** Registration: an email (spec wording when missing: 'Please enter email'), or phoneArea + phoneNo. */
function registrationAccountFrom(body: AccountForm): Account {
  if (!body.email && body.phoneNo) return phoneAccount(body.phoneArea, body.phoneNo);
  return { kind: 'email', email: requireEmail(body.email) };
}

/** The stored language: `language` when the form names one, else the request's (the locale header). */
function languageFrom(given: string | undefined, locale: 'zh' | 'en'): 'zh' | 'en' {
  return given === 'zh' || given === 'en' ? given : locale;
}

function cookieOpts(req: FastifyRequest, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: req.server.config.cookieSecure, path: '/', maxAge: maxAgeSeconds };
}

const countryList = Type.Array(Type.Object({ codeKey: Type.String(), codeValue: Type.String() }, { additionalProperties: false }));
const registration = formBody({
  ...registrationFields,
  password: s,
  firstName: s,
  lastName: s,
  existingCompany: s,
  company: s,
  language: s,
  country: s,
  state: s,
  loginType: s,
});
type RegistrationForm = Static<typeof registration>;

const routes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;
  // The abuse limits are spent in the service layer (services/accounts/actions.ts), shared with GraphQL.

  app.get('/api/login/getCode', { schema: { response: envelope(Type.String({ description: 'the captcha image as a data URL' })) } }, async (req, reply) => {
    const { id, image } = await newCaptcha(deps, req);
    reply.setCookie(CAPTCHA_COOKIE, id, cookieOpts(req, CAPTCHA_TTL_MS / 1000));
    return ok(req, image);
  });

  app.post('/api/login/verifyCode', { schema: { body: formBody({ verifyCode: s }), response: envelope() } }, async (req) => {
    await checkCaptcha(deps, req, req.cookies[CAPTCHA_COOKIE], req.body.verifyCode);
    return ok(req, null);
  });

  app.post('/api/login/loginOn', { schema: { body: formBody({ account: s, password: s }), response: envelope(userData) } }, async (req, reply) => {
    // The captcha checked by verifyCode is used up by this attempt, whatever its outcome.
    const result = await logIn(deps, req, {
      account: () => parseAccount(req.body.account),
      password: req.body.password,
      captchaId: req.cookies[CAPTCHA_COOKIE],
    });
    setSessionCookie(req, reply, result.token, result.expiresAt);
    return ok(req, loginData(result));
  });

  app.post(
    '/api/login/chkUserByEmail',
    { schema: { body: formBody({ userEmail: s }), response: envelope(Type.Integer({ description: '1 registered, 0 not' })) } },
    async (req) => {
      return ok(req, (await checkEmail(deps, req, req.body.userEmail)) ? 1 : 0);
    },
  );

  app.post('/api/login/registerGetCode', { schema: { body: formBody(registrationFields), response: envelope() } }, async (req, reply) => {
    const { flowToken } = await sendCode(deps, req, {
      purpose: 'register',
      account: () => registrationAccountFrom(req.body),
      language: req.locale,
    });
    reply.setCookie(REGISTER_FLOW_COOKIE, flowToken, cookieOpts(req, 30 * 60));
    return ok(req, null, 'codeSent');
  });

  app.post('/api/login/confirmVer', { schema: { body: formBody({ verifycode: s }), response: envelope() } }, async (req) => {
    try {
      await checkCode(deps, req, { purpose: 'register', code: req.body.verifycode, flowToken: req.cookies[REGISTER_FLOW_COOKIE], unknownAccount: 'reveal' });
    } catch (err) {
      // The legacy client reads 404 as 'Verification code error'.
      if (err instanceof AppError && err.key === 'codeError') throw appError('confirmCodeError', { field: 'code' });
      throw err;
    }
    return ok(req, null);
  });

  app.post('/api/login/userRegister', { schema: { body: registration, response: envelope(userData) } }, async (req, reply) => {
    const b: RegistrationForm = req.body;
    const result = await registerAccount(deps, req, {
      account: () => registrationAccountFrom(b),
      firstName: b.firstName,
      lastName: b.lastName,
      company: b.existingCompany ?? b.company,
      password: b.password,
      language: languageFrom(b.language, req.locale),
      countryCode: b.country,
    });
    reply.clearCookie(REGISTER_FLOW_COOKIE, { path: '/' });
    setSessionCookie(req, reply, result.token, result.expiresAt);
    return ok(req, loginData(result), 'registered');
  });

  app.post('/api/login/selectCountry', { schema: { body: formBody({}), response: envelope(countryList) } }, async (req) => {
    const rows = await deps.db.selectFrom('countries').select(['code', 'name_en', 'name_zh']).orderBy('sort_order').execute();
    return ok(
      req,
      rows.map((c) => ({ codeKey: c.code, codeValue: req.locale === 'zh' ? c.name_zh : c.name_en })),
    );
  });

  app.get('/api/logout', { schema: { response: envelope() } }, async (req, reply) => {
    if (req.sessionToken) await revokeSession(deps, req.sessionToken);
    clearSessionCookie(req, reply);
    return ok(req, null, 'loggedOut');
  });

  // Spec sections 7 and 8: the legacy reset calls tell 'please register first' / 'user does not
  // exist' for an unknown account; the codeSend and codeCheck budgets bound that enumeration.
  app.post('/api/login/getCodeWhenForgetPwd', { schema: { body: formBody(accountFields), response: envelope() } }, async (req) => {
    await sendCode(deps, req, { purpose: 'reset', account: () => accountFrom(req.body), language: req.locale });
    return ok(req, null, 'codeSent');
  });

  app.post('/api/login/forgetPassword', { schema: { body: formBody({ ...accountFields, verifycode: s }), response: envelope() } }, async (req) => {
    await checkCode(deps, req, { purpose: 'reset', account: () => accountFrom(req.body), code: req.body.verifycode, unknownAccount: 'reveal' });
    return ok(req, null);
  });

  app.post('/api/login/resetPassword', { schema: { body: formBody({ ...accountFields, password: s }), response: envelope(Type.String()) } }, async (req) => {
    await resetWithCode(deps, req, { account: () => accountFrom(req.body), password: req.body.password, unknownAccount: 'reveal' });
    return ok(req, ok(req, null, 'passwordResetDone').message, 'passwordResetDone');
  });
};

export default routes;
