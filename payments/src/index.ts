export * from './provider.js';
export { BankTransferProvider, type BankAccount } from './bank-transfer.js';
export type { BankCharges, BankTransferDetails } from './setup/bank-details.js';
export * from './bills.js';
export * from './bank-statement/index.js';
