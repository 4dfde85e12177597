import mercurius from 'mercurius';
import { AppError, unauthenticated } from '../services/errors.js';
import { text, type Locale } from '../i18n/messages.js';
import type { ShopContext } from './context.js';

const { ErrorWithProps } = mercurius;

/** Runs a resolver body and turns refusals into GraphQL errors with a stable extensions.code. */
export async function guarded<T>(ctx: ShopContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw toGraphQLError(err, ctx.locale);
    throw err;
  }
}

export function toGraphQLError(err: AppError, locale: Locale) {
  return new ErrorWithProps(text(err.messageKey, locale), { code: err.gqlCode, legacyCode: err.code, ...(err.field ? { field: err.field } : {}) });
}

export function requireUser(ctx: ShopContext) {
  if (!ctx.user) throw toGraphQLError(unauthenticated(), ctx.locale);
  return ctx.user;
}
