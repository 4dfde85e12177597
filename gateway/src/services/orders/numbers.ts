import { randomInt } from 'node:crypto';

// Crockford-style alphabet: no I, L, O, U, so a number read over the phone is not misheard.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomChars(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/**
 * Order numbers: the date for people, then 10 random characters (50 bits) so they cannot be
 * enumerated. 18 characters of [0-9A-Z] fit every provider's out_trade_no rules.
 */
export function newOrderNo(now = new Date()): string {
  const d = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${d}${randomChars(10)}`;
}

/** One out_trade_no per payment attempt: the order number plus the attempt's sequence. */
export function outTradeNoFor(orderNo: string, attempt: number): string {
  return `${orderNo}P${attempt}`;
}
