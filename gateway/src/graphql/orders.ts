import type { IResolvers, MercuriusLoaders } from 'mercurius';
import { checkout, type CheckoutOutcome } from '../services/orders/checkout.js';
import { requestHash, withIdempotency } from '../services/orders/idempotency.js';
import { findOwnOrder, listOwnOrders, PAGE_SIZES, paidEbookIds, paidEbookOrder } from '../services/orders/queries.js';
import { invoicesByOrderNo, latestIntent, purchaseInfoForBuyer, refundsByOrderNo } from '../services/orders/details.js';
import { checkPayment } from '../services/payments/check.js';
import { batchLoader } from './batch.js';
import type { ShopContext } from './context.js';
import { lower, upper } from './enums.js';
import { requireUser } from './errors.js';
import { bankAccountOf, presentCheck, presentIntent, presentIssuedInvoice, presentOrder, presentOrderRefund } from './present-orders.js';
import { issuedInvoicesByOrderNo } from '../services/invoices/documents.js';
import { payerAmountOf } from '../services/payments/payer-amount.js';
import type { IntentView } from '../services/orders/views.js';

const lowerOrNone = <T extends string>(v: T | null | undefined) => (v ? lower(v) : undefined);

function presentOutcome(ctx: ShopContext, r: CheckoutOutcome) {
  return {
    order: presentOrder(r.order, ctx.locale),
    paymentIntent: presentIntent(r.intent, ctx.deps.config.payee[ctx.locale], bankAccountOf(ctx.deps.providers)),
    reused: r.reused,
    previousPaymentOpenUntil: r.previousPaymentOpen?.until ?? null,
    previousPaymentProvider: r.previousPaymentOpen ? upper(r.previousPaymentOpen.provider) : null,
  };
}

export const orderResolvers: IResolvers = {
  Query: {
    orders: async (_root, args, ctx) => {
      const user = requireUser(ctx);
      const pageSize = (PAGE_SIZES as readonly number[]).includes(args.pageSize ?? 10) ? (args.pageSize ?? 10) : 10;
      const page = Math.min(Math.max(1, Math.trunc(args.page ?? 1)), 100_000);
      const payType = args.filter?.payType === 2 || args.filter?.payType === 3 ? args.filter.payType : undefined;
      const { items, total } = await listOwnOrders(ctx.deps.db, user.id, { status: lowerOrNone(args.filter?.status), payType }, page, pageSize);
      return { items: items.map((o) => presentOrder(o, ctx.locale)), total, page, pageSize };
    },
    order: async (_root, args, ctx) => {
      const o = await findOwnOrder(ctx.deps.db, requireUser(ctx).id, args.orderNo);
      return o ? presentOrder(o, ctx.locale) : null;
    },
    purchaseInfo: async (_root, args, ctx) => purchaseInfoForBuyer(ctx.deps.db, requireUser(ctx).id, args.orderNo),
    paymentIntent: async (_root, args, ctx) => {
      const i = await latestIntent(ctx.deps.db, requireUser(ctx).id, args.orderNo);
      return i ? presentIntent(i, ctx.deps.config.payee[ctx.locale], bankAccountOf(ctx.deps.providers)) : null;
    },
  },
  Mutation: {
    checkPayment: async (_root, args, ctx) => {
      return presentCheck(await checkPayment(ctx.deps, requireUser(ctx), args.reference), ctx.locale);
    },
    checkout: async (_root, args, ctx) => {
      const user = requireUser(ctx);
      const i = args.input;
      const key = ctx.req.headers['idempotency-key'];
      const outcome = await withIdempotency(ctx.deps.db, user.id, typeof key === 'string' ? key : undefined, requestHash(i), () =>
        checkout(ctx.deps, user, {
          // The schema has already checked every field's type; only the ID's digits are left.
          bookId: Number(i.bookId),
          format: lower(i.format),
          language: i.language ?? undefined,
          country: i.country,
          paymentMethod: i.paymentMethod,
          purchaseInfo: i.purchaseInfo ?? null,
          invoice: i.invoice ?? null,
          openId: i.openId ?? null,
          remarks: i.remarks ?? null,
          clientIp: ctx.req.ip,
          userAgent: ctx.req.headers['user-agent'],
        }),
      );
      return presentOutcome(ctx, outcome);
    },
  },
  Order: {
    refunds: (order: { orderNo: string }, _args, ctx) => refundsOf(ctx, order.orderNo),
    issuedInvoice: (order: { orderNo: string }, _args, ctx) => issuedInvoiceOf(ctx, order.orderNo),
  },
  PaymentIntent: {
    // Asked only by the QR page: an overseas estimate may read the latest rate WeChat applied.
    payerAmount: (intent, _args, ctx) => {
      const view = (intent as { view?: IntentView }).view;
      return view ? payerAmountOf(ctx.deps, view) : null;
    },
  },
  Book: {
    ebookPurchased: async (book: { id: string }, _args, ctx) => (await boughtBooks(ctx)).has(Number(book.id)),
    ebookPassword: async (book: { id: string }, _args, ctx) => ((await boughtBooks(ctx)).has(Number(book.id)) ? (ctx.user?.email ?? null) : null),
    paidEbookOrder: async (book: { id: string }, _args, ctx) => {
      if (!ctx.user || !(await boughtBooks(ctx)).has(Number(book.id))) return null;
      const o = await paidEbookOrder(ctx.deps.db, ctx.user.id, Number(book.id));
      return o ? presentOrder(o, ctx.locale) : null;
    },
  },
};

/** A buyer's order's invoice, batched: one query for every order of a page, scoped to the buyer. */
export const orderLoaders: MercuriusLoaders = {
  Order: {
    invoice: async (queries, ctx) =>
      invoicesByOrderNo(
        ctx.deps.db,
        queries.map((q) => q.obj.orderNo),
        requireUser(ctx).id,
      ),
  },
};

/**
 * A buyer's order's refunds, batched: one query for every order of a page, scoped to the buyer.
 * Also asked by the server-rendered My Orders, whose in-process execution Mercurius' loaders do
 * not serve (batch.ts).
 */
const refundsOf = batchLoader(async (orderNos: string[], ctx: ShopContext) =>
  (await refundsByOrderNo(ctx.deps.db, orderNos, requireUser(ctx).id)).map((list) => list.map(presentOrderRefund)),
);

/** A buyer's order's issued invoice, batched like its refunds (My Orders asks it server-rendered too). */
const issuedInvoiceOf = batchLoader(async (orderNos: string[], ctx: ShopContext) =>
  (await issuedInvoicesByOrderNo(ctx.deps.db, orderNos, requireUser(ctx).id)).map(presentIssuedInvoice),
);

/** One query per request for every book's "bought" flag (a per-request memo, not N lookups). */
const memo = new WeakMap<object, Promise<Set<number>>>();
function boughtBooks(ctx: ShopContext): Promise<Set<number>> {
  if (!ctx.user) return Promise.resolve(new Set());
  let p = memo.get(ctx.req);
  if (!p) {
    const userId = ctx.user.id;
    p = paidEbookIds(ctx.deps.db, userId).then((ids) => new Set(ids));
    memo.set(ctx.req, p);
  }
  return p;
}
