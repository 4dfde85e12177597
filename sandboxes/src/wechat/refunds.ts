// Refunds at the sandbox, domestic (POST /v3/refund/domestic/refunds) and global (POST
// /v3/global/refunds): idempotent on out_refund_no, never more than was paid, in the payment's
// currency; PROCESSING first, SUCCESS a while later with a REFUND.SUCCESS callback.
import { randomDigits } from '@shop/payments/wechat/random';
import { toChinaRfc3339 } from '@shop/payments/wechat/time';
import type { RefundResource } from '@shop/payments/wechat/wire';
import { convertMinor } from '@shop/payments/fx/convert';
import type { Outcome, SandboxOrder } from './orders.js';
import type { SandboxSetup } from './setup.js';

export interface SandboxRefund {
  outRefundNo: string;
  refundId: string;
  order: SandboxOrder;
  refund: number;
  total: number;
  currency: string;
  notifyUrl?: string;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  createdAt: Date;
  successAt?: Date;
}

export interface RefundBody {
  mchid?: string;
  sp_mchid?: string;
  sub_mchid?: string;
  appid?: string;
  sp_appid?: string;
  sub_appid?: string;
  transaction_id?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  reason?: string;
  notify_url?: string;
  funds_account?: string;
  source?: string;
  amount?: { refund?: number; total?: number; currency?: string };
}

const fail = (status: number, code: string, message: string) => ({ error: { status, code, message } });

export class RefundBook {
  private readonly refunds = new Map<string, SandboxRefund>();

  constructor(
    private readonly setup: SandboxSetup,
    private readonly now: () => number = Date.now,
  ) {}

  get(outRefundNo: string): SandboxRefund | undefined {
    return this.refunds.get(outRefundNo);
  }

  all(): SandboxRefund[] {
    return [...this.refunds.values()];
  }

  clear(): void {
    this.refunds.clear();
  }

  create(body: RefundBody, order: SandboxOrder | undefined): Outcome<SandboxRefund> {
    if (typeof body.out_refund_no !== 'string' || !/^[0-9A-Za-z_\-*|@]{1,64}$/.test(body.out_refund_no))
      return fail(400, 'PARAM_ERROR', 'out_refund_no格式错误');
    const a = body.amount;
    if (!a || !Number.isInteger(a.refund) || !Number.isInteger(a.total) || a.refund! <= 0)
      return fail(400, 'PARAM_ERROR', 'amount.refund与amount.total必须为正整数');
    if (!order) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (order.state !== 'SUCCESS') return fail(403, 'TRADE_STATE_ERROR', '订单未支付，不能退款');
    const currency = order.request.amount.currency ?? 'CNY';
    // Domestic: CNY only; global: the payment's own currency.
    if ((a.currency ?? (this.setup.setup === 'domestic' ? 'CNY' : undefined)) !== currency)
      return fail(400, 'PARAM_ERROR', `退款币种须与支付币种${currency}一致`);
    if (a.total !== order.request.amount.total) return fail(400, 'PARAM_ERROR', 'amount.total与原订单金额不一致');
    const earlier = this.refunds.get(body.out_refund_no);
    if (earlier) {
      if (earlier.order !== order || earlier.refund !== a.refund) return fail(403, 'INVALID_REQUEST', '商户退款单号重复，请求参数与原退款单不一致');
      return { ok: earlier };
    }
    const done = this.all()
      .filter((r) => r.order === order && r.status !== 'CLOSED')
      .reduce((s, r) => s + r.refund, 0);
    if (done + a.refund! > order.request.amount.total) return fail(403, 'NOT_ENOUGH', '可退款金额不足');
    const refund: SandboxRefund = {
      outRefundNo: body.out_refund_no,
      refundId: `50${randomDigits(27)}`,
      order,
      refund: a.refund!,
      total: a.total!,
      currency,
      ...(body.notify_url ? { notifyUrl: body.notify_url } : {}),
      status: 'PROCESSING',
      createdAt: new Date(this.now()),
    };
    this.refunds.set(refund.outRefundNo, refund);
    return { ok: refund };
  }

  succeed(refund: SandboxRefund): boolean {
    if (refund.status !== 'PROCESSING') return false;
    refund.status = 'SUCCESS';
    refund.successAt = new Date(this.now());
    const refunded = this.all()
      .filter((r) => r.order === refund.order && r.status === 'SUCCESS')
      .reduce((s, r) => s + r.refund, 0);
    if (refunded >= refund.order.request.amount.total) refund.order.refunded = true;
    return true;
  }

  /** The refund as the API answers it (`status`) or the callback carries it (`refund_status`). */
  view(r: SandboxRefund, key: 'status' | 'refund_status'): RefundResource & Record<string, unknown> {
    const overseas = this.setup.setup === 'overseas';
    const g = r.order.global;
    const ids = overseas && this.setup.mode === 'institutional' ? { sp_mchid: g?.sp_mchid, sub_mchid: g?.sub_mchid } : { mchid: r.order.request.mchid };
    const payerTotal = overseas ? convertMinor(r.total, this.setup.payerRate) : r.total;
    const payerRefund = overseas ? convertMinor(r.refund, this.setup.payerRate) : r.refund;
    return {
      ...(key === 'refund_status' ? ids : {}),
      [overseas && key === 'status' ? 'id' : 'refund_id']: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: r.order.transactionId,
      out_trade_no: r.order.outTradeNo,
      ...(key === 'status' ? { channel: 'ORIGINAL', create_time: toChinaRfc3339(r.createdAt) } : {}),
      [overseas ? 'recv_account' : 'user_received_account']: '支付用户零钱',
      [key]: r.status,
      ...(r.successAt ? { success_time: toChinaRfc3339(r.successAt) } : {}),
      amount: overseas
        ? { total: r.total, refund: r.refund, currency: r.currency, payer_total: payerTotal, payer_refund: payerRefund, payer_currency: 'CNY' }
        : { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
    } as RefundResource & Record<string, unknown>;
  }
}
