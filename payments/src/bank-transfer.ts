import type { AttemptStatus, CloseAnswer, CreateAttemptInput, CreatedAttempt, NotificationAnswer, PaymentProvider, VerifiedNotification } from './provider.js';
import { NotificationRejected } from './provider.js';
import { formatIban, type BankTransferDetails } from './setup/bank-details.js';

/** The account a bank-transfer buyer pays into, as shown in the notice and the mail. */
export interface BankAccount {
  payee: string;
  bank: string;
  /** Grouped in fours, as banks print it. */
  iban: string;
  bic: string;
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
        ? { payee: details.payee.trim(), bank: details.bank.trim(), iban: formatIban(details.iban), bic: details.bic.trim().toUpperCase() }
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
