import type { IResolvers } from 'mercurius';
import { findSessionUser } from '../services/accounts/sessions.js';
import { bindEmail, changePassword, requestEmailBinding, setFirstPassword } from '../services/accounts/self-service.js';
import { presentUser } from '../services/accounts/users.js';
import { unauthenticated } from '../services/errors.js';
import type { ShopContext } from './context.js';

/** The user after a change, read again through the session that made it. */
async function changed(ctx: ShopContext, r: { sessionsEnded: number }) {
  const user = ctx.req.sessionToken ? await findSessionUser(ctx.deps, ctx.req.sessionToken) : null;
  if (!user) throw unauthenticated();
  return { user: presentUser(user), sessionsEnded: r.sessionsEnded };
}

export const accountSelfServiceResolvers: IResolvers = {
  Mutation: {
    changePassword: async (_root, args: { oldPassword: string; password: string; confirmPassword: string }, ctx) =>
      changed(ctx, await changePassword(ctx.deps, ctx.req, ctx.user, ctx.req.sessionToken, args)),
    setFirstPassword: async (_root, args: { password: string; confirmPassword: string }, ctx) =>
      changed(ctx, await setFirstPassword(ctx.deps, ctx.req, ctx.user, ctx.req.sessionToken, args)),
    requestEmailBindingCode: async (_root, args: { email: string }, ctx) => {
      await requestEmailBinding(ctx.deps, ctx.req, ctx.user, args.email, ctx.locale);
      return true;
    },
    bindEmail: async (_root, args: { email: string; code: string }, ctx) =>
      changed(ctx, await bindEmail(ctx.deps, ctx.req, ctx.user, ctx.req.sessionToken, args)),
  },
};
