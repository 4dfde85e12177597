// The synchronous return_url redirect. It only tells the UI "the buyer came back and says it
// paid"; it must never settle an order: the notify or a query decides.
import type { KeyObject } from 'node:crypto';
import { decimalToCents } from '../provider.js';
import { loadPublicKey } from './keys.js';
import { parseForm, verifyCallbackParams, type AlipayParams } from './signing.js';

export interface ReturnHint {
  /** True when Alipay's signature over the return parameters verifies. */
  authentic: boolean;
  outTradeNo?: string;
  tradeNo?: string;
  amountCents?: number;
}

/** Verifies the return parameters (a query string or a parsed map) for a UI hint only. */
export function verifyReturnParams(query: string | URLSearchParams | Record<string, string | undefined>, alipayPublicKey: string | KeyObject): ReturnHint {
  let params: AlipayParams;
  if (typeof query === 'string') params = parseForm(query.startsWith('?') ? query.slice(1) : query);
  else if (query instanceof URLSearchParams) params = Object.fromEntries(query);
  else params = Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const authentic = verifyCallbackParams(params, loadPublicKey(alipayPublicKey));
  return {
    authentic,
    outTradeNo: params.out_trade_no,
    tradeNo: params.trade_no,
    amountCents: params.total_amount ? (decimalToCents(params.total_amount) ?? undefined) : undefined,
  };
}
