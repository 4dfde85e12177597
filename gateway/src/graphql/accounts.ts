import type { IResolvers } from 'mercurius';
import { AppError } from '../services/errors.js';
import { CAPTCHA_TTL_MS, consumeCaptcha, createCaptcha } from '../services/accounts/captcha.js';
import { confirmCode, issueCode } from '../services/accounts/codes.js';
import { revokeSession } from '../services/accounts/sessions.js';
import { emailRegistered, findUserByAccount, login, presentUser, register, resetPassword, type LoginResult } from '../services/accounts/users.js';
import { accountTarget, parseAccount, requireCaptcha, requireCode, requireEmail, requireNames, requireNewPassword, requirePassword } from '../services/accounts/validation.js';
import { clearSessionCookie, setSessionCookie } from '../plugins/session.js';
import { CAPTCHA_COOKIE } from '../routes/legacy/login.js';
import type { ShopContext } from './context.js';
import { guarded } from './errors.js';

type Purpose = 'REGISTER' | 'RESET';
const purposeOf = (p: Purpose): 'register' | 'reset' => (p === 'REGISTER' ? 'register' : 'reset');

function payload(ctx: ShopContext, r: LoginResult) {
  setSessionCookie(ctx.req, ctx.reply, r.token, r.expiresAt);
  return {
    user: { userId: r.userId, firstName: r.firstName, lastName: r.lastName, email: r.email, phoneArea: r.phoneArea, phoneNo: r.phoneNo, language: r.language, loginFirst: r.loginFirst, role: r.role, company: '' },
    accessToken: r.access_token,
    expiresAt: r.expiresAt.toISOString(),
  };
}

export const accountResolvers: IResolvers = {
  Query: {
    me: async (_root, _args, ctx) => (ctx.user ? presentUser(ctx.user) : null),
    captcha: async (_root, _args, ctx) =>
      guarded(ctx, async () => {
        const { id, image } = await createCaptcha(ctx.deps);
        ctx.reply.setCookie(CAPTCHA_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure: ctx.deps.config.cookieSecure, path: '/', maxAge: CAPTCHA_TTL_MS / 1000 });
        return { image, expiresInSeconds: CAPTCHA_TTL_MS / 1000 };
      }),
    emailRegistered: async (_root, args: { email: string }, ctx) => guarded(ctx, async () => emailRegistered(ctx.deps, requireEmail(args.email))),
  },
  Mutation: {
    requestCode: async (_root, args: { account: string; purpose: Purpose }, ctx) =>
      guarded(ctx, async () => {
        const account = args.purpose === 'REGISTER' ? { kind: 'email' as const, email: requireEmail(args.account) } : parseAccount(args.account);
        const exists = !!(await findUserByAccount(ctx.deps.db, account));
        if (args.purpose === 'REGISTER' && exists) throw new AppError('userExists', 500, 'ACCOUNT_EXISTS', 'email');
        if (args.purpose === 'RESET' && !exists) throw new AppError('userNotExist', 404, 'NOT_FOUND', 'account');
        await issueCode(ctx.deps, accountTarget(account), purposeOf(args.purpose), ctx.locale);
        return true;
      }),
    confirmCode: async (_root, args: { account: string; purpose: Purpose; code: string }, ctx) =>
      guarded(ctx, async () => {
        const account = args.purpose === 'REGISTER' ? { kind: 'email' as const, email: requireEmail(args.account) } : parseAccount(args.account);
        await confirmCode(ctx.deps, { target: accountTarget(account) }, purposeOf(args.purpose), requireCode(args.code));
        return true;
      }),
    register: async (_root, args: { input: Record<string, unknown> }, ctx) =>
      guarded(ctx, async () => {
        const i = args.input;
        const email = requireEmail(i.email);
        const code = requireCode(i.code);
        const names = requireNames(i);
        const password = requireNewPassword(i.password, i.confirmPassword);
        if (i.agreement !== true) throw new AppError('agreementRequired', 400, 'BAD_USER_INPUT', 'agreement');
        await confirmCode(ctx.deps, { target: email }, 'register', code);
        const language = i.language === 'zh' || i.language === 'en' ? i.language : ctx.locale;
        return payload(ctx, await register(ctx.deps, { email, ...names, password, language, countryCode: typeof i.countryCode === 'string' ? i.countryCode : undefined }));
      }),
    login: async (_root, args: { account: string; password: string; captcha: string }, ctx) =>
      guarded(ctx, async () => {
        const account = parseAccount(args.account);
        const password = requirePassword(args.password);
        await consumeCaptcha(ctx.deps, ctx.req.cookies[CAPTCHA_COOKIE], requireCaptcha(args.captcha));
        return payload(ctx, await login(ctx.deps, account, password));
      }),
    logout: async (_root, _args, ctx) => {
      if (ctx.req.sessionToken) await revokeSession(ctx.deps, ctx.req.sessionToken);
      clearSessionCookie(ctx.req, ctx.reply);
      return true;
    },
    resetPassword: async (_root, args: { account: string; password: string; confirmPassword: string }, ctx) =>
      guarded(ctx, async () => {
        await resetPassword(ctx.deps, parseAccount(args.account), requireNewPassword(args.password, args.confirmPassword));
        return true;
      }),
  },
};
