import { UnrecoverableError } from 'bullmq';
import type { TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType } from '@sinclair/typebox/value';
import {
  bankTransferDetailsMail,
  invoiceIssuedMail,
  payloadSchemas,
  receiptMail,
  reconciliationAlertMail,
  refundMail,
  verificationCodeMail,
  type QueueName,
} from './contract.js';

// Every job's payload is checked against its contract schema before its processor runs. A payload
// that does not fit can never succeed, so it fails at once with UnrecoverableError instead of
// burning its retries. Unknown keys are refused, which keeps personal data (an email, a name, a
// phone number) out of payloads.

function problemWith(schema: TSchema, data: unknown): string | null {
  const extra: string[] = [];
  let first: string | null = null;
  for (const e of Value.Errors(schema, data)) {
    const field = e.path.split('/').filter(Boolean).join('.');
    if (e.type === ValueErrorType.ObjectAdditionalProperties) extra.push(field);
    else first ??= field ? `${field} must be ${e.schema.description ?? e.message.replace(/^Expected /, '')}` : e.message;
  }
  return extra.length ? `unexpected field(s) ${extra.join(', ')}` : first;
}

/** The problem with a payload, or null when it fits the contract. */
export function payloadProblem(queue: QueueName, data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'payload must be an object';
  if (queue === 'mail') {
    // Checked against the variant its kind names, so the message says what is wrong with it.
    const kind = (data as { kind?: unknown }).kind;
    const variant =
      kind === 'receipt'
        ? receiptMail
        : kind === 'bank-transfer-details'
          ? bankTransferDetailsMail
          : kind === 'verification-code'
            ? verificationCodeMail
            : kind === 'refund'
              ? refundMail
              : kind === 'invoice-issued'
                ? invoiceIssuedMail
                : kind === 'reconciliation-alert'
                  ? reconciliationAlertMail
                  : null;
    return variant
      ? problemWith(variant, data)
      : 'kind must be receipt, bank-transfer-details, verification-code, refund, invoice-issued or reconciliation-alert';
  }
  const schema = payloadSchemas[queue] as TSchema | undefined;
  return schema ? problemWith(schema, data) : `unknown queue ${String(queue)}`;
}

/** Throws UnrecoverableError (no retries) for a payload that does not fit the contract. */
export function assertPayload(queue: QueueName, data: unknown): void {
  const problem = payloadProblem(queue, data);
  if (problem) throw new UnrecoverableError(`bad ${queue} payload: ${problem}`);
}
