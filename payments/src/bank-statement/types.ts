// A bank statement turned into what reconciliation needs: the money that came in.

/** One credit (transfer in) on the shop's account, as the bank booked it. */
export interface BankCredit {
  /**
   * The bank's reference of the booking: camt.053 AcctSvcrRef (else NtryRef) of the entry, with
   * `/n` for the n-th transaction of an entry that batches several (or the transaction's own
   * AcctSvcrRef); for a CSV export the reference column, else a hash of the row's content.
   */
  entryRef: string;
  /** YYYY-MM-DD. */
  bookingDate: string;
  valueDate?: string;
  /** Positive, minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** The remittance information as one text: unstructured lines, then structured references. */
  reference: string;
  debtorName?: string;
  /** The payer's end-to-end id (SEPA), when the bank passes it on and it is not NOTPROVIDED. */
  endToEndId?: string;
}

/** A statement that cannot be read; `where` names the line or element. */
export class BankStatementError extends Error {
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(`${where}: ${message}`);
    this.name = 'BankStatementError';
  }
}
