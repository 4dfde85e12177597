// The invoice of spec section 3, shared by the purchase dialog and the order views.
import { graphql } from './graphql';

export type InvoiceType = 'VAT_GENERAL' | 'VAT_SPECIAL';
export type PickupMethod = 'EXPRESS' | 'ELECTRONIC';

/** The text fields, in the order the form and the views show them. */
export const INVOICE_TEXT_FIELDS = [
  'invoicePayable',
  'taxpayerInden',
  'services',
  'registeredOffice',
  'financePhone',
  'accountOpeningBank',
  'bankAccount',
  'recipientName',
  'contactArea',
  'contactPhone',
  'contactMail',
  'province',
  'city',
  'area',
  'detailedAddress',
] as const;
export type InvoiceTextField = (typeof INVOICE_TEXT_FIELDS)[number];

export type Invoice = { invoiceType: InvoiceType; pickupMethod: PickupMethod | null } & Record<InvoiceTextField, string | null>;

/**
 * Which texts an invoice needs: a payee always; a VAT special invoice also the company's tax and
 * bank details; an electronic one a mailbox, one sent by express a recipient and an address.
 * (The spec leaves the required set open; these follow what each kind of invoice cannot do without.)
 */
export function requiredInvoiceFields(type: InvoiceType, pickup: PickupMethod): Set<InvoiceTextField> {
  const out = new Set<InvoiceTextField>(['invoicePayable']);
  if (type === 'VAT_SPECIAL') for (const f of ['taxpayerInden', 'registeredOffice', 'financePhone', 'accountOpeningBank', 'bankAccount'] as const) out.add(f);
  if (pickup === 'ELECTRONIC') out.add('contactMail');
  else for (const f of ['recipientName', 'contactPhone', 'province', 'city', 'detailedAddress'] as const) out.add(f);
  return out;
}

/** What the buyer's and the operator's order views read of an invoice. */
export const INVOICE_FIELDS = graphql(`
  fragment InvoiceFields on Invoice {
    invoiceType
    pickupMethod
    invoicePayable
    taxpayerInden
    services
    registeredOffice
    financePhone
    accountOpeningBank
    bankAccount
    recipientName
    contactArea
    contactPhone
    contactMail
    province
    city
    area
    detailedAddress
  }
`);

/** An issued invoice as the buyer's and the operator's order views read it. */
export const ISSUED_INVOICE_FIELDS = graphql(`
  fragment IssuedInvoiceFields on IssuedInvoice {
    delivery
    issuedAt
    fileName
    downloadUrl
    courier
    trackingNo
  }
`);
