/**
 * The payment_intents columns that applying a provider's status to an attempt reads (core's
 * applyAttemptStatus): the attempt's identity, amount, provider and status. Callers that load an
 * attempt for it (the gateway's payment check, the workers' poll) select exactly these.
 */
export const ATTEMPT_STATUS_COLUMNS = [
  'payment_intents.id',
  'payment_intents.provider',
  'payment_intents.status',
  'payment_intents.out_trade_no',
  'payment_intents.provider_ref',
  'payment_intents.amount_cents',
  'payment_intents.currency',
] as const;
