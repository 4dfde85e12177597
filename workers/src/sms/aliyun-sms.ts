import { randomUUID } from 'node:crypto';
import { rpcSignature } from './signature.js';

/** What the SMS adapter needs to reach Alibaba Cloud SMS (dysmsapi 2017-05-25). */
export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** e.g. https://dysmsapi.aliyuncs.com; the sandbox's URL in development and tests. */
  endpoint: string;
  timeoutMs?: number;
}

export interface SendSmsRequest {
  /** Mainland numbers as 11 digits, others as country code + number, no '+' (the API's format). */
  phoneNumber: string;
  templateCode: string;
  templateParam: Record<string, string>;
  /** Echoed back in delivery receipts; our business key for the message. */
  outId?: string;
}

export type SendSmsResult =
  { ok: true; bizId: string; requestId: string } | { ok: false; code: string; message: string; requestId: string | null; retryable: boolean };

/** Timestamps are ISO 8601 in UTC without milliseconds, as the API requires. */
export function apiTimestamp(now = new Date()): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The signed form parameters of one SendSms call. */
export function signedSendSmsParams(opts: AliyunSmsOptions, req: SendSmsRequest, now = new Date(), nonce: string = randomUUID()): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: opts.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: req.phoneNumber,
    SignName: opts.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: req.templateCode,
    TemplateParam: JSON.stringify(req.templateParam),
    Timestamp: apiTimestamp(now),
    Version: '2017-05-25',
  };
  if (req.outId) params.OutId = req.outId;
  params.Signature = rpcSignature('POST', params, opts.accessKeySecret);
  return params;
}

// Business refusals the provider answers with HTTP 200 and a Code; these do not heal by retrying.
const permanent =
  /^(isv\.(MOBILE_NUMBER_ILLEGAL|INVALID_JSON_PARAM|TEMPLATE_MISSING_PARAMETERS|SMS_SIGNATURE_ILLEGAL|SMS_TEMPLATE_ILLEGAL|PARAM_LENGTH_LIMIT|BLACK_KEY_CONTROL_LIMIT|MOBILE_COUNT_OVER_LIMIT|INVALID_PARAMETERS|DENY_IP_RANGE)|SignatureDoesNotMatch|InvalidAccessKeyId.*|MissingParameter.*|InvalidVersion|InvalidAction.*)$/;

/** One SendSms call; network failures and 5xx come back as retryable refusals. */
export async function sendSms(opts: AliyunSmsOptions, req: SendSmsRequest): Promise<SendSmsResult> {
  const body = new URLSearchParams(signedSendSmsParams(opts, req));
  let res: Response;
  try {
    res = await fetch(`${opts.endpoint.replace(/\/+$/, '')}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString().replace(/\+/g, '%20'),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  } catch (err) {
    return { ok: false, code: 'NetworkError', message: err instanceof Error ? err.message : String(err), requestId: null, retryable: true };
  }
  const answer = (await res.json().catch(() => null)) as { Code?: string; Message?: string; RequestId?: string; BizId?: string } | null;
  if (!answer || typeof answer.Code !== 'string')
    return { ok: false, code: `HTTP${res.status}`, message: 'unreadable answer', requestId: null, retryable: res.status >= 500 || res.status === 429 };
  if (res.ok && answer.Code === 'OK') return { ok: true, bizId: answer.BizId ?? '', requestId: answer.RequestId ?? '' };
  return {
    ok: false,
    code: answer.Code,
    message: answer.Message ?? '',
    requestId: answer.RequestId ?? null,
    retryable: res.status >= 500 || (!permanent.test(answer.Code) && answer.Code !== 'isv.BUSINESS_LIMIT_CONTROL'),
  };
}
