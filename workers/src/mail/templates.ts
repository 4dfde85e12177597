type Lang = 'zh' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationCodeMail(code: string, purpose: 'register' | 'reset' | 'bind_email', lang: Lang, serviceEmail: string): RenderedMail {
  const en = {
    subject: { register: 'Your registration code', reset: 'Your password reset code', bind_email: 'Confirm your email address' }[purpose],
    intro: { register: 'Use this code to complete your registration:', reset: 'Use this code to reset your password:', bind_email: 'Use this code to bind this email to your account:' }[purpose],
    validity: 'The code is valid for 10 minutes and can be used once. If you did not ask for it, ignore this mail.',
    contact: `Questions: ${serviceEmail}`,
  };
  const zh = {
    subject: { register: '您的注册验证码', reset: '您的密码重置验证码', bind_email: '请确认您的邮箱地址' }[purpose],
    intro: { register: '请使用以下验证码完成注册：', reset: '请使用以下验证码重置密码：', bind_email: '请使用以下验证码将此邮箱绑定到您的账号：' }[purpose],
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
