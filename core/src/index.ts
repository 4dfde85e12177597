// The only writer of orders, payment attempts and their events (see core/README.md).
export { seal, unseal, keyedHash, sha256 } from './crypto.js';
export { createLogger, redactPaths } from './logger.js';
export { outboxJob, relayNow, deliverTo } from './outbox.js';
export { applyAttemptStatus, mismatch, type IntentRef } from './settlement-rules.js';
export { settleAttempt, finishAttempt, type SettleOutcome } from './settle.js';
export { orderStatusChannel, redisStatusEvents, silentStatusEvents, type StatusEvents } from './status-events.js';
