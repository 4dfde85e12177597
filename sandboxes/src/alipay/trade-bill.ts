// alipay.data.dataservice.bill.downloadurl.query and the file behind its URL: the trade bill of a
// Beijing day, made from the trades the sandbox really holds (payments by their payment time,
// refunds by theirs), published from 09:00 on the next day, fetched through a link that works for
// 30 s. The file is what Alipay hands out: a ZIP of two GBK CSV files, the detail and its summary.
import { randomBytes } from 'node:crypto';
import { billPublishedAt } from '@shop/payments/bill-support';
import { BEIJING } from '@shop/payments/bills';
import { dayInZone, isIsoDate } from '@shop/payments/zoned-time';
import { alipayTimestamp } from '@shop/payments/alipay/time';
import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import type { BillFaultBook } from './bill-faults.js';
import { encodeGbk } from './gbk.js';
import { businessFailure } from './gateway-request.js';
import type { ResolvedSandboxOptions } from './options.js';
import type { TradeBook } from './trades.js';
import { zipArchive } from './zip-writer.js';

export const BILL_METHOD = 'alipay.data.dataservice.bill.downloadurl.query';
/** How long a bill_download_url works, per the API's documentation. */
export const BILL_LINK_TTL_MS = 30_000;

type Body = Record<string, unknown>;

interface BillLine {
  kind: 'payment' | 'refund';
  outTradeNo: string;
  tradeNo: string;
  subject: string;
  createdAt: Date;
  at: Date;
  /** Positive; the rows write refunds negative. */
  cents: number;
  refundNo?: string;
  buyer: string;
  feeCents: number;
}

interface Link {
  date: string;
  expiresAt: number;
  fileName: string;
  file: Buffer;
}

const DETAIL_HEADER = [
  '支付宝交易号',
  '商户订单号',
  '业务类型',
  '商品名称',
  '创建时间',
  '完成时间',
  '门店编号',
  '门店名称',
  '操作员',
  '终端号',
  '对方账户',
  '订单金额（元）',
  '商家实收（元）',
  '支付宝红包（元）',
  '集分宝（元）',
  '支付宝优惠（元）',
  '商家优惠（元）',
  '券核销金额（元）',
  '券名称',
  '商家红包消费金额（元）',
  '卡消费金额（元）',
  '退款批次号/请求号',
  '服务费（元）',
  '分润（元）',
  '备注',
];
const SUMMARY_HEADER = [
  '门店编号',
  '门店名称',
  '交易订单总笔数',
  '退款订单总笔数',
  '已核销券笔数',
  '订单金额（元）',
  '商家实收（元）',
  '支付宝优惠（元）',
  '商家优惠（元）',
  '卡消费金额（元）',
  '服务费（元）',
  '分润（元）',
  '实收净额（元）',
];

/** A CSV field: quoted only when it must be. */
const csv = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const money = (cents: number) => (cents < 0 ? `-${centsToDecimal(-cents)}` : centsToDecimal(cents));
/** 2026年03月10日 00:00:00 */
const chineseTime = (d: Date) => {
  const t = alipayTimestamp(d);
  return `${t.slice(0, 4)}年${t.slice(5, 7)}月${t.slice(8, 10)}日 ${t.slice(11)}`;
};

export class TradeBillDesk {
  private readonly links = new Map<string, Link>();

  constructor(
    private readonly o: ResolvedSandboxOptions,
    private readonly book: TradeBook,
    readonly faults: BillFaultBook,
  ) {}

  /** The 20-digit account the files are named after (the PID and Alipay's 0156 suffix). */
  private get account(): string {
    return `${this.o.sellerId}0156`;
  }

  /** The method's answer body: the download URL, or Alipay's refusal. */
  downloadUrl(biz: Body): Body {
    const billType = typeof biz.bill_type === 'string' ? biz.bill_type : '';
    const date = typeof biz.bill_date === 'string' ? biz.bill_date : '';
    const invalid = (msg: string) => ({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-arguments', sub_msg: msg });
    if (!billType) return { code: '40001', msg: 'Missing Required Arguments', sub_code: 'isv.missing-bill-type', sub_msg: '缺少参数 bill_type' };
    if (!date) return { code: '40001', msg: 'Missing Required Arguments', sub_code: 'isv.missing-bill-date', sub_msg: '缺少参数 bill_date' };
    // The sandbox holds trades, not the account's money movements, and daily bills only.
    if (billType !== 'trade') return invalid(`sandbox publishes bill_type trade only, not ${billType}`);
    if (!isIsoDate(date)) return invalid(`bill_date ${date} 格式错误，日账单格式为 yyyy-MM-dd`);
    const now = this.o.now();
    if (date >= dayInZone(now.getTime(), BEIJING)) return invalid('不支持下载当日及以后的账单');
    if (now < billPublishedAt(date, BEIJING, '09:00')) return { ...businessFailure('isp.bill_not_exist', '账单不存在') };
    const fileId = randomBytes(16).toString('hex');
    const day = date.replaceAll('-', '');
    const fileName = `${this.account}_${day}.csv.zip`;
    this.links.set(fileId, { date, expiresAt: now.getTime() + BILL_LINK_TTL_MS, fileName, file: this.file(date) });
    const url = new URL(`${this.o.publicBaseUrl}/downloadBillFile.resource`);
    url.search = new URLSearchParams({
      bizType: 'trade',
      userId: this.account,
      fileType: 'csv.zip',
      bizDates: day,
      downloadFileName: fileName,
      fileId,
    }).toString();
    return { code: '10000', msg: 'Success', bill_download_url: url.toString() };
  }

  /** The file behind a link while it is valid (sandbox clock). */
  download(fileId: string): { fileName: string; file: Buffer } | undefined {
    const link = this.links.get(fileId);
    if (!link) return undefined;
    if (this.o.now().getTime() > link.expiresAt) {
      this.links.delete(fileId);
      return undefined;
    }
    return link;
  }

  clear(): void {
    this.links.clear();
  }

  /** The day's lines: payments and refunds that happened on it (Beijing), faults applied. */
  private lines(date: string): BillLine[] {
    const on = (d: Date | undefined) => !!d && dayInZone(d.getTime(), BEIJING) === date;
    const fee = (cents: number) => Math.floor((cents * this.o.billFeeRate.num) / this.o.billFeeRate.den + 0.5);
    const out: BillLine[] = [];
    for (const t of this.book.all()) {
      const f = this.faults.of(t.outTradeNo);
      if (f.omit) continue;
      const base = { outTradeNo: t.outTradeNo, tradeNo: t.tradeNo, subject: t.subject, createdAt: t.gmtCreate, buyer: t.buyerLogonId ?? '' };
      const paid = (t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED') && on(t.gmtPayment);
      if (paid) {
        const cents = (decimalToCents(t.totalAmount) ?? 0) + (f.amountDeltaMinor ?? 0);
        out.push({ ...base, kind: 'payment', at: t.gmtPayment!, cents, feeCents: fee(cents) });
      }
      for (const [refundNo, r] of t.refunds ?? []) {
        if (on(r.at)) out.push({ ...base, kind: 'refund', at: r.at, cents: r.cents, refundNo, feeCents: 0 });
      }
    }
    for (const [outTradeNo, r] of this.faults.withUnknownRefunds()) {
      if (!on(r.at)) continue;
      const t = this.book.find(outTradeNo);
      out.push({
        kind: 'refund',
        outTradeNo,
        tradeNo: t?.tradeNo ?? `${alipayTimestamp(r.at).slice(0, 10).replaceAll('-', '')}22001${'0'.repeat(15)}`,
        subject: t?.subject ?? '',
        createdAt: t?.gmtCreate ?? r.at,
        at: r.at,
        cents: r.amountMinor,
        refundNo: r.refundNo,
        buyer: t?.buyerLogonId ?? '',
        feeCents: 0,
      });
    }
    return out.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** The ZIP as Alipay publishes it, with the bill faults applied. */
  private file(date: string): Buffer {
    const lines = this.lines(date);
    const day = date.replaceAll('-', '');
    const from = billPublishedAt(date, BEIJING, '00:00');
    const start = new Date(from.getTime() - 86_400_000);
    const now = this.o.now();
    const head = (title: string, list: string) => [
      `#支付宝${title}查询`,
      `#账号：[${this.account}]`,
      `#起始日期：[${chineseTime(start)}]   终止日期：[${chineseTime(from)}]`,
      `#-----------------------------------------${list}列表----------------------------------------`,
    ];
    const pad = (v: string) => `${v}\t`;
    const detailRows = lines.map((l) => {
      const signed = l.kind === 'refund' ? -l.cents : l.cents;
      return [
        pad(l.tradeNo),
        pad(l.outTradeNo),
        pad(l.kind === 'refund' ? '退款' : '交易'),
        l.subject,
        alipayTimestamp(l.createdAt),
        alipayTimestamp(l.at),
        pad(''),
        pad(''),
        pad(''),
        pad(''),
        pad(l.buyer),
        money(signed),
        money(signed),
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '',
        pad('0.00'),
        '0.00',
        pad(l.refundNo ?? ''),
        money(-l.feeCents),
        '0.00',
        '',
      ]
        .map(csv)
        .join(',');
    });
    const payments = lines.filter((l) => l.kind === 'payment');
    const refunds = lines.filter((l) => l.kind === 'refund');
    const gross = payments.reduce((s, l) => s + l.cents, 0);
    const refunded = refunds.reduce((s, l) => s + l.cents, 0);
    const fees = lines.reduce((s, l) => s + l.feeCents, 0);
    const detail = [
      ...head('业务明细', '业务明细'),
      DETAIL_HEADER.join(','),
      ...detailRows,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${payments.length}笔，商家实收共${money(gross)}元，商家优惠共0.00元`,
      `#退款合计：${refunds.length}笔，商家实收共${money(-refunded)}元，商家优惠共0.00元`,
      `#导出时间：[${chineseTime(now)}]`,
    ];
    const corrupt = this.faults.corrupt === 'summary' ? 1 : 0;
    const totals = (label: string) =>
      [
        label,
        '',
        String(payments.length + corrupt),
        String(refunds.length),
        '0',
        money(gross + corrupt),
        money(gross - refunded),
        '0.00',
        '0.00',
        '0.00',
        money(-fees),
        '0.00',
        money(gross - refunded - fees),
      ].join(',');
    const summary = [
      ...head('业务汇总', '业务汇总'),
      SUMMARY_HEADER.join(','),
      totals(''),
      totals('合计'),
      '#----------------------------------------业务汇总列表结束-------------------------------------',
      `#导出时间：[${chineseTime(now)}]`,
    ];
    const name = (suffix: string) => encodeGbk(`${this.account}_${day}_${suffix}.csv`);
    const zip = zipArchive([
      { name: name('业务明细'), data: encodeGbk(`${detail.join('\r\n')}\r\n`), modified: now },
      { name: name('业务明细(汇总)'), data: encodeGbk(`${summary.join('\r\n')}\r\n`), modified: now },
    ]);
    // A download cut short: the archive's directory is gone, so nothing can be unpacked.
    return this.faults.corrupt === 'unreadable' ? zip.subarray(0, Math.floor(zip.length / 2)) : zip;
  }
}
