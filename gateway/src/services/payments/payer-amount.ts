// What a WeChat Pay payer is charged in CNY, as the QR page tells them. The domestic setup charges
// the attempt's CNY amount itself; WeChat Pay Global charges CNY at WeChat's own rate, known only
// after the payment, so the page can only give an estimate at a dated reference rate.
import { centsToDecimal, type ExchangeRate } from '@shop/payments';
import { convertMinor } from '@shop/payments/fx/index';
import type { ServiceDeps } from '../deps.js';
import type { IntentView } from '../orders/views.js';

export interface PayerAmountView {
  /** Exact: yuan with two decimals; an estimate: whole yuan; null without a reference rate. */
  amount: string | null;
  currency: 'CNY';
  exact: boolean;
  rate: string | null;
  rateDate: string | null;
  /** The configured source's name, or WECHAT_APPLIED (the rate WeChat applied to a recent payment). */
  rateSource: string | null;
}

/** A rate WeChat applied longer ago than this says too little about today's. */
const APPLIED_RATE_MAX_AGE_DAYS = 14;

interface ReferenceRateSource {
  referenceRate?(currency: string): ExchangeRate | null;
}

/**
 * The rate WeChat applied to the shop's latest WeChat payment in this currency (CNY paid over the
 * order amount), when it is recent; null otherwise.
 */
async function appliedRate(deps: Pick<ServiceDeps, 'db'>, currency: string, now: Date): Promise<{ rate: string; date: string } | null> {
  const r = await deps.db
    .selectFrom('payment_intents')
    .select(['payer_amount', 'amount_cents', 'succeeded_at'])
    .where('provider', '=', 'wechat')
    .where('currency', '=', currency)
    .where('payer_currency', '=', 'CNY')
    .where('payer_amount', '>', 0)
    .where('succeeded_at', '>', new Date(now.getTime() - APPLIED_RATE_MAX_AGE_DAYS * 86_400_000))
    .orderBy('succeeded_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r?.payer_amount || !r.succeeded_at || r.amount_cents <= 0) return null;
  // Four decimals, like a bank's quote: both amounts are whole minor units, so no more is known.
  const scaled = Math.round((r.payer_amount * 10_000) / r.amount_cents);
  return { rate: `${Math.floor(scaled / 10_000)}.${String(scaled % 10_000).padStart(4, '0')}`, date: r.succeeded_at.toISOString().slice(0, 10) };
}

/** Whole yuan, rounded half up: an estimate claims no more than that. */
function wholeYuan(fen: number): string {
  return String(Math.round(fen / 100));
}

export async function payerAmountOf(deps: Pick<ServiceDeps, 'db' | 'providers'>, i: IntentView, now = new Date()): Promise<PayerAmountView | null> {
  if (i.provider !== 'wechat') return null;
  if (i.currency === 'CNY')
    return {
      amount: centsToDecimal(i.amountCents),
      currency: 'CNY',
      exact: true,
      rate: i.fx?.rate ?? null,
      rateDate: i.fx?.date ?? null,
      rateSource: i.fx?.source ?? null,
    };
  const configured = (deps.providers.wechat as ReferenceRateSource | undefined)?.referenceRate?.(i.currency) ?? null;
  const reference = configured
    ? { rate: configured.rate, date: configured.date, source: configured.source }
    : await appliedRate(deps, i.currency, now).then((a) => (a ? { ...a, source: 'WECHAT_APPLIED' } : null));
  if (!reference) return { amount: null, currency: 'CNY', exact: false, rate: null, rateDate: null, rateSource: null };
  return {
    amount: wholeYuan(convertMinor(i.amountCents, reference.rate)),
    currency: 'CNY',
    exact: false,
    rate: reference.rate,
    rateDate: reference.date,
    rateSource: reference.source,
  };
}
