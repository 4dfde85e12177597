// What a cross-border payer was charged (WeChat Pay Global, Alipay forex): the provider reports it
// in the callback or the query; it is stored on the attempt once, for operators and reconciliation.
import type { PayerAmount } from '@shop/payments';
import type { CoreDeps } from '../deps.js';

export interface RecordPayerAmount {
  intentId: string;
  payer: PayerAmount;
}

/** One guarded statement (only while none is stored), so it needs no unit of work. */
export async function recordPayerAmount(deps: Pick<CoreDeps, 'db'>, { intentId, payer }: RecordPayerAmount): Promise<void> {
  await deps.db
    .updateTable('payment_intents')
    .set({ payer_amount: payer.amountMinor, payer_currency: payer.currency, payer_rate: payer.rate ?? null })
    .where('id', '=', intentId)
    .where('payer_amount', 'is', null)
    .execute();
}
