// Checks both prepay products (domestic reference 4.1, global reference 1.2) apply the same way:
// the body must be a JSON object, notify_url an absolute https address without query or fragment.
import type { Outcome } from './orders.js';

export const paramError = (message: string) => ({ error: { status: 400, code: 'PARAM_ERROR', message } });

/** The request body as a JSON object, or the PARAM_ERROR WeChat answers for anything else. */
export function parsePrepayBody<T extends object>(raw: string): Outcome<T> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return paramError('请求体不是合法的JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return paramError('请求体不是JSON对象');
  return { ok: body as T };
}

/** WeChat's message for an unusable notify_url, or undefined; plain http only where the sandbox allows it (local runs). */
export function notifyUrlProblem(notifyUrl: string, requireHttps: boolean): string | undefined {
  let notify: URL;
  try {
    notify = new URL(notifyUrl);
  } catch {
    return 'notify_url格式错误';
  }
  if (notify.search || notify.hash) return 'notify_url不能携带参数';
  if (notify.protocol !== 'https:' && (requireHttps || notify.protocol !== 'http:')) return 'notify_url必须为https地址';
  return undefined;
}
