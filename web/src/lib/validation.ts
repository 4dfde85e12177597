import type { Messages } from '../locales/en';

// The client-side rules of spec section 5. Each check answers a key of `validation.*` or null;
// the server applies the same rules and answers the same texts.

export type RuleKey = keyof Messages['validation'];

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,16}$/;
export const MOBILE_PATTERN = /^1\d{10}$/;
const CHINESE_OR_SPACE = /[\s\u3000\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;

/** Chinese characters and spaces are stripped from account and code inputs. */
export function stripAccount(v: string): string {
  return v.replace(CHINESE_OR_SPACE, '');
}

const length = (v: string) => [...v].length;

export function checkEmail(v: string): RuleKey | null {
  if (!v) return 'emailRequired';
  return EMAIL_PATTERN.test(v) ? null : 'emailInvalid';
}

/** The reset account is an email or a mobile number (sent with area +86); the format decides. */
export function accountKind(v: string): 'email' | 'phone' | null {
  if (EMAIL_PATTERN.test(v)) return 'email';
  if (MOBILE_PATTERN.test(v)) return 'phone';
  return null;
}

/** The reset account: an empty one asks for the email, as login and registration do (spec section 5). */
export function checkAccount(v: string): RuleKey | null {
  if (!v) return 'emailRequired';
  if (accountKind(v)) return null;
  // A malformed number is told as one, as the server does: no '@', a leading '+' or digits only.
  return !v.includes('@') && (v.startsWith('+') || /^[\d().-]+$/.test(v)) ? 'phoneInvalid' : 'emailInvalid';
}

/** Area codes offered for phone accounts; the server validates the number for any area. */
export const PHONE_AREAS = ['+86', '+852', '+853', '+886', '+1', '+44', '+49', '+33', '+81', '+82', '+65', '+61'] as const;
export const DEFAULT_PHONE_AREA = '+86';

/** Mainland numbers are 11 digits starting with 1; elsewhere the server's number metadata decides. */
export function checkPhone(area: string, v: string): RuleKey | null {
  if (!v) return 'phoneRequired';
  if (area === '+86') return MOBILE_PATTERN.test(v) ? null : 'phoneInvalid';
  return /^\d{4,15}$/.test(v) ? null : 'phoneInvalid';
}

/** A phone account as the code and login calls take it: '+86 13800138000'. */
export function phoneAccount(area: string, v: string): string {
  return `${area} ${v}`;
}

/** The account as the API wants it: an email, or '+86 <phone>'. */
export function apiAccount(v: string): string {
  return accountKind(v) === 'phone' ? `+86 ${v}` : v;
}

export function checkLoginPassword(v: string): RuleKey | null {
  return v ? null : 'passwordRequired';
}

export function checkCaptcha(v: string): RuleKey | null {
  return v.trim() ? null : 'captchaRequired';
}

export function checkCode(v: string): RuleKey | null {
  if (!v) return 'codeRequired';
  return length(v) > 10 ? 'codeTooLong' : null;
}

export function checkNewPassword(v: string): RuleKey | null {
  if (!v) return 'passwordRequired';
  return PASSWORD_PATTERN.test(v) ? null : 'passwordRule';
}

export function checkConfirm(password: string, confirm: string): RuleKey | null {
  if (!confirm) return 'passwordRequired';
  return confirm === password ? null : 'passwordMismatch';
}

export function checkName(v: string, which: 'first' | 'last'): RuleKey | null {
  if (!v.trim()) return which === 'first' ? 'firstNameRequired' : 'lastNameRequired';
  return length(v.trim()) > 20 ? 'nameTooLong' : null;
}

export function checkCompany(v: string): RuleKey | null {
  if (!v.trim()) return 'companyRequired';
  return length(v.trim()) > 120 ? 'companyTooLong' : null;
}

/** Purchase texts: at most 64 characters; required ones answer 'Please Enter <field>'. */
export function checkPurchaseText(v: string, required: boolean): RuleKey | null {
  if (required && !v.trim()) return 'pleaseEnter';
  return length(v.trim()) > 64 ? 'tooLong64' : null;
}

/** Invoice texts: at most 255 characters (spec sections 5 and 9); required ones 'Please Enter <field>'. */
export function checkInvoiceText(v: string, required: boolean): RuleKey | null {
  if (required && !v.trim()) return 'pleaseEnter';
  return length(v.trim()) > 255 ? 'tooLong255' : null;
}
