import type { FastifyRequest } from 'fastify';
import { failureStatus } from '../services/failures.js';
import { requestLocale } from '../i18n/locale.js';
import { text } from '../i18n/messages.js';
import { AppError } from '../services/errors.js';
import { refusalExtensions } from './errors.js';

interface RawError {
  message: string;
  locations?: readonly unknown[];
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
  originalError?: (Error & { errors?: unknown; statusCode?: number; code?: unknown }) | null;
}

interface Formatted {
  message: string;
  locations?: readonly unknown[];
  path?: readonly (string | number)[];
  extensions: Record<string, unknown>;
}

const isGraphqlError = (e: unknown) => !!e && typeof e === 'object' && (e as { name?: unknown }).name === 'GraphQLError';

function shown(e: RawError, extensions: Record<string, unknown>): Formatted {
  return { message: e.message, ...(e.locations ? { locations: e.locations } : {}), ...(e.path ? { path: e.path } : {}), extensions };
}

/**
 * The one place GraphQL answers are given their errors and HTTP status:
 * - refusals of the service layer (AppError, wherever a resolver or loader threw it) answer as the
 *   error catalogue says: its message in the request's language, its code (BAD_USER_INPUT,
 *   RATE_LIMITED, …), the legacy code and the field; HTTP 200;
 * - a request that cannot run (syntax, validation, variables, too complex): GRAPHQL_VALIDATION_FAILED
 *   or its own code, HTTP 400 whether it has one error or several; a body over the limit
 *   PAYLOAD_TOO_LARGE, HTTP 413;
 * - anything else is a server failure, wherever it happened (a resolver, a request hook such as the
 *   session look-up): a generic message in the request's language and the request id, the detail
 *   only in the log; HTTP 503 while a dependency is down, else 500 when no data could be given.
 */
export function formatGraphqlErrors(
  execution: { data?: unknown; errors?: readonly RawError[] },
  req: FastifyRequest | undefined,
): { statusCode: number; response: { data: unknown; errors: Formatted[] } } {
  const locale = req ? requestLocale(req) : 'en';
  const data = execution.data ?? null;
  const errors: Formatted[] = [];
  let requestError = false;
  let requestStatus = 400;
  let serverStatus: 500 | 503 | null = null;
  for (const e of execution.errors ?? []) {
    const original = e.originalError ?? undefined;
    // mercurius wraps the validation errors of a document in one error (MER_ERR_GQL_VALIDATION).
    if (original && Array.isArray(original.errors) && original.errors.every(isGraphqlError)) {
      requestError = true;
      for (const inner of original.errors as RawError[])
        errors.push(shown(inner, { ...inner.extensions, code: inner.extensions?.code ?? 'GRAPHQL_VALIDATION_FAILED' }));
      continue;
    }
    if (original instanceof AppError) {
      if (!e.path) requestError = true;
      errors.push(shown({ ...e, message: text(original.messageKey, locale) }, refusalExtensions(original)));
      continue;
    }
    const code = e.extensions?.code;
    if (typeof code === 'string') {
      if (!e.path) requestError = true;
      errors.push(shown(e, e.extensions!));
      continue;
    }
    // graphql-js's own errors (syntax, unknown fields, variable coercion) carry no original error.
    if (!original || isGraphqlError(original)) {
      if (!e.path) requestError = true;
      errors.push(shown(e, { ...e.extensions, code: 'GRAPHQL_VALIDATION_FAILED' }));
      continue;
    }
    // The plugin's own refusals of the request itself (malformed JSON body, wrong method, a body
    // over the limit) keep their 4xx status; an oversize body answers 413 as the legacy routes do.
    if (typeof original.statusCode === 'number' && original.statusCode >= 400 && original.statusCode < 500 && failureStatus(original) === 500) {
      requestError = true;
      requestStatus = original.statusCode;
      errors.push(
        original.statusCode === 413
          ? { message: text('payloadTooLarge', locale), extensions: { code: 'PAYLOAD_TOO_LARGE' } }
          : { message: e.message, extensions: { code: 'BAD_REQUEST' } },
      );
      continue;
    }
    const status = failureStatus(original);
    serverStatus = serverStatus === 503 || status === 503 ? 503 : 500;
    req?.log.error({ err: original }, 'graphql error');
    errors.push({
      message: text(status === 503 ? 'serviceUnavailable' : 'internalError', locale),
      ...(e.locations ? { locations: e.locations } : {}),
      ...(e.path ? { path: e.path } : {}),
      extensions: { code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', requestId: req?.id },
    });
  }
  let statusCode = 200;
  if (serverStatus === 503) statusCode = 503;
  else if (serverStatus === 500 && data === null) statusCode = 500;
  else if (requestError && data === null) statusCode = requestStatus;
  return { statusCode, response: { data, errors } };
}
