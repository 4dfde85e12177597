// The account a bank-transfer buyer pays into, from the payments configuration.

export interface BankTransferDetails {
  /** Default true; false removes bank transfer from the checkout. */
  enabled?: boolean;
  /** Account holder, as the buyer writes it on the transfer. */
  payee?: string;
  /** The account holder's postal address: banks in China ask for the beneficiary's address on an international wire. */
  payeeAddress?: string;
  bank?: string;
  /** The bank's address (with the BIC, what a wire from outside SEPA names). */
  bankAddress?: string;
  iban?: string;
  bic?: string;
  /**
   * Who pays the wire's charges, as the buyer is asked to choose at their bank: OUR (the buyer pays
   * all, the full amount arrives; the default) or SHA (shared: each side pays its own bank).
   */
  charges?: BankCharges;
}

export type BankCharges = 'OUR' | 'SHA';
export const BANK_CHARGES: readonly BankCharges[] = ['OUR', 'SHA'];

/** IBAN check digits (ISO 13616, mod 97), after removing spaces. */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export function bicValid(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic.trim().toUpperCase());
}

/** IBAN in groups of four, the way banks print it. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

export function bankDetailProblems(d: BankTransferDetails | undefined): string[] {
  if (d?.enabled === false) return [];
  const out: string[] = [];
  if (!d?.payee?.trim()) out.push('bankTransfer.payee (account holder) is required while bank transfer is enabled');
  if (!d?.payeeAddress?.trim()) out.push("bankTransfer.payeeAddress (the account holder's address) is required while bank transfer is enabled");
  if (!d?.bank?.trim()) out.push('bankTransfer.bank is required while bank transfer is enabled');
  if (!d?.bankAddress?.trim()) out.push("bankTransfer.bankAddress (the bank's address) is required while bank transfer is enabled");
  if (!d?.iban || !ibanValid(d.iban)) out.push('bankTransfer.iban must be a valid IBAN while bank transfer is enabled');
  if (!d?.bic || !bicValid(d.bic)) out.push('bankTransfer.bic must be a valid BIC/SWIFT code while bank transfer is enabled');
  out.push(...chargesProblems(d));
  return out;
}

/** A charges instruction other than OUR or SHA (checked at every start: the buyer would be told nonsense). */
export function chargesProblems(d: BankTransferDetails | undefined): string[] {
  return d?.charges === undefined || BANK_CHARGES.includes(d.charges) ? [] : [`bankTransfer.charges must be "OUR" or "SHA", got "${String(d.charges)}"`];
}
