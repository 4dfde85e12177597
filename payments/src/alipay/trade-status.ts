import type { AttemptState } from '../provider.js';

/** Alipay trade statuses, as carried by query responses and notifies. */
export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';

/**
 * Only TRADE_SUCCESS and TRADE_FINISHED mean paid (FINISHED also arrives when the refund window
 * ends). Unknown statuses stay pending rather than being guessed.
 */
export function stateOfTradeStatus(status: string | undefined): AttemptState {
  switch (status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'succeeded';
    case 'TRADE_CLOSED':
      return 'closed';
    default:
      return 'pending';
  }
}
