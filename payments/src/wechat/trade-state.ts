import type { AttemptState } from '../provider.js';
import type { TradeState } from './wire.js';

/** How a WeChat trade_state reads in our attempt model (REFUND means it was paid). */
export function attemptStateOf(tradeState: string): AttemptState {
  switch (tradeState as TradeState) {
    case 'SUCCESS':
    case 'REFUND':
      return 'succeeded';
    case 'NOTPAY':
    case 'USERPAYING':
      return 'pending';
    case 'CLOSED':
    case 'REVOKED':
      return 'closed';
    case 'PAYERROR':
      return 'failed';
    default:
      // Unknown states are never treated as money received.
      return 'pending';
  }
}
