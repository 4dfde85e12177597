import type { MessageKey } from '../i18n/messages.js';

/**
 * A refusal the caller can act on, in the product's wording. `code` is the legacy answer code
 * (the REST face puts it in the body), `gqlCode` the stable GraphQL extensions.code.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly code: number = 400,
    readonly gqlCode: string = 'BAD_USER_INPUT',
    readonly field?: string,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError('notLoggedIn', 401, 'UNAUTHENTICATED');
export const forbidden = () => new AppError('noPermission', 403, 'FORBIDDEN');
