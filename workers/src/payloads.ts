import { UnrecoverableError } from 'bullmq';
import type { QueueName } from './contract.js';

// Every job's payload is checked against the contract before its processor runs. A payload that
// does not fit can never succeed, so it fails at once with UnrecoverableError instead of burning
// its retries. The checks are strict about keys, which also keeps personal data (an email, a
// name, a phone number) from sneaking into a payload: payloads carry ids and business keys only.

type Check = (data: Record<string, unknown>) => string | null;

const bigintId = /^\d{1,19}$/;
const businessKey = /^[A-Za-z0-9_-]{1,64}$/;

const isBigintId = (v: unknown) => typeof v === 'string' && bigintId.test(v);
const isKey = (v: unknown) => typeof v === 'string' && businessKey.test(v);
const isPositiveInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const oneOf = (v: unknown, values: readonly string[]) => typeof v === 'string' && values.includes(v);

function keys(data: Record<string, unknown>, allowed: readonly string[]): string | null {
  const extra = Object.keys(data).filter((k) => !allowed.includes(k));
  return extra.length ? `unexpected field(s) ${extra.join(', ')}` : null;
}

function all(...problems: (string | false | null)[]): string | null {
  return problems.find((p): p is string => typeof p === 'string') ?? null;
}

const intentOnly: Check = (d) => all(keys(d, ['intentId']), !isBigintId(d.intentId) && 'intentId must be a numeric id');

const checks: Record<QueueName, Check> = {
  mail: (d) =>
    d.kind === 'receipt' || d.kind === 'bank-transfer-details'
      ? all(keys(d, ['kind', 'orderNo']), !isKey(d.orderNo) && 'orderNo must be an order number')
      : d.kind === 'verification-code'
        ? all(
            keys(d, ['kind', 'codeId', 'purpose', 'language', 'sealedCode']),
            !isBigintId(d.codeId) && 'codeId must be a numeric id',
            !oneOf(d.purpose, ['register', 'reset']) && 'purpose must be register or reset',
            !oneOf(d.language, ['zh', 'en']) && 'language must be zh or en',
            !(typeof d.sealedCode === 'string' && /^[A-Za-z0-9_-]{20,512}$/.test(d.sealedCode)) && 'sealedCode must be a sealed value',
          )
        : 'kind must be receipt, bank-transfer-details or verification-code',
  'registration-mirror': (d) => all(keys(d, ['userId']), !isPositiveInt(d.userId) && 'userId must be a positive integer'),
  settlement: (d) =>
    all(
      keys(d, ['outTradeNo', 'intentId', 'source']),
      !isKey(d.outTradeNo) && 'outTradeNo must be a trade number',
      !isBigintId(d.intentId) && 'intentId must be a numeric id',
      !oneOf(d.source, ['notification', 'poll', 'operator']) && 'source must be notification, poll or operator',
    ),
  'payment-poll': intentOnly,
  'payment-close': intentOnly,
  // Its processor belongs to the operators' work; only the business key is checked here, so the
  // payload can grow there without this file having to follow.
  'bank-transfer': (d) => (!isKey(d.orderNo) ? 'orderNo must be an order number' : null),
  maintenance: (d) => all(keys(d, ['task']), !oneOf(d.task, ['relay-outbox', 'reconcile', 'expire-orders', 'refunds']) && 'task must be relay-outbox, reconcile, expire-orders or refunds'),
};

/** The problem with a payload, or null when it fits the contract. */
export function payloadProblem(queue: QueueName, data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'payload must be an object';
  const check = checks[queue];
  return check ? check(data as Record<string, unknown>) : `unknown queue ${queue}`;
}

/** Throws UnrecoverableError (no retries) for a payload that does not fit the contract. */
export function assertPayload(queue: QueueName, data: unknown): void {
  const problem = payloadProblem(queue, data);
  if (problem) throw new UnrecoverableError(`bad ${queue} payload: ${problem}`);
}
