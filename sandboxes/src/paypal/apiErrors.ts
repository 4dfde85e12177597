import type { PaypalErrorBody } from '@shop/payments/paypal/wire';
import { newDebugId } from './ids.js';

/** Thrown inside the sandbox to answer with one of PayPal's error bodies. */
export class SandboxApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody,
  ) {
    super(body.message ?? body.error_description ?? `HTTP ${status}`);
  }
}

type Detail = { field?: string; value?: string; location?: string; issue: string; description?: string };

function body(name: string, message: string, details?: Detail[]): PaypalErrorBody {
  const issue = details?.[0]?.issue;
  return {
    name,
    message,
    debug_id: newDebugId(),
    ...(details ? { details } : {}),
    links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`, rel: 'information_link', method: 'GET' }],
  };
}

/** 400: the request is malformed or violates the schema. */
export const invalidRequest = (details: Detail[]) =>
  new SandboxApiError(
    400,
    body(
      'INVALID_REQUEST',
      'Request is not well-formed, syntactically incorrect, or violates schema.',
      details.map((d) => ({ location: 'body', ...d })),
    ),
  );

/** 422: well-formed, but the business rules refuse it (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, …). */
export const unprocessable = (issue: string, description: string) =>
  new SandboxApiError(
    422,
    body('UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [
      { issue, description },
    ]),
  );

export const resourceNotFound = () =>
  new SandboxApiError(
    404,
    body('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
      { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
    ]),
  );

export const authenticationFailure = () =>
  new SandboxApiError(
    401,
    body('AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.'),
  );

/** The OAuth endpoint answers in RFC 6749 style, not with PayPal's REST error body. */
export const oauthError = (status: number, error: string, description: string) => new SandboxApiError(status, { error, error_description: description });
