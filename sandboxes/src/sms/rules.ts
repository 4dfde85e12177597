import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { SmsTemplate } from './options.js';

export interface Refusal {
  code: string;
  message: string;
}

const refuse = (code: string, message: string): Refusal => ({ code, message });

/**
 * PhoneNumbers as the provider takes them: mainland China as 11 digits (optionally prefixed 86,
 * +86 or 0086), other areas as country code + number without '+'. Returns E.164 numbers.
 */
export function parsePhoneNumbers(raw: string): string[] | Refusal {
  const list = raw.split(',').map((p) => p.trim());
  if (list.length > 1000) return refuse('isv.MOBILE_COUNT_OVER_LIMIT', '手机号码数量超过限制');
  const out: string[] = [];
  for (const p of list) {
    const digits = p.replace(/^(\+|00)/, '');
    if (!/^\d{6,15}$/.test(digits)) return refuse('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    const mainland = /^1\d{10}$/.test(digits) ? `+86${digits}` : null;
    const parsed = parsePhoneNumberFromString(mainland ?? `+${digits}`);
    // Only numbers that can receive an SMS: mobile (or mobile-or-fixed where a plan cannot tell).
    const type = parsed?.getType();
    if (!parsed || !parsed.isValid() || (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')) return refuse('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    out.push(parsed.number);
  }
  return out;
}

/** TemplateParam: a JSON object of string values that fills every variable of the template. */
export function checkTemplateParam(template: SmsTemplate, raw: string | undefined): { params: Record<string, string> } | { refusal: Refusal } {
  const vars = [...template.content.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!);
  let parsed: unknown = {};
  if (raw !== undefined && raw !== '') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { refusal: refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值') };
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
    return { refusal: refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值') };
  }
  const params = parsed as Record<string, string>;
  if (vars.some((v) => !(v in params))) return { refusal: refuse('isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量') };
  for (const v of vars) {
    const value = params[v]!;
    if (template.kind === 'verification' ? !/^[A-Za-z0-9]{4,6}$/.test(value) : value.length > 35)
      return { refusal: refuse('isv.PARAM_LENGTH_LIMIT', '参数超出长度限制') };
  }
  return { params };
}

export function render(template: SmsTemplate, signName: string, params: Record<string, string>): string {
  return `【${signName}】${template.content.replace(/\$\{(\w+)\}/g, (_m, k: string) => params[k] ?? '')}`;
}

/** The provider's default flow control per signature and number: 1 a minute, 5 an hour, 10 a day. */
export function flowControl(sentAt: number[], now: number): Refusal | null {
  if (sentAt.some((t) => now - t < 60_000)) return refuse('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1');
  if (sentAt.filter((t) => now - t < 3600_000).length >= 5) return refuse('isv.BUSINESS_LIMIT_CONTROL', '触发小时级流控Permits:5');
  if (sentAt.filter((t) => now - t < 86_400_000).length >= 10) return refuse('isv.BUSINESS_LIMIT_CONTROL', '触发天级流控Permits:10');
  return null;
}
