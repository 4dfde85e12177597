// The payload of an EPC QR code ("GiroCode", EPC069-12 version 002): a SEPA credit transfer a
// banking app fills in from a scan. Fields one per line, in this order; the app shows them to the
// payer before anything is sent.

export interface EpcTransfer {
  bic: string;
  /** The beneficiary, at most 70 characters. */
  name: string;
  iban: string;
  /** Euro with two decimals ("75.00"). */
  amount: string;
  /** Free text the beneficiary matches the money by (at most 140 characters): the order number. */
  remittance: string;
}

const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();
const cut = (s: string, n: number) => [...s.replace(/[\r\n]+/g, ' ').trim()].slice(0, n).join('');

/** The lines of the code, or null when the amount is not one a SEPA transfer can carry. */
export function epcPayload(d: EpcTransfer): string | null {
  const amount = Number(d.amount);
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(d.amount) || !(amount >= 0.01)) return null;
  return [
    'BCD', // service tag
    '002', // version
    '1', // character set: UTF-8
    'SCT', // SEPA credit transfer
    compact(d.bic),
    cut(d.name, 70),
    compact(d.iban),
    `EUR${amount.toFixed(2)}`,
    '', // purpose code
    '', // structured (RF) reference: none, the order number goes in the text
    cut(d.remittance, 140),
  ].join('\n');
}
