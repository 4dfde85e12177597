import mercurius from 'mercurius';
import { AppError, unauthenticated } from '../services/errors.js';
import { text, type Locale } from '../i18n/messages.js';
import type { ShopContext } from './context.js';

const { ErrorWithProps } = mercurius;

/** A refusal's GraphQL extensions, from the error catalogue: the stable code, the legacy code, the field at fault. */
export function refusalExtensions(err: AppError): Record<string, unknown> {
  return { code: err.gqlCode, legacyCode: err.code, ...(err.field ? { field: err.field } : {}) };
}

/** For the places the error formatter does not see (subscription starts on the WebSocket). */
export function toGraphQLError(err: AppError, locale: Locale) {
  return new ErrorWithProps(text(err.messageKey, locale), refusalExtensions(err));
}

export function requireUser(ctx: ShopContext) {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}
