// Server-side texts in both languages, worded as the spec (sections 5 and 8) words them.
export const messages = {
  success: { en: 'success', zh: '成功' },
  errorOccurred: { en: 'An error occurred', zh: '发生错误' },
  emailRequired: { en: 'Please enter email', zh: '请输入邮箱' },
  emailInvalid: { en: 'Please input the correct email address', zh: '请输入正确的邮箱地址' },
  passwordRequired: { en: 'Password must be filled', zh: '密码必须填写' },
  captchaRequired: { en: 'Verification code must be filled', zh: '验证码必须填写' },
  captchaTooLong: { en: 'Verification code must be filled', zh: '验证码必须填写' },
  codeRequired: { en: 'Verification code must be filled', zh: '验证码必须填写' },
  codeTooLong: { en: 'Length cannot exceed 10', zh: '长度不能超过10' },
  lastNameRequired: { en: 'Please enter last name', zh: '请输入姓' },
  firstNameRequired: { en: 'Please enter first name', zh: '请输入名' },
  nameTooLong: { en: 'Length cannot exceed 20', zh: '长度不能超过20' },
  companyRequired: { en: 'Please enter a company', zh: '请输入公司' },
  companyTooLong: { en: 'Length cannot exceed 120', zh: '长度不能超过120' },
  passwordRule: { en: '8-16 digits and letters', zh: '8-16位数字和字母' },
  passwordMismatch: { en: 'The passwords entered twice do not match!', zh: '两次输入的密码不一致！' },
  agreementRequired: { en: 'Please read and accept the agreement', zh: '请阅读并接受协议' },
  accountRequired: { en: 'Please enter account', zh: '请输入账号' },
  accountOrPasswordError: { en: 'Account or Password Error!', zh: '账号或密码错误！' },
  accountDisabled: { en: 'Login failed: Account is disabled...', zh: '登录失败：账号已被禁用…' },
  emailNotRegistered: { en: 'The email is not registered!', zh: '该邮箱未注册！' },
  captchaError: { en: 'Verification code error', zh: '验证码错误' },
  captchaExpired: { en: 'Verification code expired, please refresh', zh: '验证码已过期，请刷新' },
  captchaNotVerified: { en: 'Please verify the verification code first', zh: '请先校验验证码' },
  codeSent: { en: 'Sending verification code succeeded!', zh: '验证码发送成功！' },
  // The legacy client recognises this Chinese text and shows 'This mailbox is already registered'.
  userExists: { en: '该邮箱已注册', zh: '该邮箱已注册' },
  codeCooldown: { en: 'Please wait before requesting another code', zh: '请稍后再获取验证码' },
  codeHourlyCap: { en: 'Too many codes requested, please try again later', zh: '获取验证码次数过多，请稍后再试' },
  codeError: { en: 'code error', zh: '验证码错误' },
  codeLocked: { en: 'Too many wrong codes, please request a new one', zh: '验证码错误次数过多，请重新获取' },
  codeNotConfirmed: { en: 'Please confirm the verification code first', zh: '请先确认验证码' },
  userNotExist: { en: 'user does not exist', zh: '用户不存在' },
  passwordResetDone: { en: 'Password reset succeeded', zh: '密码重置成功' },
  registered: { en: 'Registration succeeded', zh: '注册成功' },
  loggedOut: { en: 'Logged out', zh: '已退出登录' },
  notLoggedIn: { en: 'Please log in first', zh: '请先登录' },
  noPermission: { en: 'No Permission', zh: '没有权限' },
  notBoundMailbox: { en: 'You have not bound the mailbox, and cannot enter 8D', zh: '您尚未绑定邮箱，无法进入8D' },
  tooManyRequests: { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试' },
  badRequest: { en: 'Invalid request', zh: '请求无效' },
  notFound: { en: 'Not Found', zh: '未找到' },
} as const;

export type MessageKey = keyof typeof messages;
export type Locale = 'zh' | 'en';

export function text(key: MessageKey, locale: Locale): string {
  return messages[key][locale];
}
