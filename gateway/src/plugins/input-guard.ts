import type { FastifyReply, FastifyRequest } from 'fastify';
import { text } from '../i18n/messages.js';

const MAX_NODES = 10_000;

/** True when any string in the value holds a NUL: PostgreSQL cannot store one in text. */
function hasNul(value: unknown, budget = { n: MAX_NODES }): boolean {
  // An uploaded file is bytes, not fields: a NUL in it is no attack on the database.
  if (Buffer.isBuffer(value)) return false;
  if (--budget.n < 0) return true;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => hasNul(v, budget));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, budget));
  return false;
}

/**
 * Refuses input no field can legitimately carry (NUL characters, absurdly nested bodies) with the
 * product's "Invalid request" before any handler sees it, instead of failing deep in the database.
 */
export function inputGuard(req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
  if (hasNul(req.body) || hasNul(req.query) || hasNul(req.params)) {
    reply.code(400).send({ code: 400, message: text('badRequest', req.locale ?? 'en'), data: null });
    return;
  }
  done();
}
