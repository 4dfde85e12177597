// What a cross-border payer was charged (WeChat Pay Global, Alipay forex): the provider reports it
// in the callback or the query; it is stored on the attempt once, for operators.
import type { Db } from '@shop/db';
import type { PayerAmount } from '@shop/payments';

export async function recordPayerAmount(db: Db, intentId: string, payer: PayerAmount): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ payer_amount: payer.amountMinor, payer_currency: payer.currency, payer_rate: payer.rate ?? null })
    .where('id', '=', intentId)
    .where('payer_amount', 'is', null)
    .execute();
}
