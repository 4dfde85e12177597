/** Why a refund cannot be asked for; `code` is stable for the API, the message is for the log. */
export class RefundRefused extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'NOT_PAID' | 'NOTHING_TO_REFUND' | 'WRONG_KIND' | 'REFERENCE_REQUIRED',
    message: string,
  ) {
    super(message);
    this.name = 'RefundRefused';
  }
}
