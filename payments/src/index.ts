export * from './provider.js';
export { BankTransferProvider } from './bank-transfer.js';
