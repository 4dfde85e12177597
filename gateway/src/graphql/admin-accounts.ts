import type { IResolvers, MercuriusLoaders } from 'mercurius';
import { subjectAuditTrail } from '../services/admin/audit.js';
import { accountOrderNos, accountSubject, findAccount, searchAccounts, setAccountDisabled, type AccountView } from '../services/admin/accounts.js';
import { requireOperator } from '../services/admin/operator.js';
import { normaliseSearch } from '../services/admin/order-filter.js';
import { ADMIN_PAGE_SIZES, findAdminOrder } from '../services/admin/orders.js';
import { appError } from '../services/errors.js';
import { presentAdminOrder, presentEvent } from './admin.js';
import type { ShopContext } from './context.js';
import { upper } from './enums.js';

// Operators' account management; like every admin resolver, each starts with requireOperator.

const userIdArg = (v: string) => (/^\d{1,10}$/.test(v) ? Number(v) : -1);
const presentAccount = (a: AccountView) => ({ ...a, userId: String(a.userId), mirrorStatus: a.mirrorStatus == null ? null : upper(a.mirrorStatus) });

async function change(ctx: ShopContext, userId: string, disabled: boolean, reason: string | null | undefined) {
  const r = await setAccountDisabled(ctx.deps, ctx.user, userIdArg(userId), disabled, reason ?? null);
  const account = await findAccount(ctx.deps.db, r.userId);
  if (!account) throw appError('accountNotFound', { field: 'userId' });
  return { changed: r.changed, sessionsEnded: r.sessionsEnded, account: presentAccount(account) };
}

export const adminAccountResolvers: IResolvers = {
  Query: {
    adminAccounts: async (_root, args: { search?: string | null; page?: number; pageSize?: number }, ctx) => {
      requireOperator(ctx.user);
      const pageSize = (ADMIN_PAGE_SIZES as readonly number[]).includes(args.pageSize ?? 20) ? (args.pageSize ?? 20) : 20;
      const page = Math.min(Math.max(1, Math.trunc(args.page ?? 1)), 100_000);
      const { items, total } = await searchAccounts(ctx.deps.db, normaliseSearch(args.search), page, pageSize);
      return { items: items.map(presentAccount), total, page, pageSize };
    },
    adminAccount: async (_root, args: { userId: string }, ctx) => {
      requireOperator(ctx.user);
      const a = await findAccount(ctx.deps.db, userIdArg(args.userId));
      return a ? presentAccount(a) : null;
    },
    accountEvents: async (_root, args: { userId: string }, ctx) => {
      requireOperator(ctx.user);
      return (await subjectAuditTrail(ctx.deps.db, accountSubject(userIdArg(args.userId)))).map(presentEvent);
    },
  },
  Mutation: {
    disableAccount: async (_root, args: { userId: string; reason?: string | null }, ctx) => change(ctx, args.userId, true, args.reason),
    enableAccount: async (_root, args: { userId: string; reason?: string | null }, ctx) => change(ctx, args.userId, false, args.reason),
  },
};

export const adminAccountLoaders: MercuriusLoaders = {
  AdminAccount: {
    orders: async (queries: { obj: { userId: string } }[], ctx) => {
      requireOperator(ctx.user);
      return Promise.all(
        queries.map(async (q) => {
          const nos = await accountOrderNos(ctx.deps.db, Number(q.obj.userId));
          const orders = await Promise.all(nos.map((no) => findAdminOrder(ctx.deps.db, no)));
          return orders.flatMap((o) => (o ? [presentAdminOrder(o, ctx.locale)] : []));
        }),
      );
    },
  },
};
