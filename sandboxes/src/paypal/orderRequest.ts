import { decimalToCents } from '@shop/payments/provider';
import type { PaypalExperienceContext, PaypalOrderRequest } from '@shop/payments/paypal/wire';
import { invalidRequest, unprocessable } from './apiErrors.js';
import type { SandboxOrder } from './store.js';

export type ParsedOrderRequest = Pick<SandboxOrder, 'experience' | 'viaPaymentSource'> & {
  unit: Omit<SandboxOrder['unit'], 'payee'>;
};

function checkLength(field: string, value: unknown, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest([{ field, issue: 'INVALID_PARAMETER_SYNTAX', description: `${field} must be a string.` }]);
  if (value.length < 1 || value.length > max) {
    throw invalidRequest([{ field, value, issue: 'INVALID_STRING_LENGTH', description: `The value of a field is either too short or too long (1-${max}).` }]);
  }
  return value;
}

function checkUrl(field: string, value: unknown): string | undefined {
  const url = checkLength(field, value, 4000);
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // fall through
  }
  throw invalidRequest([
    { field, value: url, issue: 'INVALID_PARAMETER_SYNTAX', description: 'The value of a field does not conform to the expected format.' },
  ]);
}

/** Validates a create-order body the way Orders v2 does for the fields this sandbox models. */
export function parseOrderRequest(raw: unknown): ParsedOrderRequest {
  if (!raw || typeof raw !== 'object') throw invalidRequest([{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);
  const req = raw as Partial<PaypalOrderRequest>;
  if (req.intent === undefined)
    throw invalidRequest([{ field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }]);
  if (req.intent !== 'CAPTURE' && req.intent !== 'AUTHORIZE') {
    throw invalidRequest([{ field: '/intent', value: String(req.intent), issue: 'INVALID_PARAMETER_VALUE', description: 'The value of a field is invalid.' }]);
  }
  // Sandbox scope: one purchase unit, intent CAPTURE (what the storefront uses).
  if (req.intent === 'AUTHORIZE') throw unprocessable('UNSUPPORTED_INTENT', 'This local sandbox only models intent=CAPTURE.');
  const units = req.purchase_units;
  if (!Array.isArray(units) || units.length === 0) {
    throw invalidRequest([{ field: '/purchase_units', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }]);
  }
  if (units.length > 1) throw unprocessable('MULTIPLE_PURCHASE_UNITS_UNSUPPORTED', 'This local sandbox only models one purchase unit.');
  const unit = units[0]!;
  const amount = unit.amount;
  if (!amount || typeof amount !== 'object') {
    throw invalidRequest([
      {
        field: "/purchase_units/@reference_id=='default'/amount",
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'A required field / parameter is missing.',
      },
    ]);
  }
  if (typeof amount.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code)) {
    throw invalidRequest([
      { field: "/purchase_units/@reference_id=='default'/amount/currency_code", issue: 'INVALID_PARAMETER_VALUE', description: 'Currency code is invalid.' },
    ]);
  }
  const cents = typeof amount.value === 'string' ? decimalToCents(amount.value) : null;
  if (cents === null) {
    throw invalidRequest([
      {
        field: "/purchase_units/@reference_id=='default'/amount/value",
        value: String(amount.value),
        issue: 'DECIMAL_PRECISION',
        description: 'If the currency supports decimals, only two decimal place precision is supported.',
      },
    ]);
  }
  if (cents <= 0) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');

  const ctx: PaypalExperienceContext = req.payment_source?.paypal?.experience_context ?? req.application_context ?? {};
  const referenceId = checkLength('/purchase_units/0/reference_id', unit.reference_id, 256) ?? 'default';
  const customId = checkLength('/purchase_units/0/custom_id', unit.custom_id, 127);
  const invoiceId = checkLength('/purchase_units/0/invoice_id', unit.invoice_id, 127);
  const description = checkLength('/purchase_units/0/description', unit.description, 127);
  return {
    unit: {
      reference_id: referenceId,
      ...(customId ? { custom_id: customId } : {}),
      ...(invoiceId ? { invoice_id: invoiceId } : {}),
      ...(description ? { description } : {}),
      amount: { currency_code: amount.currency_code, value: amount.value },
    },
    experience: {
      return_url: checkUrl('/payment_source/paypal/experience_context/return_url', ctx.return_url),
      cancel_url: checkUrl('/payment_source/paypal/experience_context/cancel_url', ctx.cancel_url),
      brand_name: checkLength('/payment_source/paypal/experience_context/brand_name', ctx.brand_name, 127),
      locale: checkLength('/payment_source/paypal/experience_context/locale', ctx.locale, 10),
      shipping_preference: ctx.shipping_preference,
      user_action: ctx.user_action,
    },
    viaPaymentSource: req.payment_source?.paypal !== undefined,
  };
}
