import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Quality 4: a tenth of a prerendered page's size for about a millisecond of work per page (the
// highest qualities take tens of milliseconds for little more). The work runs on libuv's pool.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/**
 * Sends a page's HTML compressed when the client accepts brotli or gzip (a prerendered page is
 * 70-100 KB, 12-14 KB in gzip: on a phone's connection, a few hundred milliseconds before anything
 * shows). Only the SPA's pages: the assets come compressed from the build, and the legacy API's
 * answers stay byte for byte as before. (@fastify/compress attaches to routes, and most pages
 * are answered by the not-found handler, which is not one.)
 */
export async function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  reply.type('text/html; charset=utf-8').header('vary', varyWith(reply.getHeader('vary'), 'accept-encoding'));
  const accepted = req.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : null;
  if (!encoding) return reply.send(html);
  const body = encoding === 'br' ? await brotli(html, BROTLI) : await gzipped(html);
  return reply.header('content-encoding', encoding).send(body);
}

function varyWith(current: unknown, name: string): string {
  const names = typeof current === 'string' && current ? current.split(',').map((n) => n.trim()) : [];
  return names.some((n) => n.toLowerCase() === name) ? names.join(', ') : [...names, name].join(', ');
}
