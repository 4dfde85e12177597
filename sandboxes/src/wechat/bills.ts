// The sandbox's daily bills, made from the trades and refunds it really holds, at their times on
// the sandbox clock: the domestic trade bill (detail + summary, yuan) and the Global statement
// (price, payer and settlement amounts with the rates). WeChat's windows apply: the bill of day T
// from 09:00 Beijing on T+1, only the last 3 months (domestic) / 180 days (Global), and no bill for
// a day without trades. Per-trade bill faults change what the bill says.
import { createHash, randomBytes } from 'node:crypto';
import { centsToDecimal } from '@shop/payments/provider';
import { sha1Hex } from '@shop/payments/bills';
import { STATEMENT_COLUMNS, TRADE_BILL_COLUMNS, TRADE_BILL_SUMMARY_COLUMNS } from '@shop/payments/wechat/bill-file';
import { toChinaRfc3339 } from '@shop/payments/wechat/time';
import { addDays, dayInZone, startOfDay } from '@shop/payments/zoned-time';
import { convertMinor, scaledRate } from '@shop/payments/fx/convert';
import type { BillFaultBook } from '../bills/faults.js';
import type { ApiError, Outcome, SandboxOrder } from './orders.js';
import type { SandboxRefund } from './refunds.js';
import type { SandboxSetup } from './setup.js';

const BEIJING = 'Asia/Shanghai';

export interface BillOptions {
  /** The fee WeChat takes, as a fraction of the amount (default 0.006 = 0.60 %). */
  feeRate: string;
  /** Hour (Beijing) of day T+1 from which the bill of day T is published (default 9). */
  publishHour: number;
  /** Domestic: how many months back bills can be fetched (default 3). */
  historyMonths: number;
  /** Global: how many days back statements can be fetched (default 180). */
  historyDays: number;
  /** Global statements: amounts in major units ("75.00", default) or minor units. */
  amountUnit: 'major' | 'minor';
}

/** One line of a bill: a payment of a trade, or a refund against it. */
interface BillItem {
  kind: 'payment' | 'refund';
  order: SandboxOrder;
  at: Date;
  /** Minor units of the order currency. */
  amount: number;
  refundNo?: string;
  refundId?: string;
  refundStatus?: string;
  corrupt: boolean;
}

export interface RenderedBill {
  /** The file as served (a corrupt fault changes it after hashing). */
  served: Buffer;
  /** SHA1 (hex) of the file as WeChat produced it. */
  sha1: string;
}

const fail = (status: number, code: string, message: string): { error: ApiError } => ({ error: { status, code, message } });

const billTime = (d: Date): string => toChinaRfc3339(d).slice(0, 19).replace('T', ' ');

/** The trade's columns, alike in the domestic trade bill and the Global statement. */
const tradeColumns = (i: BillItem) => ({
  设备号: '',
  微信订单号: i.order.transactionId ?? '',
  商户订单号: i.order.outTradeNo,
  用户标识: i.order.payerOpenid ?? '',
  交易类型: i.order.tradeType,
  交易状态: i.kind === 'payment' ? 'SUCCESS' : 'REFUND',
  付款银行: 'OTHERS',
});
const line = (values: string[]): string => values.map((v) => `\`${v}`).join(',');

export class BillDesk {
  constructor(
    private readonly setup: SandboxSetup,
    private readonly opts: BillOptions,
    private readonly faults: BillFaultBook,
    private readonly now: () => number,
  ) {}

  /** Whether the bill of `date` (YYYY-MM-DD, Beijing) can be asked for now. */
  window(date: string): Outcome<true> {
    const now = this.now();
    const today = dayInZone(now, BEIJING);
    if (date >= today) return date > today ? fail(400, 'PARAM_ERROR', '账单日期不能晚于当前日期') : fail(400, 'STATEMENT_CREATING', '账单生成中');
    const oldest =
      this.setup.setup === 'domestic'
        ? (() => {
            const [y, m, d] = today.split('-').map(Number) as [number, number, number];
            return new Date(Date.UTC(y, m - 1 - this.opts.historyMonths, d)).toISOString().slice(0, 10);
          })()
        : addDays(today, -this.opts.historyDays);
    if (date < oldest)
      return fail(
        400,
        'PARAM_ERROR',
        this.setup.setup === 'domestic' ? `仅支持${this.opts.historyMonths}个月内的账单下载申请` : `对账单接口只支持下载${this.opts.historyDays}天以内的账单`,
      );
    if (now < startOfDay(addDays(date, 1), BEIJING) + this.opts.publishHour * 3_600_000) return fail(400, 'STATEMENT_CREATING', '账单生成中');
    return { ok: true };
  }

  /** The lines of the day, faults applied; bill_type SUCCESS keeps payments, REFUND refunds. */
  private items(date: string, orders: SandboxOrder[], refunds: SandboxRefund[], billType: string): BillItem[] {
    const onDay = (d: Date | undefined) => !!d && dayInZone(d.getTime(), BEIJING) === date;
    const items: BillItem[] = [];
    for (const order of orders) {
      if (order.state !== 'SUCCESS' || !onDay(order.successTime)) continue;
      const f = this.faults.get(order.outTradeNo);
      items.push({ kind: 'payment', order, at: order.successTime!, amount: order.request.amount.total + (f.alterAmountMinor ?? 0), corrupt: !!f.corrupt });
      if (f.unknownRefundMinor) {
        items.push({
          kind: 'refund',
          order,
          at: order.successTime!,
          amount: f.unknownRefundMinor,
          // Named from the trade, so the published bill is the same file every time it is asked for.
          refundNo: `UNKNOWN${stableDigits(`no:${order.outTradeNo}`, 12)}`,
          refundId: `50${stableDigits(`id:${order.outTradeNo}`, 27)}`,
          refundStatus: 'SUCCESS',
          corrupt: false,
        });
      }
    }
    for (const r of refunds) {
      if (!onDay(r.createdAt)) continue;
      const f = this.faults.get(r.order.outTradeNo);
      items.push({
        kind: 'refund',
        order: r.order,
        at: r.createdAt,
        amount: r.refund,
        refundNo: r.outRefundNo,
        refundId: r.refundId,
        refundStatus: r.status,
        corrupt: !!f.corrupt,
      });
    }
    return items
      .filter((i) => !this.faults.get(i.order.outTradeNo).omit)
      .filter((i) => billType === 'ALL' || (billType === 'SUCCESS' ? i.kind === 'payment' : i.kind === 'refund'))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  private fee(amount: number): number {
    return convertMinor(amount, this.opts.feeRate);
  }

  private feeRateLabel(): string {
    return `${(Number(this.opts.feeRate) * 100).toFixed(2)}%`;
  }

  /** The domestic trade bill of `date`, or NO_STATEMENT_EXIST for a day without trades. */
  tradeBill(date: string, orders: SandboxOrder[], refunds: SandboxRefund[], billType: string): Outcome<RenderedBill> {
    const items = this.items(date, orders, refunds, billType);
    if (!items.length) return fail(400, 'NO_STATEMENT_EXIST', '请求的账单文件不存在');
    const render = (withFaults: boolean): string => {
      const totals = { count: items.length, settle: 0, refund: 0, fee: 0, order: 0, applied: 0 };
      const rows = items.map((i) => {
        const amount = withFaults && i.corrupt ? i.amount + 1 : i.amount;
        const pay = i.kind === 'payment';
        const fee = pay ? this.fee(amount) : -this.fee(amount);
        totals.fee += fee;
        if (pay) {
          totals.settle += amount;
          totals.order += amount;
        } else {
          totals.refund += amount;
          totals.applied += amount;
        }
        const r = i.order.request;
        const v: Record<(typeof TRADE_BILL_COLUMNS)[number], string> = {
          交易时间: billTime(i.at),
          公众账号ID: r.appid,
          商户号: r.mchid,
          特约商户号: '0',
          ...tradeColumns(i),
          货币种类: 'CNY',
          应结订单金额: centsToDecimal(pay ? amount : 0),
          代金券金额: '0.00',
          微信退款单号: i.refundId ?? '0',
          商户退款单号: i.refundNo ?? '0',
          退款金额: centsToDecimal(pay ? 0 : amount),
          充值券退款金额: '0.00',
          退款类型: pay ? '' : 'ORIGINAL',
          退款状态: i.refundStatus ?? '',
          商品名称: r.description,
          商户数据包: r.attach ?? '',
          手续费: centsToDecimal(fee),
          费率: this.feeRateLabel(),
          订单金额: centsToDecimal(pay ? amount : 0),
          申请退款金额: centsToDecimal(pay ? 0 : amount),
          费率备注: '',
        };
        return line(TRADE_BILL_COLUMNS.map((c) => v[c]));
      });
      const summary: Record<(typeof TRADE_BILL_SUMMARY_COLUMNS)[number], string> = {
        总交易单数: String(totals.count),
        应结订单总金额: centsToDecimal(totals.settle),
        退款总金额: centsToDecimal(totals.refund),
        充值券退款总金额: '0.00',
        手续费总金额: centsToDecimal(totals.fee),
        订单总金额: centsToDecimal(totals.order),
        申请退款总金额: centsToDecimal(totals.applied),
      };
      return [TRADE_BILL_COLUMNS.join(','), ...rows, TRADE_BILL_SUMMARY_COLUMNS.join(','), line(TRADE_BILL_SUMMARY_COLUMNS.map((c) => summary[c])), ''].join(
        '\r\n',
      );
    };
    return { ok: rendered(render(false), render(true)) };
  }

  /** The Global statement of `date`, or NO_STATEMENT_EXIST for a day without trades. */
  statement(date: string, orders: SandboxOrder[], refunds: SandboxRefund[]): Outcome<RenderedBill> {
    const items = this.items(date, orders, refunds, 'ALL');
    if (!items.length) return fail(400, 'NO_STATEMENT_EXIST', '账单不存在');
    const amount = (minor: number) => (this.opts.amountUnit === 'minor' ? String(minor) : centsToDecimal(minor));
    const rate = String(scaledRate(this.setup.payerRate));
    const render = (withFaults: boolean): string => {
      const rows = items.map((i) => {
        const value = withFaults && i.corrupt ? i.amount + 1 : i.amount;
        const pay = i.kind === 'payment';
        const g = i.order.global!;
        const institutional = this.setup.mode === 'institutional';
        const currency = g.amount.currency;
        const payer = convertMinor(value, this.setup.payerRate);
        const v: Record<(typeof STATEMENT_COLUMNS)[number], string> = {
          交易时间: billTime(i.at),
          公众账号ID: (institutional ? g.sp_appid : g.appid) ?? '',
          商户号: (institutional ? g.sp_mchid : g.mchid) ?? '',
          子商户号: g.sub_mchid ?? '',
          ...tradeColumns(i),
          充值券币种: '',
          充值券金额: amount(0),
          优惠券币种: '',
          优惠券金额: amount(0),
          微信退款单号: i.refundId ?? '',
          商户退款单号: i.refundNo ?? '',
          退款类型: pay ? '' : 'ORIGINAL',
          退款状态: i.refundStatus ?? '',
          商品名称: g.description,
          商户数据包: g.attach ?? '',
          手续费: amount(pay ? this.fee(value) : -this.fee(value)),
          费率: this.feeRateLabel(),
          标价币种: currency,
          '订单金额(标价币种)': amount(pay ? value : 0),
          用户支付币种: pay ? 'CNY' : '',
          用户支付金额: amount(pay ? payer : 0),
          结算币种: pay ? currency : '',
          应结订单金额: amount(pay ? value : 0),
          支付汇率: pay ? rate : '',
          退款汇率: pay ? '' : rate,
          申请退款金额: amount(pay ? 0 : value),
          用户退款币种: pay ? '' : 'CNY',
          用户退款金额: amount(pay ? 0 : payer),
          退款结算币种: pay ? '' : currency,
          退款应结订单金额: amount(pay ? 0 : value),
          充值券退款金额: amount(0),
          优惠券退款金额: amount(0),
        };
        return line(STATEMENT_COLUMNS.map((c) => v[c]));
      });
      return [STATEMENT_COLUMNS.join(','), ...rows, ''].join('\r\n');
    };
    return { ok: rendered(render(false), render(true)) };
  }
}

function rendered(produced: string, served: string): RenderedBill {
  return { served: Buffer.from(served, 'utf8'), sha1: sha1Hex(Buffer.from(produced, 'utf8')) };
}

/** Download tokens of applied bills: the file as produced then, valid for a while (real time). */
export class DownloadTokens {
  private readonly files = new Map<string, { bytes: Buffer; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  issue(bytes: Buffer): string {
    const now = Date.now();
    for (const [t, f] of this.files) if (f.expiresAt <= now) this.files.delete(t);
    const token = randomBytes(24).toString('base64url');
    this.files.set(token, { bytes, expiresAt: now + this.ttlMs });
    return token;
  }

  take(token: string): Buffer | undefined {
    const f = this.files.get(token);
    return f && f.expiresAt > Date.now() ? f.bytes : undefined;
  }
}

/** `n` digits derived from `seed`: the same every time. */
function stableDigits(seed: string, n: number): string {
  let out = '';
  for (let i = 0; out.length < n; i++)
    out += BigInt(`0x${createHash('sha256').update(`${seed}:${i}`).digest('hex')}`)
      .toString()
      .slice(1, 40);
  return out.slice(0, n);
}
