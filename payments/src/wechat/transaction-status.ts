// Reading a WeChat Transaction or refund (query answer or decrypted callback) into our model.
import type { AttemptStatus, RefundState, RefundStatus } from '../provider.js';
import { attemptStateOf } from './trade-state.js';
import type { RefundResource, Transaction } from './wire.js';

export function transactionStatus(tx: Transaction): AttemptStatus {
  const a = tx.amount;
  const payerDiffers = a?.payer_currency && a.payer_total !== undefined && a.payer_currency !== a.currency;
  return {
    state: attemptStateOf(tx.trade_state),
    outTradeNo: tx.out_trade_no,
    // The global samples disagree on the key (reference 1.4): read both.
    providerRef: tx.transaction_id ?? tx.id,
    amountCents: a?.total,
    currency: a?.currency,
    merchantId: tx.sp_mchid ?? tx.mchid,
    appId: tx.sp_appid ?? tx.appid,
    detail: `${tx.trade_state}${tx.trade_state_desc ? ` ${tx.trade_state_desc}` : ''}`,
    ...(payerDiffers
      ? {
          payer: {
            amountMinor: a.payer_total!,
            currency: a.payer_currency!,
            ...(a.exchange_rate?.rate !== undefined ? { rate: `${a.exchange_rate.type ?? 'RATE'} ${a.exchange_rate.rate}` } : {}),
          },
        }
      : {}),
  };
}

/** SUCCESS is done, PROCESSING waits, CLOSED and ABNORMAL need an operator (not refunded). */
export function refundStateOf(status: string | undefined): RefundState {
  if (status === 'SUCCESS') return 'succeeded';
  if (status === 'CLOSED' || status === 'ABNORMAL') return 'failed';
  return 'pending';
}

export function refundStatusOf(r: RefundResource): RefundStatus {
  const status = r.status ?? r.refund_status;
  return {
    state: refundStateOf(status),
    refundNo: r.out_refund_no,
    ...(r.out_trade_no ? { outTradeNo: r.out_trade_no } : {}),
    ...((r.refund_id ?? r.id) ? { providerRefundId: r.refund_id ?? r.id } : {}),
    ...(r.amount?.refund !== undefined ? { amountMinor: r.amount.refund } : {}),
    ...(r.amount?.currency ? { currency: r.amount.currency } : {}),
    detail: status ?? 'UNKNOWN',
  };
}
