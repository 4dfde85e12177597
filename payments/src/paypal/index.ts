export { PaypalAdapter, captureRequestId } from './adapter.js';
export { DEFAULT_CERT_URL_ALLOWED_HOSTS, type PaypalConfig } from './config.js';
export { webhookSignedMessage, WEBHOOK_AUTH_ALGO } from './webhookMessage.js';
export * from './wire.js';
