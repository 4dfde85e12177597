import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@shop/jobs';
import type { SmsConfig } from '@shop/config';
import { unseal } from '@shop/config';
import type { WorkerDeps } from '../deps.js';
import { sendSms } from '../sms/aliyun-sms.js';

/** '+86 13800138000' as the provider takes it: 11 digits for mainland China, else area + number. */
export function providerNumber(target: string): string | null {
  const m = /^\+(\d{1,4}) (\d{4,15})$/.exec(target);
  if (!m) return null;
  return m[1] === '86' ? m[2]! : `${m[1]}${m[2]}`;
}

/** Sends a verification code by SMS; like the mail job, the code travels sealed. */
export function smsProcessor(deps: WorkerDeps, sms: SmsConfig | null) {
  return async (job: Job<JobPayloads['sms']>): Promise<unknown> => {
    if (!sms) throw new UnrecoverableError('SMS is not configured (SMS_ACCESS_KEY_ID and friends)');
    const data = job.data;
    const row = await deps.db.selectFrom('verification_codes').select(['target', 'expires_at', 'consumed_at']).where('id', '=', data.codeId).executeTakeFirst();
    if (!row) throw new UnrecoverableError(`code ${data.codeId} does not exist`);
    // A replaced or expired code is not worth a message any more.
    if (row.consumed_at || row.expires_at.getTime() < Date.now()) return { skipped: 'code no longer valid' };
    const phoneNumber = providerNumber(row.target);
    if (!phoneNumber) throw new UnrecoverableError('the code is not bound to a phone number');
    let code: string;
    try {
      code = unseal(deps.config.appSecret, data.sealedCode);
    } catch {
      throw new UnrecoverableError('sealed code cannot be opened (APP_SECRET differs between gateway and workers?)');
    }
    const result = await sendSms(sms, { phoneNumber, templateCode: sms.templates[data.purpose], templateParam: { code }, outId: `code-${data.codeId}` });
    if (result.ok) return { bizId: result.bizId, requestId: result.requestId };
    const message = `SendSms refused: ${result.code} ${result.message} (request ${result.requestId ?? '-'})`;
    throw result.retryable ? new Error(message) : new UnrecoverableError(message);
  };
}
