export { AlipayAdapter, ALIPAY_PRODUCTION_GATEWAY, type AlipayAdapterConfig } from './adapter.js';
export { generateAlipayCredentials, loadPrivateKey, loadPublicKey, type AlipayCredentials } from './keys.js';
export { canonicalString, rsa2Sign, rsa2Verify, signRequestParams, verifyCallbackParams, parseForm, encodeForm, type AlipayParams } from './signing.js';
export { signedRequestParams, splitForGateway, autoSubmitForm, URL_PARAM_KEYS } from './request-params.js';
export { extractSignedContent, responseKeyOf, signedEnvelope } from './response-envelope.js';
export { verifiedResult, type GatewayResult } from './gateway-client.js';
export { verifyReturnParams, type ReturnHint } from './return-params.js';
export { stateOfTradeStatus, type AlipayTradeStatus } from './trade-status.js';
export { alipayTimestamp, parseAlipayTimestamp } from './time.js';
export { ALIPAY_BILL_NOT_READY_SUB_CODES } from './adapter.js';
export {
  ALIPAY_TRADE_BILL_FORMAT,
  parseAlipayTradeBill,
  tradeBillFormat,
  type AlipayTradeBillColumns,
  type AlipayTradeBillFormat,
  type AlipayTradeBillFormatOverrides,
  type AlipayTradeSummaryColumns,
  type ParsedTradeBill,
} from './trade-bill.js';
