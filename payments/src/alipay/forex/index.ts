export { AlipayForexAdapter, ALIPAY_FOREX_GATEWAY, type AlipayForexConfig } from './adapter.js';
export { forexSign, forexSignContent, forexVerify, signedForexParams, type ForexSignType } from './signing.js';
export { verifyForexNotification } from './notification.js';
export { xmlElement, xmlLeaves, xmlText } from './xml.js';
export { beijingCompact } from './time.js';
export { FOREX_COMPARE_ANSWERS, type ForexCompareAnswers } from './adapter.js';
export {
  FOREX_TRANSACTION_FORMAT,
  forexTransactionFormat,
  parseForexTransactionFile,
  type ForexTransactionColumns,
  type ForexTransactionFormat,
  type ForexTransactionFormatOverrides,
  type ParsedForexTransactions,
} from './transaction-file.js';
