type Lang = 'zh' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationCodeMail(code: string, purpose: 'register' | 'reset', lang: Lang, serviceEmail: string): RenderedMail {
  const en = {
    subject: purpose === 'register' ? 'Your registration code' : 'Your password reset code',
    intro: purpose === 'register' ? 'Use this code to complete your registration:' : 'Use this code to reset your password:',
    validity: 'The code is valid for 10 minutes and can be used once. If you did not ask for it, ignore this mail.',
    contact: `Questions: ${serviceEmail}`,
  };
  const zh = {
    subject: purpose === 'register' ? '您的注册验证码' : '您的密码重置验证码',
    intro: purpose === 'register' ? '请使用以下验证码完成注册：' : '请使用以下验证码重置密码：',
    validity: '验证码10分钟内有效，仅可使用一次。如非本人操作，请忽略本邮件。',
    contact: `如有疑问请联系：${serviceEmail}`,
  };
  const t = lang === 'zh' ? zh : en;
  return {
    subject: t.subject,
    text: `${t.intro}\n\n${code}\n\n${t.validity}\n${t.contact}\n`,
    html: `<p>${escape(t.intro)}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escape(code)}</p><p>${escape(t.validity)}</p><p>${escape(t.contact)}</p>`,
  };
}

export interface ReceiptData {
  orderNo: string;
  title: string;
  amount: string;
  currency: string;
  format: 'ebook' | 'paper';
  ordersUrl: string;
  serviceEmail: string;
}

export function receiptMail(d: ReceiptData, lang: Lang): RenderedMail {
  const t =
    lang === 'zh'
      ? {
          subject: `订单 ${d.orderNo} 支付成功`,
          lines: [`感谢您的购买。订单 ${d.orderNo} 已支付：`, `${d.title}（${d.format === 'ebook' ? '电子书' : '纸质书'}），${d.amount} ${d.currency}（另加适用增值税）。`, d.format === 'ebook' ? `请在"我的订单"中下载电子书：${d.ordersUrl}。PDF 密码为您的登录邮箱。` : '纸质书将由客服安排寄送。', `如有疑问请联系：${d.serviceEmail}`],
        }
      : {
          subject: `Order ${d.orderNo} paid`,
          lines: [`Thank you for your purchase. Order ${d.orderNo} is paid:`, `${d.title} (${d.format === 'ebook' ? 'e-book' : 'paper book'}), ${d.amount} ${d.currency} plus applicable VAT.`, d.format === 'ebook' ? `Download the e-book under My Orders: ${d.ordersUrl}. The PDF password is your login email.` : 'Customer service will arrange the shipping of your paper book.', `Questions: ${d.serviceEmail}`],
        };
  return { subject: t.subject, text: `${t.lines.join('\n\n')}\n`, html: t.lines.map((l) => `<p>${escape(l)}</p>`).join('') };
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
  serviceEmail: string;
}

/** At checkout with bank transfer: everything the buyer's bank asks for, and the reference to quote. */
export function bankTransferMail(d: BankTransferMailData, lang: Lang): RenderedMail {
  const rows: Array<[string, string]> =
    lang === 'zh'
      ? [['收款人', d.payee], ['银行', d.bank], ['IBAN', d.iban], ['BIC/SWIFT', d.bic], ['金额', `${d.amount} ${d.currency}`], ['付款附言（请务必填写）', d.orderNo]]
      : [['Payee', d.payee], ['Bank', d.bank], ['IBAN', d.iban], ['BIC/SWIFT', d.bic], ['Amount', `${d.amount} ${d.currency}`], ['Reference to quote', d.orderNo]];
  const t =
    lang === 'zh'
      ? {
          subject: `订单 ${d.orderNo}：银行转账信息`,
          intro: `感谢您的订购。订单 ${d.orderNo}（${d.title}）已提交，请通过银行转账支付：`,
          after: `请在 ${d.expiresOn} 前完成转账，并在附言中填写订单号，以便我们核对款项。款项到账后订单即完成，状态可在"我的订单"中查看。`,
          contact: `如有疑问请联系：${d.serviceEmail}`,
        }
      : {
          subject: `Order ${d.orderNo}: bank transfer details`,
          intro: `Thank you for your order. Order ${d.orderNo} (${d.title}) is submitted; please pay it by bank transfer:`,
          after: `Please transfer the amount by ${d.expiresOn} and quote the reference, so that we can match your payment. The order is completed once the money has arrived; its status is shown in My Orders.`,
          contact: `Questions: ${d.serviceEmail}`,
        };
  const text = `${t.intro}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${t.after}\n\n${t.contact}\n`;
  const html =
    `<p>${escape(t.intro)}</p><table>${rows.map(([k, v]) => `<tr><th align="left">${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table>` +
    `<p>${escape(t.after)}</p><p>${escape(t.contact)}</p>`;
  return { subject: t.subject, text, html };
}
