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

/** What a trade notify says alike in the mainland and the cross-border product: its event, the trade and its status. */
export function tradeNotifyFields(params: Record<string, string | undefined>) {
  return {
    eventId: params.notify_id!,
    eventType: params.notify_type || 'trade_status_sync',
    state: stateOfTradeStatus(params.trade_status),
    outTradeNo: params.out_trade_no!,
    providerRef: params.trade_no || undefined,
    detail: params.trade_status,
  };
}
