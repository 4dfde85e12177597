import { CombinedGraphQLErrors } from '@apollo/client/errors';

export interface ApiError {
  /** Stable extensions.code of the first GraphQL error, or NETWORK when there was no answer. */
  code: string;
  /** The server's message, already in the UI language (the locale header), if any. */
  message: string | null;
  field: string | null;
}

export function apiError(err: unknown): ApiError {
  if (CombinedGraphQLErrors.is(err)) {
    const first = err.errors[0];
    const ext = (first?.extensions ?? {}) as { code?: unknown; field?: unknown };
    return {
      code: typeof ext.code === 'string' ? ext.code : 'UNKNOWN',
      message: first?.message ?? null,
      field: typeof ext.field === 'string' ? ext.field : null,
    };
  }
  return { code: 'NETWORK', message: null, field: null };
}

/** A server message when the server gave one with a stable code; else the fallback text. */
export function messageOf(err: unknown, fallback: string): string {
  const e = apiError(err);
  return e.code !== 'NETWORK' && e.code !== 'INTERNAL' && e.code !== 'UNKNOWN' && e.message ? e.message : fallback;
}
