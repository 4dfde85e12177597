import { UnrecoverableError } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { centsToDecimal, type ProviderName } from '@shop/payments';
import type { WorkerDeps } from '../deps.js';
import { sendShopMail } from './send.js';
import { layout, myOrdersButton, titleIn, type Lang, type MailBrand, type RenderedMail } from './templates.js';

// Every refund that went through is told to the buyer in their language: which order, how much
// and by which way, when it should arrive, and what it means for the e-book. A refund of the order
// itself ends the download; a refunded duplicate payment leaves the order as it was.

export interface RefundMailData {
  orderNo: string;
  title: string;
  format: 'ebook' | 'paper';
  kind: 'order' | 'duplicate_payment';
  amount: string;
  currency: string;
  provider: ProviderName;
  /** Cross-border payments: the currency the buyer paid in, credited back at the provider's rate. */
  payerCurrency: string | null;
}

const PROVIDER = {
  en: { wechat: 'WeChat Pay', alipay: 'Alipay', paypal: 'PayPal', bank_transfer: 'bank transfer' },
  zh: { wechat: '微信支付', alipay: '支付宝', paypal: 'PayPal', bank_transfer: '银行转账' },
} as const;

/** How long the money usually takes to be back where it came from (the providers' published ranges). */
const ARRIVAL = {
  en: {
    wechat: 'usually within minutes to your WeChat balance, or within 1–5 business days to a bank card',
    alipay: 'usually within minutes to your Alipay balance, or within 1–5 business days to a bank card',
    paypal: 'usually within minutes to your PayPal balance, or within 5–10 business days to a card',
    bank_transfer: 'within 1–3 business days to the account you paid from',
  },
  zh: {
    wechat: '通常几分钟内退回微信零钱，退回银行卡需 1–5 个工作日',
    alipay: '通常几分钟内退回支付宝余额，退回银行卡需 1–5 个工作日',
    paypal: '通常几分钟内退回 PayPal 余额，退回银行卡需 5–10 个工作日',
    bank_transfer: '1–3 个工作日内退回您的付款账户',
  },
} as const;

export function refundMailText(d: RefundMailData, lang: Lang, brand: MailBrand): RenderedMail {
  const order = d.kind === 'order';
  const ebook = d.format === 'ebook';
  const zh = lang === 'zh';
  const facts: [string, string][] = zh
    ? [
        ['订单号', d.orderNo],
        ['书籍', `${d.title}（${ebook ? '电子书' : '纸质书'}）`],
        ['退款金额', `${d.amount} ${d.currency}`],
        ['退款方式', `原路退回（${PROVIDER.zh[d.provider]}）`],
        ['预计到账', ARRIVAL.zh[d.provider]],
      ]
    : [
        ['Order number', d.orderNo],
        ['Book', `${d.title} (${ebook ? 'e-book' : 'paper book'})`],
        ['Refunded amount', `${d.amount} ${d.currency}`],
        ['Refunded to', `the way you paid (${PROVIDER.en[d.provider]})`],
        ['Expected to arrive', ARRIVAL.en[d.provider]],
      ];
  const fx =
    d.payerCurrency && d.payerCurrency !== d.currency
      ? zh
        ? `您当时以 ${d.payerCurrency} 付款，退款将按${PROVIDER.zh[d.provider]}退款当日的汇率以 ${d.payerCurrency} 退回。`
        : `You paid in ${d.payerCurrency}: ${PROVIDER.en[d.provider]} credits the refund in ${d.payerCurrency} at its exchange rate of the refund's day.`
      : null;
  const effect = order
    ? ebook
      ? zh
        ? '该订单的电子书已无法再下载。您可随时重新购买。'
        : 'The e-book of this order can no longer be downloaded. You may buy it again at any time.'
      : zh
        ? '该订单已退款，不再寄送纸质书。'
        : 'The order is refunded; the paper book will not be sent.'
    : zh
      ? '这是对已支付订单的重复付款，已自动退回。您的订单保持已支付状态，电子书仍可下载。'
      : 'This was a second payment for an order that was already paid, refunded automatically. Your order stays paid and nothing else changes.';
  const subject = zh ? `订单 ${d.orderNo} 已退款` : `Order ${d.orderNo}: refund sent`;
  const intro = zh ? `我们已为订单 ${d.orderNo} 退款 ${d.amount} ${d.currency}。` : `We have refunded ${d.amount} ${d.currency} for order ${d.orderNo}.`;
  return layout(brand, lang, subject, [
    { kind: 'p', text: intro },
    { kind: 'facts', rows: facts },
    ...(fx ? [{ kind: 'p' as const, text: fx }] : []),
    { kind: 'p', text: effect },
    myOrdersButton(brand, lang),
  ]);
}

/** The mail of a refund that succeeded; a refund that did not (yet) is not told. */
export async function refundMail(deps: WorkerDeps, transport: Transporter, refundNo: string, brand: MailBrand): Promise<unknown> {
  const row = await deps.db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .innerJoin('payment_intents', 'payment_intents.id', 'refunds.intent_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('books', 'books.id', 'orders.book_id')
    .select([
      'refunds.status',
      'refunds.kind',
      'refunds.amount_minor',
      'refunds.currency',
      'refunds.provider',
      'payment_intents.payer_currency',
      'orders.order_no',
      'orders.format',
      'orders.language',
      'users.email',
      'books.title_en',
      'books.title_zh',
    ])
    .where('refunds.refund_no', '=', refundNo)
    .executeTakeFirst();
  if (!row) throw new UnrecoverableError(`refund ${refundNo} does not exist`);
  if (row.status !== 'succeeded' || !row.email) return { skipped: 'refund not done or no mail address' };
  const mail = refundMailText(
    {
      orderNo: row.order_no,
      title: titleIn(row.language, row),
      format: row.format,
      kind: row.kind,
      amount: centsToDecimal(row.amount_minor),
      currency: row.currency,
      provider: row.provider,
      payerCurrency: row.payer_currency,
    },
    row.language,
    brand,
  );
  return sendShopMail(deps, transport, row.email, mail);
}
