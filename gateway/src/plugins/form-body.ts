import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import qs from 'qs';

// The one parser of form bodies for every route: nested keys in bracket (`purchaseInfo[country]`)
// and dot (`purchaseInfo.country`) notation become objects, as the legacy client and PHP-style
// forms send them. Hostile input (deep nesting, thousands of fields, huge arrays) is refused as a
// whole with 400 instead of being silently cut, so no handler ever sees half a form.
export const FORM_LIMITS = { depth: 5, parameterLimit: 500, arrayLimit: 100 } as const;

export class FormBodyError extends Error {
  readonly statusCode = 400;
  /** The product's wording for the refusal (gateway/src/i18n/messages.ts). */
  readonly messageKey = 'payloadTooDeep';
}

export function parseFormBody(text: string): Record<string, unknown> {
  try {
    return qs.parse(text, {
      allowDots: true,
      depth: FORM_LIMITS.depth,
      strictDepth: true,
      parameterLimit: FORM_LIMITS.parameterLimit,
      arrayLimit: FORM_LIMITS.arrayLimit,
      throwOnLimitExceeded: true,
      // A key like `__proto__[x]` must not reach an object's prototype.
      allowPrototypes: false,
      charset: 'utf-8',
    }) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof RangeError) throw new FormBodyError(err.message);
    throw err;
  }
}

export default fp(
  async (app) => {
    await app.register(formbody, { parser: parseFormBody });
  },
  { name: 'form-body' },
);
