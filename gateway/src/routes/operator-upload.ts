import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { text, type MessageKey } from '../i18n/messages.js';
import { routeLimit } from '../services/abuse/budgets.js';
import { AppError } from '../services/errors.js';
import { requireOperator, type Operator } from '../services/admin/operator.js';
import { resolveSession } from '../plugins/session.js';
import { refuseCrossSite } from './legacy/cross-site.js';

// An operator sends a file (a bank statement, an invoice) as the raw request body: the browser's
// `fetch(url, { method: 'PUT', body: file })` with the file's own Content-Type and its name in the
// X-File-Name header. A raw body needs no multipart parser and no temporary files, and the whole
// file is in memory only up to the route's limit, which these files (a few hundred KB) stay far below.
//
// The checks run in request hooks, before a byte of the body is read, and every refusal answers in
// the `{code, message, data}` envelope with the product's wording and a real HTTP status:
// - 429 past the per-client budget `upload` (services/abuse/budgets.ts);
// - 401 for a guest, 403 for a buyer: the session (cookie or bearer) and role, as every admin
//   resolver checks them (requireOperator);
// - CSRF, as the /graphql route prevents it (graphql/http-guard.ts): only a request a plain
//   cross-site form cannot send may change anything. A form can send only
//   x-www-form-urlencoded, multipart/form-data or text/plain, and no custom header; an upload must
//   carry a media type of the route's list (none of those three: checked at registration) and the
//   X-File-Name header, so a cross-site script needs a CORS preflight, which the gateway never
//   grants. The legacy routes' Origin check is applied too;
// - 415 for a media type the route does not take (application/octet-stream only with one of the
//   route's file name extensions);
// - 413 for a body over the limit, from Content-Length before reading, or while reading a chunked one;
// - 400 for an empty file.
// Nothing is written on a refusal: the route's handler runs only after all of them.

/** Media types a cross-site HTML form can send without a preflight: never an upload's. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const OCTET_STREAM = 'application/octet-stream';
export const FILE_NAME_HEADER = 'x-file-name';

export interface OperatorUpload {
  /** The file exactly as sent. */
  body: Buffer;
  /** The media type of the request (Content-Type without its parameters, lower case). */
  mediaType: string;
  /** The file's name as the browser knows it (X-File-Name, URI-encoded by the client), at most 255 characters. */
  fileName: string;
  operator: Operator;
}

export interface OperatorUploadRoute<T> {
  url: string;
  method?: 'PUT' | 'POST';
  /** The largest file taken, in bytes. */
  maxBytes: number;
  /** The media types taken, lower case (e.g. text/csv); never a type a plain form can send. */
  mediaTypes: readonly string[];
  /** File name extensions (with the dot) that make an application/octet-stream upload acceptable. */
  extensions?: readonly string[];
  /** The refusal of a wrong type when the route can name what it takes (default `fileTypeUnsupported`). */
  typeMessage?: MessageKey;
  /** Does the work; an AppError it throws answers as the error catalogue says. Answers `data` of a 200 envelope. */
  handle: (upload: OperatorUpload, req: FastifyRequest) => Promise<T>;
}

const mediaTypeOf = (req: FastifyRequest) =>
  String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

function fileNameOf(req: FastifyRequest): string {
  const raw = req.headers[FILE_NAME_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return '';
  let name: string;
  try {
    name = decodeURIComponent(value);
  } catch {
    name = value;
  }
  // Only the last path segment, no control characters: the name is shown and logged, never used as a path.
  return [...(name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '')].slice(0, 255).join('');
}

function refuse(req: FastifyRequest, reply: FastifyReply, status: number, key: MessageKey): FastifyReply {
  return reply.code(status).send({ code: status, message: text(key, req.locale), data: null });
}

/** The HTTP status of a refusal the handler raised: the catalogue's own, else its legacy code where that is one. */
function statusOf(err: AppError): number {
  if (err.entry.httpStatus) return err.entry.httpStatus;
  return err.code >= 400 && err.code < 500 ? err.code : 400;
}

/**
 * Adds an operator-only upload route to `app`, in a scope of its own so that its body parser and
 * hooks touch no other route.
 */
export async function registerOperatorUpload<T>(app: FastifyInstance, route: OperatorUploadRoute<T>): Promise<void> {
  const types = new Set(route.mediaTypes.map((m) => m.toLowerCase()));
  for (const t of types) if (FORM_TYPES.has(t)) throw new Error(`an upload route cannot take ${t}: a cross-site form can send it`);
  const extensions = (route.extensions ?? []).map((e) => e.toLowerCase());
  if (extensions.length) types.add(OCTET_STREAM);

  const operatorOnly: onRequestHookHandler = (req, reply, done) => {
    try {
      requireOperator(req.user);
    } catch (err) {
      if (err instanceof AppError) return void refuse(req, reply, statusOf(err), err.messageKey);
      return done(err as Error);
    }
    done();
  };
  const fileChecks: onRequestHookHandler = (req, reply, done) => {
    const type = mediaTypeOf(req);
    const name = fileNameOf(req).toLowerCase();
    const typeOk = type === OCTET_STREAM ? extensions.some((e) => name.endsWith(e)) : types.has(type);
    if (!typeOk || !req.headers[FILE_NAME_HEADER]) return void refuse(req, reply, 415, route.typeMessage ?? 'fileTypeUnsupported');
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > route.maxBytes) return void refuse(req, reply, 413, 'fileTooLarge');
    done();
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser([...types], { parseAs: 'buffer', bodyLimit: route.maxBytes }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: Error & { code?: string; statusCode?: number }, req, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(req, reply, 413, 'fileTooLarge');
      if (err instanceof AppError) return refuse(req, reply, statusOf(err), err.messageKey);
      throw err;
    });
    scope.route({
      method: route.method ?? 'PUT',
      url: route.url,
      bodyLimit: route.maxBytes,
      config: { rateLimit: routeLimit('upload', app.config.rateLimitScale) },
      onRequest: [resolveSession, refuseCrossSite(app.config.publicUrl), operatorOnly, fileChecks],
      handler: async (req, reply) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (body.length === 0) return refuse(req, reply, 400, 'fileEmpty');
        const upload: OperatorUpload = { body, mediaType: mediaTypeOf(req), fileName: fileNameOf(req), operator: requireOperator(req.user) };
        const data = await route.handle(upload, req);
        return { code: 200, message: text('success', req.locale), data };
      },
    });
  });
}
