import type { Seller } from '@shop/config';
import type { BankAccount, BankCharges } from '@shop/payments';

export type Lang = 'zh' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Who writes and where the links go: configuration (BRAND_*, PUBLIC_URL, BASE_PATH, SERVICE_EMAIL). */
export interface MailBrand {
  name: { en: string; zh: string };
  /** #rrggbb */
  color: string;
  /** The shop's address with its base path and a trailing slash, e.g. https://shop.example/shop/. */
  shopUrl: string;
  serviceEmail: string;
  /** Who sells (SELLER_*): in the footer of every mail. */
  seller: Seller;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;

const FOOTER = {
  en: {
    service: 'Customer service',
    terms: 'Terms of sale',
    privacy: 'Privacy',
    why: 'You receive this mail because of an action in your account.',
    seller: 'Seller',
    registration: 'Registration',
  },
  zh: {
    service: '客服',
    terms: '销售条款',
    privacy: '隐私政策',
    why: '您收到此邮件是因为您的账户中进行了相关操作。',
    seller: '销售方',
    registration: '登记号',
  },
} as const;

/** The seller's identity as the footer's lines: legal name, address, registration. */
function sellerLines(seller: Seller, lang: Lang): string[] {
  const f = FOOTER[lang];
  const colon = lang === 'zh' ? '：' : ': ';
  return [`${f.seller}${colon}${seller.name[lang]}`, seller.address[lang], `${f.registration}${colon}${seller.registration}`];
}

export type Block =
  { kind: 'p'; text: string } | { kind: 'code'; text: string } | { kind: 'facts'; rows: [string, string][] } | { kind: 'button'; text: string; href: string };

/**
 * One layout for every mail: the brand's name on a band of its colour, the content, then customer
 * service and the legal links. Tables and inline styles only, as mail clients need; the plain-text
 * part carries the same content, links spelled out.
 */
export function layout(brand: MailBrand, lang: Lang, subject: string, blocks: Block[]): RenderedMail {
  const name = brand.name[lang];
  const color = SAFE_COLOR.test(brand.color) ? brand.color : '#1d4ed8';
  const f = FOOTER[lang];
  const terms = `${brand.shopUrl}legal/terms`;
  const privacy = `${brand.shopUrl}legal/privacy`;

  const html = blocks
    .map((b) => {
      switch (b.kind) {
        case 'p':
          return `<p style="margin:0 0 16px;line-height:1.6">${escape(b.text)}</p>`;
        case 'code':
          return `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:Menlo,Consolas,monospace">${escape(b.text)}</p>`;
        case 'facts':
          return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;width:100%">${b.rows
            .map(
              ([k, v]) =>
                `<tr><td style="padding:6px 12px 6px 0;color:#4b5563;white-space:nowrap;vertical-align:top">${escape(k)}</td><td style="padding:6px 0;font-weight:600">${escape(v)}</td></tr>`,
            )
            .join('')}</table>`;
        case 'button':
          return `<p style="margin:8px 0 20px"><a href="${escape(b.href)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:10px 20px;border-radius:6px;font-weight:600">${escape(b.text)}</a></p>`;
      }
    })
    .join('');
  const htmlLang = lang === 'zh' ? 'zh-CN' : 'en';
  const page =
    `<!doctype html><html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Arial,'PingFang SC','Microsoft YaHei',sans-serif;color:#111827">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">` +
    `<tr><td style="background:${color};color:#ffffff;padding:18px 24px;font-size:18px;font-weight:bold">${escape(name)}</td></tr>` +
    `<tr><td style="padding:24px">${html}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280;line-height:1.6">` +
    `${escape(f.service)}${lang === 'zh' ? '：' : ': '}<a href="mailto:${escape(brand.serviceEmail)}" style="color:#374151">${escape(brand.serviceEmail)}</a><br>` +
    `<a href="${escape(terms)}" style="color:#374151">${escape(f.terms)}</a> · <a href="${escape(privacy)}" style="color:#374151">${escape(f.privacy)}</a><br>` +
    `<span data-seller>${sellerLines(brand.seller, lang).map(escape).join('<br>')}</span><br>${escape(f.why)}` +
    `</td></tr></table></td></tr></table></body></html>`;

  const colon = lang === 'zh' ? '：' : ': ';
  const text = [
    name,
    '',
    ...blocks.flatMap((b) => {
      switch (b.kind) {
        case 'p':
        case 'code':
          return [b.text, ''];
        case 'facts':
          return [...b.rows.map(([k, v]) => `${k}${colon}${v}`), ''];
        case 'button':
          return [`${b.text}${colon}${b.href}`, ''];
      }
    }),
    '--',
    `${f.service}${colon}${brand.serviceEmail}`,
    `${f.terms}${colon}${terms}`,
    `${f.privacy}${colon}${privacy}`,
    ...sellerLines(brand.seller, lang),
    f.why,
  ].join('\n');
  return { subject, text: `${text}\n`, html: page };
}

/** The button that ends an order's mail: to My Orders, where the order and its state are shown. */
export function myOrdersButton(brand: MailBrand, lang: Lang, text = lang === 'zh' ? '查看我的订单' : 'See My Orders'): Block {
  return { kind: 'button', text, href: `${brand.shopUrl}orders` };
}

/** The book's title in the language of its order (the buyer's language at checkout). */
export function titleIn(language: string, book: { title_zh: string; title_en: string }): string {
  return language === 'zh' ? book.title_zh : book.title_en;
}

export function verificationCodeMail(code: string, purpose: 'register' | 'reset' | 'bind_email', lang: Lang, brand: MailBrand): RenderedMail {
  const t =
    lang === 'zh'
      ? {
          subject: { register: '您的注册验证码', reset: '您的密码重置验证码', bind_email: '请确认您的邮箱地址' }[purpose],
          intro: { register: '请使用以下验证码完成注册：', reset: '请使用以下验证码重置密码：', bind_email: '请使用以下验证码将此邮箱绑定到您的账号：' }[
            purpose
          ],
          validity: '验证码10分钟内有效，仅可使用一次。如非本人操作，请忽略本邮件。',
        }
      : {
          subject: { register: 'Your registration code', reset: 'Your password reset code', bind_email: 'Confirm your email address' }[purpose],
          intro: {
            register: 'Use this code to complete your registration:',
            reset: 'Use this code to reset your password:',
            bind_email: 'Use this code to bind this email to your account:',
          }[purpose],
          validity: 'The code is valid for 10 minutes and can be used once. If you did not ask for it, ignore this mail.',
        };
  return layout(brand, lang, t.subject, [
    { kind: 'p', text: t.intro },
    { kind: 'code', text: code },
    { kind: 'p', text: t.validity },
  ]);
}

export interface ReceiptData {
  orderNo: string;
  title: string;
  amount: string;
  currency: string;
  format: 'ebook' | 'paper';
}

export function receiptMail(d: ReceiptData, lang: Lang, brand: MailBrand): RenderedMail {
  const ebook = d.format === 'ebook';
  const t =
    lang === 'zh'
      ? {
          subject: `订单 ${d.orderNo} 支付成功`,
          thanks: `感谢您的购买。订单 ${d.orderNo} 已支付。`,
          facts: [
            ['订单号', d.orderNo],
            ['书籍', `${d.title}（${ebook ? '电子书' : '纸质书'}）`],
            ['金额', `${d.amount} ${d.currency}（另加适用增值税）`],
          ] as [string, string][],
          next: ebook ? '请在“我的订单”中下载电子书。PDF 密码为您的登录邮箱。' : '纸质书将由客服安排寄送。',
          button: ebook ? '下载电子书' : '查看我的订单',
        }
      : {
          subject: `Order ${d.orderNo} paid`,
          thanks: `Thank you for your purchase. Order ${d.orderNo} is paid.`,
          facts: [
            ['Order number', d.orderNo],
            ['Book', `${d.title} (${ebook ? 'e-book' : 'paper book'})`],
            ['Amount', `${d.amount} ${d.currency} plus applicable VAT`],
          ] as [string, string][],
          next: ebook
            ? 'Download the e-book under My Orders. The PDF password is your login email.'
            : 'Customer service will arrange the shipping of your paper book.',
          button: ebook ? 'Download the e-book' : 'See My Orders',
        };
  return layout(brand, lang, t.subject, [
    { kind: 'p', text: t.thanks },
    { kind: 'facts', rows: t.facts },
    { kind: 'p', text: t.next },
    myOrdersButton(brand, lang, t.button),
  ]);
}

/** The order, and the account it is paid into (as the notice shows it). */
export interface BankTransferMailData extends BankAccount {
  orderNo: string;
  title: string;
  amount: string;
  currency: string;
  /** The day to pay by, as the buyer reads it (YYYY-MM-DD). */
  expiresOn: string;
}

/** The charges instruction: OUR recommended, or what SHA means; either way the full amount must arrive. */
function chargesText(charges: BankCharges, amount: string, lang: Lang): string {
  if (lang === 'zh')
    return charges === 'OUR'
      ? `OUR：请在汇款时选择 OUR（全部银行手续费由您承担）。须全额 ${amount} 到账；若选择 SHA 或 BEN，中转银行会从汇款中扣除手续费，到账金额将不足。`
      : `SHA：手续费共同承担（您支付汇出行费用，我方支付收款行费用）。中转银行可能扣除手续费，但须全额 ${amount} 到账。`;
  return charges === 'OUR'
    ? `OUR: please choose OUR at your bank (you pay all bank charges). The full ${amount} must arrive; with SHA or BEN the banks on the way deduct their fees and less arrives.`
    : `SHA: charges shared (you pay your bank, we pay ours). Intermediary banks may deduct their fees; the full ${amount} must still arrive.`;
}

/**
 * At checkout with bank transfer: everything a wire from a Chinese bank asks for (beneficiary and
 * bank with their addresses, IBAN, BIC, who pays the charges), the reference to quote and the day
 * to pay by.
 */
export function bankTransferMail(d: BankTransferMailData, lang: Lang, brand: MailBrand): RenderedMail {
  const amount = `${d.amount} ${d.currency}`;
  const optional = (label: string, value: string | null): Array<[string, string]> => (value ? [[label, value]] : []);
  const rows: Array<[string, string]> =
    lang === 'zh'
      ? [
          ['收款人', d.payee],
          ...optional('收款人地址', d.payeeAddress),
          ['银行', d.bank],
          ...optional('银行地址', d.bankAddress),
          ['IBAN', d.iban],
          ['BIC/SWIFT', d.bic],
          ['金额', amount],
          ['付款附言（请务必填写）', d.orderNo],
          ['最晚付款日期', d.expiresOn],
          ['银行手续费', chargesText(d.charges, amount, lang)],
        ]
      : [
          ['Payee (beneficiary)', d.payee],
          ...optional("Beneficiary's address", d.payeeAddress),
          ['Bank', d.bank],
          ...optional("Bank's address", d.bankAddress),
          ['IBAN', d.iban],
          ['BIC/SWIFT', d.bic],
          ['Amount', amount],
          ['Reference to quote', d.orderNo],
          ['Pay by', d.expiresOn],
          ['Bank charges', chargesText(d.charges, amount, lang)],
        ];
  const t =
    lang === 'zh'
      ? {
          subject: `订单 ${d.orderNo}：银行转账信息`,
          intro: `感谢您的订购。订单 ${d.orderNo}（${d.title}）已提交，请通过银行转账支付：`,
          after: `请在 ${d.expiresOn} 前完成转账，并在附言中填写订单号，以便我们核对款项；逾期未到账，订单将失效。款项到账后订单即完成，状态可在“我的订单”中查看。`,
        }
      : {
          subject: `Order ${d.orderNo}: bank transfer details`,
          intro: `Thank you for your order. Order ${d.orderNo} (${d.title}) is submitted; please pay it by bank transfer:`,
          after: `Please transfer the amount by ${d.expiresOn} and quote the reference, so that we can match your payment; the order expires if the money has not arrived by then. The order is completed once the money has arrived; its status is shown in My Orders.`,
        };
  return layout(brand, lang, t.subject, [{ kind: 'p', text: t.intro }, { kind: 'facts', rows }, { kind: 'p', text: t.after }, myOrdersButton(brand, lang)]);
}
