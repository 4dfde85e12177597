import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../services/errors.js';
import { RateLimited } from '../../services/abuse/spend.js';
import { messages, text, type MessageKey } from '../../i18n/messages.js';

/** The legacy answer shape: `{code, message, data}` with HTTP 200, the outcome in `code`. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T | null;
}

export function ok<T>(req: FastifyRequest, data: T, message: MessageKey = 'success'): Envelope<T> {
  return { code: 200, message: text(message, req.locale), data };
}

export function isMessageKey(k: string): k is MessageKey {
  return Object.hasOwn(messages, k);
}

/**
 * The legacy scope's error handler: a refusal answers in the envelope as the error catalogue says
 * (HTTP 200 with the outcome in `code`, unless the entry names a status: 429 for a spent limit,
 * with Retry-After), anything else goes on to the app's handler.
 */
export function legacyErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply): Envelope<null> {
  if (err instanceof AppError) {
    // What the route-level limiter answered before the limits moved into the service layer.
    if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
    reply.code(err.entry.httpStatus ?? 200);
    return { code: err.code, message: text(err.messageKey, req.locale), data: null };
  }
  throw err;
}
