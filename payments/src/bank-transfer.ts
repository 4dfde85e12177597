import type { AttemptStatus, CloseAnswer, CreateAttemptInput, CreatedAttempt, NotificationAnswer, PaymentProvider, VerifiedNotification } from './provider.js';
import { NotificationRejected } from './provider.js';
import { formatIban, type BankCharges, type BankTransferDetails } from './setup/bank-details.js';

/** The account a bank-transfer buyer pays into, as shown in the notice and the mail. */
export interface BankAccount {
  payee: string;
  /** Null while not configured (a production start refuses that). */
  payeeAddress: string | null;
  bank: string;
  bankAddress: string | null;
  /** Grouped in fours, as banks print it. */
  iban: string;
  bic: string;
  charges: BankCharges;
}

/**
 * Offline payment: nothing happens at a provider. The order waits with a payment reference
 * (the buyer quotes it on the transfer) until an operator records the money as received.
 */
export class BankTransferProvider implements PaymentProvider {
  readonly name = 'bank_transfer' as const;
  readonly identity = {};
  readonly offline = true;
  /** Null until the configuration names the account (a production start refuses that). */
  readonly account: BankAccount | null;

  constructor(details?: BankTransferDetails) {
    this.account =
      details?.payee && details.bank && details.iban && details.bic
        ? {
            payee: details.payee.trim(),
            payeeAddress: details.payeeAddress?.trim() || null,
            bank: details.bank.trim(),
            bankAddress: details.bankAddress?.trim() || null,
            iban: formatIban(details.iban),
            bic: details.bic.trim().toUpperCase(),
            charges: details.charges === 'SHA' ? 'SHA' : 'OUR',
          }
        : null;
  }

  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    return { providerRef: input.orderNo, nextAction: { type: 'offline', reference: input.orderNo } };
  }

  async query(outTradeNo: string): Promise<AttemptStatus> {
    return { state: 'pending', outTradeNo };
  }

  async close(): Promise<CloseAnswer> {
    // Nobody can pay a transfer into a closed attempt: the money would be a payment without an order.
    return { state: 'closed' };
  }

  async verifyNotification(): Promise<VerifiedNotification> {
    throw new NotificationRejected('no_notifications', 'bank transfers are completed by an operator, not by notifications');
  }

  answer(acknowledged: boolean): NotificationAnswer {
    return { status: acknowledged ? 204 : 400, contentType: 'text/plain', body: '' };
  }
}
