// The operators' refunds: asking for one goes through the refund ledger in core (one refund per
// attempt however often it is asked), then the provider is asked at once; the worker's refund
// sweep and the provider's notifications finish what is still open.
import { requestRefund, RefundRefused } from '@shop/core';
import type { Db, IntentStatus, ProviderName, Refund } from '@shop/db';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { requireOperator } from './operator.js';
import { operatorReason } from './reason.js';

export interface RefundAsk {
  orderNo: string;
  /** The order's own payment, or a duplicate payment (named by attemptId). */
  kind: 'order' | 'duplicate_payment';
  attemptId?: string | null;
  reason?: string | null;
  reference?: string | null;
}

function reference(v: string | null | undefined): string | undefined {
  const t = v?.trim();
  if (!t) return undefined;
  if ([...t].length > 64) throw appError('tooLong64', { field: 'reference' });
  return t;
}

export async function refundPayment(deps: ServiceDeps, user: SessionUser | null, ask: RefundAsk): Promise<{ changed: boolean; refund: Refund }> {
  const { user: operator } = requireOperator(user);
  if (!ask.orderNo || ask.orderNo.length > 64) throw appError('orderNotFound', { field: 'orderNo' });
  if (ask.attemptId != null && !/^\d{1,18}$/.test(ask.attemptId)) throw appError('nothingToRefund', { field: 'attemptId' });
  if (ask.kind === 'duplicate_payment' && ask.attemptId == null) throw appError('nothingToRefund', { field: 'attemptId' });
  let requested;
  try {
    requested = await requestRefund(deps, {
      orderNo: ask.orderNo,
      kind: ask.kind,
      ...(ask.attemptId ? { intentId: ask.attemptId } : {}),
      operatorId: operator.id,
      reason: operatorReason(ask.reason) ?? undefined,
      reference: reference(ask.reference),
    });
  } catch (err) {
    if (!(err instanceof RefundRefused)) throw err;
    if (err.code === 'NOT_FOUND') throw appError('orderNotFound', { field: 'orderNo' });
    if (err.code === 'NOT_PAID') throw appError('orderNotRefundable');
    if (err.code === 'REFERENCE_REQUIRED') throw appError('refundReferenceRequired', { field: 'reference' });
    throw appError('nothingToRefund', err.code === 'WRONG_KIND' ? { field: 'attemptId' } : undefined);
  }
  const refund = requested.refund;
  deps.log.info({ orderNo: ask.orderNo, refundNo: refund.refund_no, status: refund.status, created: requested.created }, 'refund requested');
  return { changed: requested.created, refund };
}

export interface AttemptView {
  id: string;
  orderNo: string;
  outTradeNo: string;
  provider: ProviderName;
  method: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  orderAmountCents: number | null;
  orderCurrency: string | null;
  fxRate: string | null;
  fxSource: string | null;
  fxDate: string | null;
  payerAmount: number | null;
  payerCurrency: string | null;
  payerRate: string | null;
  role: 'order' | 'duplicate_payment' | null;
  createdAt: string;
  refunds: Refund[];
}

/** Every attempt of the given orders with its refunds, in key order (one query each). */
export async function attemptsByOrderNo(db: Db, orderNos: readonly string[]): Promise<AttemptView[][]> {
  if (!orderNos.length) return [];
  const rows = await db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .selectAll('payment_intents')
    .select(['orders.order_no', 'orders.status as order_status', 'orders.paid_intent_id'])
    .where('orders.order_no', 'in', [...orderNos])
    .orderBy('payment_intents.id')
    .execute();
  const ids = rows.map((r) => r.id);
  const refunds = ids.length ? await db.selectFrom('refunds').selectAll().where('intent_id', 'in', ids).orderBy('id').execute() : [];
  const byOrder = new Map<string, AttemptView[]>();
  for (const r of rows) {
    const view: AttemptView = {
      id: r.id,
      orderNo: r.order_no,
      outTradeNo: r.out_trade_no,
      provider: r.provider,
      method: r.method,
      status: r.status,
      amountCents: r.amount_cents,
      currency: r.currency,
      orderAmountCents: r.order_amount_cents,
      orderCurrency: r.order_currency,
      fxRate: r.fx_rate,
      fxSource: r.fx_source,
      fxDate: r.fx_date,
      payerAmount: r.payer_amount,
      payerCurrency: r.payer_currency,
      payerRate: r.payer_rate,
      role: r.status === 'succeeded' ? (r.paid_intent_id === r.id ? 'order' : 'duplicate_payment') : null,
      createdAt: r.created_at.toISOString(),
      refunds: refunds.filter((f) => f.intent_id === r.id),
    };
    byOrder.set(r.order_no, [...(byOrder.get(r.order_no) ?? []), view]);
  }
  return orderNos.map((n) => byOrder.get(n) ?? []);
}
