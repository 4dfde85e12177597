import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { DefaultJobOptions } from 'bullmq';

// The typed job contract shared by producers (gateway, outbox relay) and processors. Each payload
// is a TypeBox schema: the TypeScript type and the runtime check (payloads.ts) come from it.
// Payloads carry ids and business keys only, never personal data (unknown keys are refused):
// processors load the rest from PostgreSQL, which is also what makes a replayed job harmless.

const numericId = Type.String({ pattern: '^\\d{1,19}$', description: 'a numeric id' });
const businessKey = (what: string) => Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: what });
const oneOf = <const V extends string>(values: readonly V[]) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description: values.join(', ') },
  );
const strict = { additionalProperties: false } as const;
const sealedValue = Type.String({ pattern: '^[A-Za-z0-9_-]{20,512}$', description: 'a sealed value' });

export const verificationCodeMail = Type.Object(
  {
    kind: Type.Literal('verification-code'),
    codeId: numericId,
    purpose: oneOf(['register', 'reset', 'bind_email']),
    language: oneOf(['zh', 'en']),
    sealedCode: sealedValue,
  },
  strict,
);
export const receiptMail = Type.Object({ kind: Type.Literal('receipt'), orderNo: businessKey('an order number') }, strict);
/** Sent at checkout: where to transfer the money and the reference to quote. */
export const bankTransferDetailsMail = Type.Object({ kind: Type.Literal('bank-transfer-details'), orderNo: businessKey('an order number') }, strict);
/** Sent when a refund has gone through: what went back, by which way, and what it means for the e-book. */
export const refundMail = Type.Object({ kind: Type.Literal('refund'), refundNo: businessKey('a refund number') }, strict);
/** Sent when an operator issued the invoice of an order: its file attached, or the courier and tracking number. */
export const invoiceIssuedMail = Type.Object({ kind: Type.Literal('invoice-issued'), orderNo: businessKey('an order number') }, strict);
/** To the operators: a provider's bill of a day has differences, or was refused. */
export const reconciliationAlertMail = Type.Object(
  {
    kind: Type.Literal('reconciliation-alert'),
    provider: oneOf(['wechat', 'alipay', 'paypal']),
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date (YYYY-MM-DD)' }),
    runId: numericId,
  },
  strict,
);

export const payloadSchemas = {
  mail: Type.Union([verificationCodeMail, receiptMail, bankTransferDetailsMail, refundMail, invoiceIssuedMail, reconciliationAlertMail]),
  /** A verification code by SMS to the phone number the code is bound to (the code travels sealed). */
  sms: Type.Object({ kind: Type.Literal('verification-code'), codeId: numericId, purpose: oneOf(['register', 'reset']), sealedCode: sealedValue }, strict),
  'registration-mirror': Type.Object({ userId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'a positive integer' }) }, strict),
  /** Capture-and-settle of one attempt, keyed by its out_trade_no. */
  settlement: Type.Object({ outTradeNo: businessKey('a trade number'), intentId: numericId, source: oneOf(['notification', 'poll', 'operator']) }, strict),
  'payment-poll': Type.Object({ intentId: numericId }, strict),
  /** Encrypts the buyer's copy of a paid e-book order into the shared copies folder, ready for the download. */
  'ebook-copy': Type.Object({ orderNo: businessKey('an order number') }, strict),
  /** Closes a replaced or expired attempt at its provider so it can no longer be paid. */
  'payment-close': Type.Object({ intentId: numericId }, strict),
  /**
   * Reconciles a provider's daily bill (core/src/reconciliation): `date` (YYYY-MM-DD in the
   * provider's time zone) for one day, as an operator's re-run asks; without it, the days that
   * are due (the last published day and the two before it, for trades missing at the provider).
   */
  'bill-reconciliation': Type.Object(
    {
      provider: oneOf(['wechat', 'alipay', 'paypal']),
      date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date (YYYY-MM-DD)' })),
    },
    strict,
  ),
  /** refunds: sends requested refunds and asks about pending ones (core/src/refunds). */
  maintenance: Type.Object({ task: oneOf(['relay-outbox', 'reconcile', 'expire-orders', 'refunds']) }, strict),
} satisfies Record<string, TSchema>;

export type JobPayloads = { [Q in keyof typeof payloadSchemas]: Static<(typeof payloadSchemas)[Q]> };
export type QueueName = keyof JobPayloads;

export const queueNames = Object.keys(payloadSchemas) as QueueName[];

/**
 * BullMQ's built-in exponential backoff (delay · 2^(attempt-1)) with jitter 0.5: each wait is
 * drawn from its upper half, which spreads the retries of many jobs that failed together.
 * `attempts` bounds the total: the longest waits are noted beside each queue.
 */
function retries(attempts: number, delayMs: number): Pick<DefaultJobOptions, 'attempts' | 'backoff'> {
  return { attempts, backoff: { type: 'exponential', delay: delayMs, jitter: 0.5 } };
}

const kept: DefaultJobOptions = {
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};

/** Default options per queue, before scaling by RETRY_DELAY_SCALE (see `jobOptions`). */
export const defaultJobOptions: Record<QueueName, DefaultJobOptions> = {
  mail: { ...kept, ...retries(10, 1_000) }, // about 8 minutes at most between the last tries
  // A code is valid 10 minutes: retrying an SMS much longer than that is pointless (about 30 s in all).
  sms: { ...kept, ...retries(6, 1_000) },
  // The external service may be down for a long time: keep trying for about a day.
  'registration-mirror': { ...kept, ...retries(15, 5_000) },
  settlement: { ...kept, ...retries(12, 1_000) },
  // Counts provider errors only (a pending attempt re-delays itself): about a day of them.
  'payment-poll': { ...kept, ...retries(15, 3_000) },
  // A download that comes first makes the copy itself: retrying beyond a few minutes is pointless.
  'ebook-copy': { ...kept, ...retries(6, 2_000) },
  'payment-close': { ...kept, ...retries(13, 10_000) },
  // A bill the provider has not published yet, or a fetch that failed: again over about two hours.
  'bill-reconciliation': { ...kept, ...retries(6, 120_000) },
  maintenance: { ...kept, attempts: 1 },
};

/** A queue's default options with every retry delay multiplied by `retryDelayScale`. */
export function jobOptions(queue: QueueName, retryDelayScale = 1): DefaultJobOptions {
  const o = defaultJobOptions[queue];
  const b = o.backoff;
  if (!b || typeof b !== 'object' || !b.delay) return o;
  return { ...o, backoff: { ...b, delay: Math.max(1, Math.round(b.delay * retryDelayScale)) } };
}

/** Job ids come from the business key, so the same work enqueued twice is one job. */
export function jobIdFor<Q extends QueueName>(queue: Q, payload: JobPayloads[Q]): string {
  switch (queue) {
    case 'mail': {
      const p = payload as JobPayloads['mail'];
      if (p.kind === 'receipt') return `receipt-${p.orderNo}`;
      if (p.kind === 'bank-transfer-details') return `bank-details-${p.orderNo}`;
      if (p.kind === 'refund') return `refund-${p.refundNo}`;
      if (p.kind === 'invoice-issued') return `invoice-${p.orderNo}`;
      if (p.kind === 'reconciliation-alert') return `recon-alert-${p.runId}`;
      return `code-${p.codeId}`;
    }
    case 'sms':
      return `sms-${(payload as JobPayloads['sms']).codeId}`;
    case 'registration-mirror':
      return `mirror-${(payload as JobPayloads['registration-mirror']).userId}`;
    case 'settlement':
      return `settle-${(payload as JobPayloads['settlement']).outTradeNo}`;
    case 'payment-poll':
      return `poll-${(payload as JobPayloads['payment-poll']).intentId}`;
    case 'ebook-copy':
      return `ebook-copy-${(payload as JobPayloads['ebook-copy']).orderNo}`;
    case 'payment-close':
      return `close-${(payload as JobPayloads['payment-close']).intentId}`;
    case 'bill-reconciliation': {
      const p = payload as JobPayloads['bill-reconciliation'];
      return `bills-${p.provider}-${p.date ?? 'due'}`;
    }
    default:
      return `${queue}-${(payload as JobPayloads['maintenance']).task}`;
  }
}
