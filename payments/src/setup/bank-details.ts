// The account a bank-transfer buyer pays into, from the payments configuration.

export interface BankTransferDetails {
  /** Default true; false removes bank transfer from the checkout. */
  enabled?: boolean;
  /** Account holder, as the buyer writes it on the transfer. */
  payee?: string;
  bank?: string;
  iban?: string;
  bic?: string;
}

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
  if (!d?.bank?.trim()) out.push('bankTransfer.bank is required while bank transfer is enabled');
  if (!d?.iban || !ibanValid(d.iban)) out.push('bankTransfer.iban must be a valid IBAN while bank transfer is enabled');
  if (!d?.bic || !bicValid(d.bic)) out.push('bankTransfer.bic must be a valid BIC/SWIFT code while bank transfer is enabled');
  return out;
}
