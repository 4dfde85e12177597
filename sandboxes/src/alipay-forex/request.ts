// What create_forex_trade(_wap), single_trade_query and forex_refund accept (cross-border
// reference 2.2, 2.5, 2.6): only the documented parameters, the contract currency, amounts of at
// most two decimals, and a signature over everything but sign and sign_type.
import type { FastifyRequest } from 'fastify';
import { forexVerify } from '@shop/payments/alipay/forex/index';
import type { ResolvedForexOptions } from './options.js';

export type Params = Record<string, string>;

export class ForexError extends Error {
  constructor(
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

const COMMON = ['service', 'partner', '_input_charset', 'sign_type', 'sign'];
const TRADE = [
  ...COMMON,
  'notify_url',
  'return_url',
  'subject',
  'body',
  'out_trade_no',
  'currency',
  'total_fee',
  'rmb_fee',
  'timeout_rule',
  'order_gmt_create',
  'order_valid_time',
  'product_code',
  'trade_information',
  'split_fund_info',
  'secondary_merchant_id',
  'secondary_merchant_name',
  'secondary_merchant_industry',
  'supplier',
];
export const SERVICES: Record<string, readonly string[]> = {
  create_forex_trade: TRADE,
  create_forex_trade_wap: [...TRADE, 'payment_inst'],
  single_trade_query: [...COMMON, 'trade_no', 'out_trade_no'],
  forex_compare_file: [...COMMON, 'start_date', 'end_date'],
  forex_refund: [
    ...COMMON,
    'notify_url',
    'out_return_no',
    'out_trade_no',
    'return_amount',
    'return_rmb_amount',
    'currency',
    'gmt_return',
    'reason',
    'product_code',
    'split_fund_info',
    'is_sync',
  ],
};

/** Query and form parameters together (a form POST or a GET link both reach gateway.do). */
export function gatewayParams(req: FastifyRequest): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  if (typeof req.body === 'string') for (const [k, v] of new URLSearchParams(req.body)) out[k] = v;
  return out;
}

export function authenticate(p: Params, o: ResolvedForexOptions): void {
  const allowed = SERVICES[p.service ?? ''];
  if (!allowed) throw new ForexError('ILLEGAL_SERVICE', `service ${p.service ?? '(none)'} is not offered`);
  if (p.partner !== o.partner) throw new ForexError('ILLEGAL_PARTNER');
  if ((p._input_charset ?? '').toUpperCase() !== 'UTF-8') throw new ForexError('ILLEGAL_CHARSET');
  const unknown = Object.keys(p).filter((k) => !allowed.includes(k));
  if (unknown.length) throw new ForexError('ILLEGAL_ARGUMENT', `${p.service} does not define ${unknown.join(', ')}`);
  if (!forexVerify(p, o.merchantPublicKey)) throw new ForexError('ILLEGAL_SIGN');
}

/** Number(9,2) within 0.01..1000000.00; null when malformed. */
export function fee(text: string | undefined): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents >= 1 && cents <= 100_000_000 ? cents : null;
}

export function httpUrl(text: string | undefined): boolean {
  try {
    const u = new URL(text ?? '');
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
