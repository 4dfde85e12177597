import type { DefaultJobOptions } from 'bullmq';

// The typed job contract shared by producers (gateway, outbox relay) and processors.
// Payloads carry ids and business keys only, never personal data: processors load the rest
// from PostgreSQL, which is also what makes a replayed job harmless.
export interface JobPayloads {
  mail:
    | { kind: 'verification-code'; codeId: string; purpose: 'register' | 'reset'; language: 'zh' | 'en'; sealedCode: string }
    | { kind: 'receipt'; orderNo: string }
    /** Sent at checkout: where to transfer the money and the reference to quote. */
    | { kind: 'bank-transfer-details'; orderNo: string };
  'registration-mirror': { userId: number };
  /** Capture-and-settle of one attempt, keyed by its out_trade_no. */
  settlement: { outTradeNo: string; intentId: string; source: 'notification' | 'poll' | 'operator' };
  'payment-poll': { intentId: string };
  /** Closes a replaced or expired attempt at its provider so it can no longer be paid. */
  'payment-close': { intentId: string };
  'bank-transfer': { orderNo: string; reference: string; operatorId: number };
  /** refunds: sends requested refunds and asks about pending ones (core/src/refunds). */
  maintenance: { task: 'relay-outbox' | 'reconcile' | 'expire-orders' | 'refunds' };
}

export type QueueName = keyof JobPayloads;

export const queueNames = [
  'mail',
  'registration-mirror',
  'settlement',
  'payment-poll',
  'payment-close',
  'bank-transfer',
  'maintenance',
] as const satisfies readonly QueueName[];

const base: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'jittered', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};

export const defaultJobOptions: Record<QueueName, DefaultJobOptions> = {
  mail: { ...base, attempts: 10 },
  // The external service may be down for a long time: keep trying for about a day.
  'registration-mirror': { ...base, attempts: 20, backoff: { type: 'jittered', delay: 5_000 } },
  settlement: { ...base, attempts: 12 },
  'payment-poll': { ...base, attempts: 30, backoff: { type: 'jittered', delay: 3_000 } },
  'payment-close': { ...base, attempts: 15, backoff: { type: 'jittered', delay: 10_000 } },
  'bank-transfer': { ...base },
  maintenance: { ...base, attempts: 1 },
};

/** Job ids come from the business key, so the same work enqueued twice is one job. */
export function jobIdFor<Q extends QueueName>(queue: Q, payload: JobPayloads[Q]): string {
  switch (queue) {
    case 'mail': {
      const p = payload as JobPayloads['mail'];
      if (p.kind === 'receipt') return `receipt-${p.orderNo}`;
      if (p.kind === 'bank-transfer-details') return `bank-details-${p.orderNo}`;
      return `code-${p.codeId}`;
    }
    case 'registration-mirror':
      return `mirror-${(payload as JobPayloads['registration-mirror']).userId}`;
    case 'settlement':
      return `settle-${(payload as JobPayloads['settlement']).outTradeNo}`;
    case 'payment-poll':
      return `poll-${(payload as JobPayloads['payment-poll']).intentId}`;
    case 'payment-close':
      return `close-${(payload as JobPayloads['payment-close']).intentId}`;
    case 'bank-transfer':
      return `bank-${(payload as JobPayloads['bank-transfer']).orderNo}`;
    default:
      return `${queue}-${(payload as JobPayloads['maintenance']).task}`;
  }
}

/** Exponential backoff with full jitter: spreads retries of many failed jobs apart. */
export function jitteredBackoff(attemptsMade: number, baseDelay: number): number {
  const cap = Math.min(baseDelay * 2 ** Math.max(0, attemptsMade - 1), 3_600_000);
  return Math.round(cap / 2 + Math.random() * (cap / 2));
}
