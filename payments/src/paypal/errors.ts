import { ProviderError } from '../provider.js';
import type { PaypalErrorBody } from './wire.js';

/** The first `details[].issue` (e.g. ORDER_ALREADY_CAPTURED), else the error name. */
export function paypalIssue(body: PaypalErrorBody | undefined): string | undefined {
  return body?.details?.[0]?.issue ?? body?.name ?? body?.error;
}

// Issues that resolve themselves if the same call is made again a little later.
const RETRYABLE_ISSUES = new Set(['ORDER_COMPLETION_IN_PROGRESS', 'INTERNAL_SERVER_ERROR', 'RATE_LIMIT_REACHED']);

/** Maps an HTTP error answer to ProviderError: 5xx, 408 and 429 are retryable, other 4xx are not. */
export function providerErrorFromResponse(status: number, body: PaypalErrorBody | undefined, what: string): ProviderError {
  const issue = paypalIssue(body) ?? `HTTP_${status}`;
  const retryable = status >= 500 || status === 408 || status === 429 || RETRYABLE_ISSUES.has(issue);
  const text = body?.details?.[0]?.description ?? body?.message ?? body?.error_description ?? `HTTP ${status}`;
  const debug = body?.debug_id ? ` (debug_id ${body.debug_id})` : '';
  return new ProviderError('paypal', issue, `${what}: ${text}${debug}`, retryable, status);
}

/** Network failures and timeouts: the call may or may not have happened, so retrying is right. */
export function providerErrorFromNetwork(err: unknown, what: string): ProviderError {
  const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderError('paypal', timeout ? 'TIMEOUT' : 'NETWORK', `${what}: ${message}`, true);
}
