import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** Turns a refusal into the legacy envelope; anything else goes to the app's error handler. */
export function legacyError(err: unknown, req: FastifyRequest, reply: FastifyReply): Envelope<null> {
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

/** Wraps a legacy handler so refusals answer in the envelope. */
export function legacy<T>(handler: (req: FastifyRequest, reply: FastifyReply) => Promise<Envelope<T>>) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<Envelope<T> | Envelope<null>> => {
    try {
      return await handler(req, reply);
    } catch (err) {
      return legacyError(err, req, reply);
    }
  };
}

/** Form fields arrive as strings, or arrays when a key repeats: the first value wins. */
export function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const v = (body as Record<string, unknown>)[name];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}
