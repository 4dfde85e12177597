import type { IResolvers, MercuriusLoaders } from 'mercurius';
import { centsToDecimal } from '@shop/payments';
import { orderAuditTrail, subjectAuditTrail, type AuditEntry } from '../services/admin/audit.js';
import { completeBankTransferOrder } from '../services/admin/bank-transfer.js';
import { findMirror, listMirrors, mirrorSubject, retryMirror, type MirrorView } from '../services/admin/mirrors.js';
import { requireOperator } from '../services/admin/operator.js';
import { normaliseSearch, parseDateBound, type AdminOrderFilter } from '../services/admin/order-filter.js';
import { ADMIN_PAGE_SIZES, findAdminOrder, listAdminOrders, purchaseInfosByOrderNo, type AdminOrderView } from '../services/admin/orders.js';
import { recordPaperOrder } from '../services/admin/paper-order.js';
import { markOrderShipped } from '../services/admin/shipping.js';
import { attemptsByOrderNo, refundPayment, type AttemptView } from '../services/admin/refunds.js';
import type { Refund } from '@shop/db';
import { invoicesByOrderNo } from '../services/orders/details.js';
import { issuedInvoicesByOrderNo } from '../services/invoices/documents.js';
import { issueOrderInvoice } from '../services/invoices/issue.js';
import { requestHash, withIdempotency } from '../services/orders/idempotency.js';
import { appError } from '../services/errors.js';
import type { ShopContext } from './context.js';
import { presentIssuedInvoice, presentOrderFields } from './present-orders.js';
import { lower, upper } from './enums.js';
import type * as Gql from './schema-types.js';

// The operator console's resolvers. Each one starts with requireOperator, so a guest gets
// UNAUTHENTICATED and a buyer FORBIDDEN (error-format.ts answers them) before anything is read.

const lowerOrNone = <T extends string>(v: T | null | undefined) => (v ? lower(v) : undefined);
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

function pageArgs(args: { page?: number | null; pageSize?: number | null }) {
  const pageSize = (ADMIN_PAGE_SIZES as readonly number[]).includes(args.pageSize ?? 20) ? (args.pageSize ?? 20) : 20;
  return { page: Math.min(Math.max(1, Math.trunc(args.page ?? 1)), 100_000), pageSize };
}

export function presentAdminOrder(o: AdminOrderView, locale: 'zh' | 'en') {
  return {
    ...presentOrderFields(o, locale),
    quantity: o.quantity,
    unitPriceCents: o.unitPriceCents,
    provider: o.provider == null ? null : upper(o.provider),
    canIssueInvoice: o.status === 'paid' && o.invoiceStatus === 'required' && !o.refundedAt,
    buyerId: String(o.userId),
    buyerName: o.buyerName,
    remarks: o.remarks,
    shippedAt: o.shippedAt,
    providerRef: o.providerRef,
    completionRequested: o.completionRequested,
    canCompleteBankTransfer: o.provider === 'bank_transfer' && o.status === 'pending_payment' && !o.completionRequested,
    canMarkShipped: o.format === 'paper' && o.status === 'paid' && o.shippingStatus === 'not_shipped',
  };
}

const presentRefund = (r: Refund) => ({
  refundNo: r.refund_no,
  kind: upper(r.kind),
  status: upper(r.status),
  amount: centsToDecimal(r.amount_minor),
  currency: r.currency,
  reference: r.reference,
  reason: r.reason,
  providerRefundId: r.provider_refund_id,
  // Core clears it when a refund succeeds; a row that succeeded before it did so still holds the
  // provider's PROCESSING, which is no error.
  lastError: r.status === 'succeeded' ? null : r.last_error,
  createdAt: r.created_at.toISOString(),
  completedAt: r.completed_at ? r.completed_at.toISOString() : null,
});

const liveRefund = (a: AttemptView) => a.refunds.some((r) => r.status !== 'failed');

const presentAttempt = (a: AttemptView) => ({
  id: a.id,
  outTradeNo: a.outTradeNo,
  provider: upper(a.provider),
  method: a.method,
  status: upper(a.status),
  amount: centsToDecimal(a.amountCents),
  currency: a.currency,
  orderAmount: a.orderAmountCents === null ? null : centsToDecimal(a.orderAmountCents),
  orderCurrency: a.orderCurrency,
  exchangeRate: a.fxRate,
  exchangeRateSource: a.fxSource,
  exchangeRateDate: a.fxDate,
  payerAmount: a.payerAmount === null ? null : centsToDecimal(a.payerAmount),
  payerCurrency: a.payerCurrency,
  payerRate: a.payerRate,
  role: a.role == null ? null : upper(a.role),
  canRefund: a.role !== null && !liveRefund(a),
  refunds: a.refunds.map(presentRefund),
  createdAt: a.createdAt,
});

export const presentEvent = (e: AuditEntry) => ({ ...e, actorType: upper(e.actorType), before: json(e.before), after: json(e.after), data: json(e.data) });
const presentMirror = (m: MirrorView) => ({ ...m, userId: String(m.userId), status: upper(m.status) });

async function orderChange(ctx: ShopContext, orderNo: string, changed: boolean) {
  const order = await findAdminOrder(ctx.deps.db, orderNo);
  if (!order) throw appError('orderNotFound', { field: 'orderNo' });
  return { changed, order: presentAdminOrder(order, ctx.locale) };
}

function filterFrom(f: Gql.AdminOrderFilter | null | undefined): AdminOrderFilter {
  if (!f) return {};
  const payType = f.payType ?? undefined;
  if (payType !== undefined && payType !== 2 && payType !== 3) throw appError('badRequest', { field: 'payType' });
  return {
    status: lowerOrNone(f.status),
    payType,
    provider: lowerOrNone(f.provider),
    shippingStatus: lowerOrNone(f.shippingStatus),
    format: lowerOrNone(f.format),
    invoiceStatus: lowerOrNone(f.invoiceStatus),
    createdFrom: parseDateBound(f.createdFrom, 'from', 'createdFrom'),
    createdTo: parseDateBound(f.createdTo, 'to', 'createdTo'),
    search: normaliseSearch(f.search),
  };
}

const userIdArg = (v: string) => (/^\d{1,10}$/.test(v) ? Number(v) : -1);

export const adminResolvers: IResolvers = {
  Query: {
    adminOrders: async (_root, args, ctx) => {
      requireOperator(ctx.user);
      const { page, pageSize } = pageArgs(args);
      const { items, total } = await listAdminOrders(ctx.deps.db, filterFrom(args.filter), page, pageSize);
      return { items: items.map((o) => presentAdminOrder(o, ctx.locale)), total, page, pageSize };
    },
    adminOrder: async (_root, args: { orderNo: string }, ctx) => {
      requireOperator(ctx.user);
      const o = await findAdminOrder(ctx.deps.db, args.orderNo);
      return o ? presentAdminOrder(o, ctx.locale) : null;
    },
    orderEvents: async (_root, args: { orderNo: string }, ctx) => {
      requireOperator(ctx.user);
      return (await orderAuditTrail(ctx.deps.db, args.orderNo)).map(presentEvent);
    },
    registrationMirrors: async (_root, args, ctx) => {
      requireOperator(ctx.user);
      const { page, pageSize } = pageArgs(args);
      const { items, total } = await listMirrors(ctx.deps.db, lowerOrNone(args.status), page, pageSize);
      return { items: items.map(presentMirror), total, page, pageSize };
    },
    registrationMirrorEvents: async (_root, args: { userId: string }, ctx) => {
      requireOperator(ctx.user);
      return (await subjectAuditTrail(ctx.deps.db, mirrorSubject(userIdArg(args.userId)))).map(presentEvent);
    },
  },
  Mutation: {
    markOrderShipped: async (_root, args: { orderNo: string }, ctx) => {
      const r = await markOrderShipped(ctx.deps, ctx.user, args.orderNo);
      return orderChange(ctx, r.orderNo, r.changed);
    },
    refundOrder: async (_root, args: { orderNo: string; reason?: string | null; reference?: string | null }, ctx) => {
      const r = await refundPayment(ctx.deps, ctx.user, { ...args, kind: 'order' });
      return { ...(await orderChange(ctx, args.orderNo, r.changed)), refund: presentRefund(r.refund) };
    },
    refundDuplicatePayment: async (_root, args: { orderNo: string; attemptId: string; reason?: string | null; reference?: string | null }, ctx) => {
      // Refused before anything is written when the attempt is not a duplicate payment of the order.
      const r = await refundPayment(ctx.deps, ctx.user, { ...args, kind: 'duplicate_payment' });
      return { ...(await orderChange(ctx, args.orderNo, r.changed)), refund: presentRefund(r.refund) };
    },
    recordInvoiceShipment: async (_root, args: { orderNo: string; courier: string; trackingNo: string }, ctx) => {
      const r = await issueOrderInvoice(ctx.deps, ctx.user, args.orderNo, { delivery: 'express', courier: args.courier, trackingNo: args.trackingNo });
      return orderChange(ctx, r.orderNo, r.changed);
    },
    markBankTransferCompleted: async (_root, args: { orderNo: string; reference: string }, ctx) => {
      const r = await completeBankTransferOrder(ctx.deps, ctx.user, args.orderNo, args.reference);
      return orderChange(ctx, r.orderNo, r.changed);
    },
    retryRegistrationMirror: async (_root, args: { userId: string }, ctx) => {
      const r = await retryMirror(ctx.deps, ctx.user, userIdArg(args.userId));
      const mirror = await findMirror(ctx.deps.db, r.userId);
      return { changed: r.changed, mirror: presentMirror(mirror!) };
    },
    recordPaperOrder: async (_root, args, ctx) => {
      const { user } = requireOperator(ctx.user);
      const i = args.input;
      const key = ctx.req.headers['idempotency-key'];
      const r = await withIdempotency(ctx.deps.db, user.id, typeof key === 'string' ? `admin:${key}` : undefined, requestHash(i), () =>
        recordPaperOrder(ctx.deps, ctx.user, {
          // The schema has already checked every field's type; only the ID's digits are left.
          buyerEmail: i.buyerEmail,
          bookId: Number(i.bookId),
          language: i.language,
          country: i.country,
          purchaseInfo: i.purchaseInfo,
          quantity: i.quantity ?? null,
          remarks: i.remarks ?? null,
          markPaid: i.markPaid,
          paymentReference: i.paymentReference ?? null,
        }),
      );
      return orderChange(ctx, r.orderNo, r.changed);
    },
  },
};

/** An order's purchase info and invoice, batched: one query each for every order of a page. */
export const adminLoaders: MercuriusLoaders = {
  AdminOrder: {
    attempts: async (queries, ctx) => {
      requireOperator(ctx.user);
      return (
        await attemptsByOrderNo(
          ctx.deps.db,
          queries.map((q) => q.obj.orderNo),
        )
      ).map((list) => list.map(presentAttempt));
    },
    canRefund: async (queries, ctx) => {
      requireOperator(ctx.user);
      const lists = await attemptsByOrderNo(
        ctx.deps.db,
        queries.map((q) => q.obj.orderNo),
      );
      return queries.map((q, i) => q.obj.status === 'PAID' && !q.obj.refundedAt && lists[i]!.some((a) => a.role === 'order' && !liveRefund(a)));
    },
    purchaseInfo: async (queries, ctx) => {
      requireOperator(ctx.user);
      return purchaseInfosByOrderNo(
        ctx.deps.db,
        queries.map((q) => q.obj.orderNo),
      );
    },
    invoice: async (queries, ctx) => {
      requireOperator(ctx.user);
      return invoicesByOrderNo(
        ctx.deps.db,
        queries.map((q) => q.obj.orderNo),
      );
    },
    issuedInvoice: async (queries, ctx) => {
      requireOperator(ctx.user);
      return (
        await issuedInvoicesByOrderNo(
          ctx.deps.db,
          queries.map((q) => q.obj.orderNo),
        )
      ).map(presentIssuedInvoice);
    },
  },
};
