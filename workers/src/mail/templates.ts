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
