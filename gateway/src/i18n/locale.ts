import type { FastifyRequest } from 'fastify';
import type { Locale } from './messages.js';

/** The legacy client sends a `locale` header when a language is stored; en is the default. */
export function requestLocale(req: Pick<FastifyRequest, 'headers'>): Locale {
  const h = req.headers;
  const explicit = h['locale'] ?? h['lang'] ?? h['x-locale'];
  const value = (Array.isArray(explicit) ? explicit[0] : explicit)?.toLowerCase();
  if (value) return value.startsWith('zh') ? 'zh' : 'en';
  const accept = h['accept-language'];
  return typeof accept === 'string' && /^zh/i.test(accept.trim()) ? 'zh' : 'en';
}
