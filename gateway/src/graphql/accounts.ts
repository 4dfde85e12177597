import type { IResolvers } from 'mercurius';
import { CAPTCHA_TTL_MS } from '../services/accounts/captcha.js';
import { checkCode, checkEmail, logIn, newCaptcha, registerAccount, resetWithCode, sendCode } from '../services/accounts/actions.js';
import { revokeSession } from '../services/accounts/sessions.js';
import { presentUser, type LoginResult } from '../services/accounts/users.js';
import { parseAccount, phoneAccount, requireEmail, type Account } from '../services/accounts/validation.js';
import { clearSessionCookie, setSessionCookie } from '../plugins/session.js';
import { CAPTCHA_COOKIE } from '../routes/legacy/login.js';
import type { ShopContext } from './context.js';

type Purpose = 'REGISTER' | 'RESET';
const purposeOf = (p: Purpose): 'register' | 'reset' => (p === 'REGISTER' ? 'register' : 'reset');
// Codes go to an email or a phone ('+86 13800138000').
const accountOf = (raw: unknown) => (): Account => parseAccount(raw);

/** RegisterInput names an email, or phoneArea + phoneNo. */
function registrationAccount(i: Record<string, unknown>): Account {
  if (!i.email && typeof i.phoneNo === 'string' && i.phoneNo) return phoneAccount(i.phoneArea, i.phoneNo);
  return { kind: 'email', email: requireEmail(i.email) };
}

function payload(ctx: ShopContext, r: LoginResult) {
  setSessionCookie(ctx.req, ctx.reply, r.token, r.expiresAt);
  return {
    user: {
      userId: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phoneArea: r.phoneArea,
      phoneNo: r.phoneNo,
      language: r.language,
      loginFirst: r.loginFirst,
      role: r.role,
      company: '',
    },
    accessToken: r.access_token,
    expiresAt: r.expiresAt.toISOString(),
  };
}

// Every alias of a field is its own resolver call and spends its own unit of the budgets
// (services/accounts/actions.ts). GraphQL answers an unknown account like a known one wherever
// the spec does not ask otherwise. It asks it of the registration code and of the reset code
// ('please register first', spec section 8): the per-client codeSend budget bounds what a
// stranger learns from that answer.
export const accountResolvers: IResolvers = {
  Query: {
    me: async (_root, _args, ctx) => (ctx.user ? presentUser(ctx.user) : null),
    captcha: async (_root, _args, ctx) => {
      const { id, image } = await newCaptcha(ctx.deps, ctx.req);
      ctx.reply.setCookie(CAPTCHA_COOKIE, id, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.deps.config.cookieSecure,
        path: '/',
        maxAge: CAPTCHA_TTL_MS / 1000,
      });
      return { image, expiresInSeconds: CAPTCHA_TTL_MS / 1000 };
    },
    emailRegistered: async (_root, args: { email: string }, ctx) => checkEmail(ctx.deps, ctx.req, args.email),
  },
  Mutation: {
    requestCode: async (_root, args: { account: string; purpose: Purpose }, ctx) => {
      await sendCode(ctx.deps, ctx.req, {
        purpose: purposeOf(args.purpose),
        account: accountOf(args.account),
        language: ctx.locale,
      });
      return true;
    },
    confirmCode: async (_root, args: { account: string; purpose: Purpose; code: string }, ctx) => {
      await checkCode(ctx.deps, ctx.req, {
        purpose: purposeOf(args.purpose),
        account: accountOf(args.account),
        code: args.code,
        unknownAccount: 'hide',
      });
      return true;
    },
    register: async (_root, args: { input: Record<string, unknown> }, ctx) => {
      const i = args.input;
      const language = i.language === 'zh' || i.language === 'en' ? i.language : ctx.locale;
      return payload(
        ctx,
        await registerAccount(ctx.deps, ctx.req, {
          account: () => registrationAccount(i),
          code: i.code,
          firstName: i.firstName,
          lastName: i.lastName,
          company: i.company,
          password: i.password,
          confirmPassword: i.confirmPassword,
          agreement: i.agreement === true,
          language,
          countryCode: typeof i.countryCode === 'string' ? i.countryCode : undefined,
        }),
      );
    },
    login: async (_root, args: { account: string; password: string; captcha: string }, ctx) =>
      payload(
        ctx,
        await logIn(ctx.deps, ctx.req, {
          account: () => parseAccount(args.account),
          password: args.password,
          captchaId: ctx.req.cookies[CAPTCHA_COOKIE],
          captcha: args.captcha ?? '',
        }),
      ),
    logout: async (_root, _args, ctx) => {
      if (ctx.req.sessionToken) await revokeSession(ctx.deps, ctx.req.sessionToken);
      clearSessionCookie(ctx.req, ctx.reply);
      return true;
    },
    resetPassword: async (_root, args: { account: string; password: string; confirmPassword: string }, ctx) => {
      await resetWithCode(ctx.deps, ctx.req, {
        account: () => parseAccount(args.account),
        password: args.password,
        confirmPassword: args.confirmPassword,
        unknownAccount: 'hide',
      });
      return true;
    },
  },
};
