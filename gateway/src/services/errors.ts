import type { MessageKey } from '../i18n/messages.js';
import { errorCatalogue, type CatalogueEntry, type ErrorKey, type GqlCode } from './error-catalogue.js';

export type { ErrorKey } from './error-catalogue.js';

/**
 * A refusal the caller can act on, in the product's wording. Everything a face answers with (the
 * legacy code, GraphQL's extensions.code, the message) comes from the catalogue entry of `key`;
 * `field` names the input at fault, where there is one.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly field?: string,
  ) {
    super(key);
    this.name = 'AppError';
  }

  get entry(): CatalogueEntry {
    return errorCatalogue[this.key];
  }

  /** The legacy answer code. */
  get code(): number {
    return this.entry.legacyCode;
  }

  get gqlCode(): GqlCode {
    return this.entry.gqlCode;
  }

  get messageKey(): MessageKey {
    return this.entry.message;
  }
}

export function appError(key: ErrorKey, opts?: { field?: string }): AppError {
  return new AppError(key, opts?.field);
}

export const unauthenticated = () => appError('notLoggedIn');
export const forbidden = () => appError('noPermission');
