import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Quality 4: a tenth of a prerendered page's size for about a millisecond of work per page (the
// highest qualities take tens of milliseconds for little more). The work runs on libuv's pool.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

// The bodies sent for a page that is the same for many requests (a guest's page the prerenderer
// holds, the shell of a language), by encoding: built and compressed once, not per request.
const held = new WeakMap<object, Map<string, string | Buffer>>();

/**
 * Sends a page's HTML compressed when the client accepts brotli or gzip (a prerendered page is
 * 70-100 KB, 12-14 KB in gzip: on a phone's connection, a few hundred milliseconds before anything
 * shows). Only the SPA's pages: the assets come compressed from the build, and the legacy API's
 * answers stay byte for byte as before. (@fastify/compress attaches to routes, and most pages
 * are answered by the not-found handler, which is not one.) With `keep`, an object that lives as
 * long as the page stays the same, the body is kept for the next request.
 */
export async function sendHtml(req: FastifyRequest, reply: FastifyReply, html: () => string, keep?: object): Promise<FastifyReply> {
  reply.type('text/html; charset=utf-8').header('vary', varyWith(reply.getHeader('vary'), 'accept-encoding'));
  const accepted = req.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : null;
  let bodies = keep ? held.get(keep) : undefined;
  if (keep && !bodies) held.set(keep, (bodies = new Map()));
  let body = bodies?.get(encoding ?? 'identity');
  if (body === undefined) {
    const text = html();
    body = encoding === 'br' ? await brotli(text, BROTLI) : encoding === 'gzip' ? await gzipped(text) : text;
    bodies?.set(encoding ?? 'identity', body);
  }
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

function varyWith(current: unknown, name: string): string {
  const names = typeof current === 'string' && current ? current.split(',').map((n) => n.trim()) : [];
  return names.some((n) => n.toLowerCase() === name) ? names.join(', ') : [...names, name].join(', ');
}
