import type { MessageKey } from '../../i18n/messages.js';
import { AppError } from '../errors.js';
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
  if (!email) throw new AppError('emailRequired', 400, 'BAD_USER_INPUT', 'email');
  if (email.length > 254 || !emailPattern.test(email)) throw new AppError('emailInvalid', 400, 'BAD_USER_INPUT', 'email');
  return email.toLowerCase();
}

export function isEmail(v: string): boolean {
  return emailPattern.test(v);
}

export type Account = { kind: 'email'; email: string } | { kind: 'phone'; area: string; phone: string };

/**
 * An account is an email, or a phone number sent as '+86 <phone>' / area + number; phone numbers
 * are validated and normalised (libphonenumber-js), so '+86 138 0013 8000' and '13800138000' are
 * one account. `missing` names the refusal of an empty account (login says 'Please enter email').
 */
export function parseAccount(raw: unknown, area?: unknown, missing: MessageKey = 'accountRequired'): Account {
  const given = typeof raw === 'string' ? raw.trim() : '';
  if (!given) throw new AppError(missing, 400, 'BAD_USER_INPUT', 'account');
  const phoneForm = /^(\+\d{1,4})\s+([\d\s-]{5,20})$/.exec(given);
  if (phoneForm) return phoneAccount(phoneForm[1], phoneForm[2]);
  const cleaned = cleanAccount(given);
  if (isEmail(cleaned)) return { kind: 'email', email: cleaned.toLowerCase() };
  if (mobilePattern.test(cleaned) || /^\+\d{6,15}$/.test(cleaned)) return phoneAccount(area, cleaned);
  throw new AppError('emailInvalid', 400, 'BAD_USER_INPUT', 'account');
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
  if (!p) throw new AppError('passwordRequired', 400, 'BAD_USER_INPUT', 'password');
  return p;
}

export function requireNewPassword(v: unknown, confirm?: unknown): string {
  const p = requirePassword(v);
  if (!passwordPattern.test(p)) throw new AppError('passwordRule', 400, 'BAD_USER_INPUT', 'password');
  if (confirm !== undefined && confirm !== p) throw new AppError('passwordMismatch', 400, 'BAD_USER_INPUT', 'confirmPassword');
  return p;
}

export function requireCode(v: unknown): string {
  const c = cleanAccount(v);
  if (!c) throw new AppError('codeRequired', 400, 'BAD_USER_INPUT', 'code');
  if (c.length > 10) throw new AppError('codeTooLong', 400, 'BAD_USER_INPUT', 'code');
  return c;
}

export function requireCaptcha(v: unknown): string {
  const c = cleanAccount(v);
  if (!c) throw new AppError('captchaRequired', 400, 'BAD_USER_INPUT', 'verifyCode');
  if (c.length > 4) throw new AppError('captchaError', 400, 'BAD_USER_INPUT', 'verifyCode');
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
  if (!lastName) throw new AppError('lastNameRequired', 400, 'BAD_USER_INPUT', 'lastName');
  if ([...lastName].length > 20) throw new AppError('nameTooLong', 400, 'BAD_USER_INPUT', 'lastName');
  if (!firstName) throw new AppError('firstNameRequired', 400, 'BAD_USER_INPUT', 'firstName');
  if ([...firstName].length > 20) throw new AppError('nameTooLong', 400, 'BAD_USER_INPUT', 'firstName');
  if (!company) throw new AppError('companyRequired', 400, 'BAD_USER_INPUT', 'company');
  if ([...company].length > 120) throw new AppError('companyTooLong', 400, 'BAD_USER_INPUT', 'company');
  return { firstName, lastName, company };
}
