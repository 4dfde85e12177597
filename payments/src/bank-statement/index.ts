export { BankStatementError, type BankCredit } from './types.js';
export { parseCamt053, type Camt053Options } from './camt053.js';
export { BANK_CSV_DEFAULT, parseBankCsv, type BankCsvColumns, type BankCsvFormat, type BankCsvFormatOverrides, type BankDateFormat } from './csv.js';
export { extractOrderNumbers } from './order-numbers.js';
