import { appError } from '../errors.js';
import { normalisePhone } from './phone.js';

const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,16}$/;
const chineseOrSpace = /[\s\u3000\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;
const mobilePattern = /^1\d{10}$/;

/** Chinese characters and spaces are stripped from account and code inputs (spec section 5). */
export function cleanAccount(v: unknown): string {
  return typeof v === 'string' ? v.replace(chineseOrSpace, '') : '';
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

export function requireEmail(v: unknown): string {
  const email = cleanAccount(v);
  if (!email) throw appError('emailRequired', { field: 'email' });
  if (email.length > 254 || !emailPattern.test(email)) throw appError('emailInvalid', { field: 'email' });
  return email.toLowerCase();
}

export function isEmail(v: string): boolean {
  return emailPattern.test(v);
}

export type Account = { kind: 'email'; email: string } | { kind: 'phone'; area: string; phone: string };

/**
 * An account is an email, or a phone number sent as '+86 <phone>' / area + number; phone numbers
 * are validated and normalised (libphonenumber-js), so '+86 138 0013 8000' and '13800138000' are
 * one account. An empty account answers 'Please enter email' wherever an account is asked for
 * (spec section 5: login, registration and reset); a malformed one answers in the wording of what
 * it looks like, a phone number (a leading '+', or digits only) or else an email.
 */
export function parseAccount(raw: unknown, area?: unknown): Account {
  const given = typeof raw === 'string' ? raw.trim() : '';
  if (!given) throw appError('emailRequired', { field: 'account' });
  const phoneForm = /^(\+\d{1,4})\s+([\d\s-]{5,20})$/.exec(given);
  if (phoneForm) return phoneAccount(phoneForm[1], phoneForm[2]);
  const cleaned = cleanAccount(given);
  if (isEmail(cleaned)) return { kind: 'email', email: cleaned.toLowerCase() };
  if (mobilePattern.test(cleaned) || /^\+\d{6,15}$/.test(cleaned)) return phoneAccount(area, cleaned);
  throw appError(looksLikePhone(given) ? 'phoneInvalid' : 'emailInvalid', { field: 'account' });
}

/** No '@', and a leading '+' or nothing but digits and the separators people type in numbers. */
function looksLikePhone(given: string): boolean {
  return !given.includes('@') && (given.startsWith('+') || /^[\d\s\u3000().-]+$/.test(given));
}

/** A phone account from phoneArea + phoneNo (spec section 7). */
export function phoneAccount(area: unknown, phoneNo: unknown): Account {
  const p = normalisePhone(area, phoneNo);
  return { kind: 'phone', area: p.area, phone: p.phone };
}

/** The target string codes are bound to: the lower-cased email or '+86 13800000000'. */
export function accountTarget(a: Account): string {
  return a.kind === 'email' ? a.email : `${a.area} ${a.phone}`;
}

export function requirePassword(v: unknown): string {
  const p = typeof v === 'string' ? v : '';
  if (!p) throw appError('passwordRequired', { field: 'password' });
  return p;
}

export function requireNewPassword(v: unknown, confirm?: unknown): string {
  const p = requirePassword(v);
  if (!passwordPattern.test(p)) throw appError('passwordRule', { field: 'password' });
  if (confirm !== undefined && confirm !== p) throw appError('passwordMismatch', { field: 'confirmPassword' });
  return p;
}

export function requireCode(v: unknown): string {
  const c = cleanAccount(v);
  if (!c) throw appError('codeRequired', { field: 'code' });
  if (c.length > 10) throw appError('codeTooLong', { field: 'code' });
  return c;
}

export function requireCaptcha(v: unknown): string {
  const c = cleanAccount(v);
  if (!c) throw appError('captchaRequired', { field: 'verifyCode' });
  if (c.length > 4) throw appError('captchaMalformed', { field: 'verifyCode' });
  return c;
}

export interface RegistrationFields {
  firstName: string;
  lastName: string;
  company: string;
}

export function requireNames(input: { firstName?: unknown; lastName?: unknown; company?: unknown }): RegistrationFields {
  const lastName = str(input.lastName);
  const firstName = str(input.firstName);
  const company = str(input.company);
  if (!lastName) throw appError('lastNameRequired', { field: 'lastName' });
  if ([...lastName].length > 20) throw appError('nameTooLong', { field: 'lastName' });
  if (!firstName) throw appError('firstNameRequired', { field: 'firstName' });
  if ([...firstName].length > 20) throw appError('nameTooLong', { field: 'firstName' });
  if (!company) throw appError('companyRequired', { field: 'company' });
  if ([...company].length > 120) throw appError('companyTooLong', { field: 'company' });
  return { firstName, lastName, company };
}
