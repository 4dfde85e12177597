import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { appError } from '../errors.js';

/** A phone account as stored: the area with '+' and the national number in digits. */
export interface PhoneNumber {
  area: string;
  phone: string;
}

const separators = /[\s\-().\u3000]/g;

/**
 * Validates and normalises phoneArea + phoneNo (spec section 7): '+86' / '86' / '0086' and a
 * number with or without spaces or dashes. Only numbers that can receive an SMS pass (mobile, or
 * mobile-or-fixed where the numbering plan cannot tell); the default area is +86 (spec section 9).
 */
export function normalisePhone(areaRaw: unknown, numberRaw: unknown): PhoneNumber {
  const given = typeof numberRaw === 'string' ? numberRaw.replace(separators, '') : '';
  if (!given) throw appError('phoneRequired', { field: 'phoneNo' });
  const areaText = typeof areaRaw === 'string' ? areaRaw.replace(separators, '') : '';
  const areaDigits = (areaText || '+86').replace(/^(\+|00)/, '');
  if (!/^\d{1,4}$/.test(areaDigits) || given.length > 20) throw appError('phoneInvalid', { field: 'phoneNo' });
  const full = given.startsWith('+') ? given : `+${areaDigits}${given.replace(/^0+/, '')}`;
  const parsed = parsePhoneNumberFromString(full);
  const type = parsed?.getType();
  if (!parsed || !parsed.isValid() || (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')) throw appError('phoneInvalid', { field: 'phoneNo' });
  return { area: `+${parsed.countryCallingCode}`, phone: parsed.nationalNumber };
}

/** The number as Alibaba Cloud SMS takes it: 11 digits in mainland China, else country code + number. */
export function providerPhoneNumber(p: PhoneNumber): string {
  return p.area === '+86' ? p.phone : `${p.area.slice(1)}${p.phone}`;
}
