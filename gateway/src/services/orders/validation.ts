import { appError } from '../errors.js';

export interface PurchaseInfoFields {
  streetNumber: string;
  zip: string;
  town: string;
  province: string | null;
  country: string;
  vatId: string | null;
  letterbox: string | null;
  landlineTel: string | null;
  mobileTel: string | null;
  purchaseOrderNo: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const optional = (v: unknown) => text(v) || null;

function limit(value: string | null, max: number, field: string): void {
  if (value && [...value].length > max) throw appError(max === 64 ? 'tooLong64' : 'tooLong255', { field });
}

export function requireCountry(v: unknown): string {
  const c = text(v);
  if (!c) throw appError('selectCountry', { field: 'country' });
  limit(c, 64, 'country');
  return c;
}

/** Spec section 5: street, zip, town and country required; every text at most 64. */
export function validatePurchaseInfo(input: Record<string, unknown>): PurchaseInfoFields {
  const required = (name: string) => {
    const v = text(input[name]);
    if (!v) throw appError('pleaseEnter', { field: name });
    return v;
  };
  const info: PurchaseInfoFields = {
    streetNumber: required('streetNumber'),
    zip: required('zip'),
    town: required('town'),
    province: optional(input.province),
    country: requireCountry(input.country),
    vatId: optional(input.vatId),
    letterbox: optional(input.letterbox),
    landlineTel: optional(input.landlineTel),
    mobileTel: optional(input.mobileTel),
    purchaseOrderNo: optional(input.purchaseOrderNo),
  };
  for (const [k, v] of Object.entries(info)) limit(v, 64, k);
  return info;
}

export const invoiceFieldNames = [
  'invoicePayable',
  'services',
  'taxpayerInden',
  'registeredOffice',
  'financePhone',
  'accountOpeningBank',
  'bankAccount',
  'recipientName',
  'contactPhone',
  'contactArea',
  'contactMail',
  'province',
  'city',
  'area',
  'detailedAddress',
] as const;

export interface InvoiceFields {
  invoiceType: 'vat_general' | 'vat_special';
  pickupMethod: 'express' | 'electronic' | null;
  fields: Record<(typeof invoiceFieldNames)[number], string | null>;
}

/** Invoice fields are optional texts of at most 255 characters. */
export function validateInvoice(input: Record<string, unknown>): InvoiceFields {
  const type = text(input.invoiceType).toLowerCase();
  const invoiceType = type === 'vat_special' || type === '1' || type === 'special' ? 'vat_special' : 'vat_general';
  const pickup = text(input.pickupMethod).toLowerCase();
  const pickupMethod = pickup === 'express' || pickup === '0' ? 'express' : pickup === 'electronic' || pickup === '1' ? 'electronic' : null;
  const fields = {} as InvoiceFields['fields'];
  for (const name of invoiceFieldNames) {
    const v = optional(input[name]);
    limit(v, 255, name);
    fields[name] = v;
  }
  return { invoiceType, pickupMethod, fields };
}
