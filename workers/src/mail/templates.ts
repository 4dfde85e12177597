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
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;

const FOOTER = {
  en: { service: 'Customer service', terms: 'Terms of sale', privacy: 'Privacy', why: 'You receive this mail because of an action in your account.' },
  zh: { service: '客服', terms: '销售条款', privacy: '隐私政策', why: '您收到此邮件是因为您的账户中进行了相关操作。' },
} as const;

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
    `${escape(f.service)}: <a href="mailto:${escape(brand.serviceEmail)}" style="color:#374151">${escape(brand.serviceEmail)}</a><br>` +
    `<a href="${escape(terms)}" style="color:#374151">${escape(f.terms)}</a> · <a href="${escape(privacy)}" style="color:#374151">${escape(f.privacy)}</a><br>${escape(f.why)}` +
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
    f.why,
  ].join('\n');
  return { subject, text: `${text}\n`, html: page };
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
  const ordersUrl = `${brand.shopUrl}orders`;
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
    { kind: 'button', text: t.button, href: ordersUrl },
  ]);
}

export interface BankTransferMailData {
  orderNo: string;
  title: string;
  amount: string;
  currency: string;
  payee: string;
  bank: string;
  iban: string;
  bic: string;
  expiresOn: string;
}

/** At checkout with bank transfer: everything the buyer's bank asks for, and the reference to quote. */
export function bankTransferMail(d: BankTransferMailData, lang: Lang, brand: MailBrand): RenderedMail {
  const rows: Array<[string, string]> =
    lang === 'zh'
      ? [
          ['收款人', d.payee],
          ['银行', d.bank],
          ['IBAN', d.iban],
          ['BIC/SWIFT', d.bic],
          ['金额', `${d.amount} ${d.currency}`],
          ['付款附言（请务必填写）', d.orderNo],
        ]
      : [
          ['Payee', d.payee],
          ['Bank', d.bank],
          ['IBAN', d.iban],
          ['BIC/SWIFT', d.bic],
          ['Amount', `${d.amount} ${d.currency}`],
          ['Reference to quote', d.orderNo],
        ];
  const t =
    lang === 'zh'
      ? {
          subject: `订单 ${d.orderNo}：银行转账信息`,
          intro: `感谢您的订购。订单 ${d.orderNo}（${d.title}）已提交，请通过银行转账支付：`,
          after: `请在 ${d.expiresOn} 前完成转账，并在附言中填写订单号，以便我们核对款项。款项到账后订单即完成，状态可在"我的订单"中查看。`,
          button: '查看我的订单',
        }
      : {
          subject: `Order ${d.orderNo}: bank transfer details`,
          intro: `Thank you for your order. Order ${d.orderNo} (${d.title}) is submitted; please pay it by bank transfer:`,
          after: `Please transfer the amount by ${d.expiresOn} and quote the reference, so that we can match your payment. The order is completed once the money has arrived; its status is shown in My Orders.`,
          button: 'See My Orders',
        };
  return layout(brand, lang, t.subject, [
    { kind: 'p', text: t.intro },
    { kind: 'facts', rows },
    { kind: 'p', text: t.after },
    { kind: 'button', text: t.button, href: `${brand.shopUrl}orders` },
  ]);
}
