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
 * The legacy scope's error handler: a refusal answers in the envelope (HTTP 200, the outcome in
 * `code`; 429 with Retry-After when a limit is spent), anything else goes on to the app's handler.
 */
export function legacyErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply): Envelope<null> {
  if (err instanceof RateLimited) {
    // What the route-level limiter answered before the limits moved into the service layer.
    reply.code(429).header('retry-after', String(err.retryAfterSeconds));
    return { code: 429, message: text(err.key, req.locale), data: null };
  }
  if (err instanceof AppError) {
    reply.code(200);
    return { code: err.code, message: text(err.key, req.locale), data: null };
  }
  throw err;
}
