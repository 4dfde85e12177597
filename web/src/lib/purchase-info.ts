// The purchase information of spec section 3 as the forms hold it (text per field) and as the
// API takes it (PurchaseInfoInput: trimmed, empty optional values as null).

export const PURCHASE_INFO_TEXT_FIELDS = [
  'streetNumber',
  'zip',
  'town',
  'province',
  'vatId',
  'landlineTel',
  'letterbox',
  'mobileTel',
  'purchaseOrderNo',
] as const;
export type PurchaseInfoTextField = (typeof PURCHASE_INFO_TEXT_FIELDS)[number];
/** Street, ZIP and city are required (with the country, chosen separately). */
export const REQUIRED_PURCHASE_INFO = new Set<string>(['streetNumber', 'zip', 'town']);

export interface PurchaseInfoValue {
  streetNumber: string;
  zip: string;
  town: string;
  country: string;
  province: string | null;
  vatId: string | null;
  landlineTel: string | null;
  letterbox: string | null;
  mobileTel: string | null;
  purchaseOrderNo: string | null;
}

export function purchaseInfoFrom(values: Record<PurchaseInfoTextField, string>, country: string): PurchaseInfoValue {
  const opt = (s: string) => s.trim() || null;
  return {
    streetNumber: values.streetNumber.trim(),
    zip: values.zip.trim(),
    town: values.town.trim(),
    country,
    province: opt(values.province),
    vatId: opt(values.vatId),
    landlineTel: opt(values.landlineTel),
    letterbox: opt(values.letterbox),
    mobileTel: opt(values.mobileTel),
    purchaseOrderNo: opt(values.purchaseOrderNo),
  };
}
