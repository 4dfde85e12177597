export * from './contract.js';
export { createQueues, enqueue, closeQueues, type Queues } from './queues.js';
export { producerConnection, workerConnection } from './redis.js';
export * from './config/index.js';
export { createLogger, redactPaths } from './logger.js';
export { seal, unseal, keyedHash, sha256 } from './seal.js';
export { outboxJob, relayNow, deliverTo } from './outbox.js';
export { applyAttemptStatus, mismatch, isRetryable, type IntentRef } from './payments/resolve.js';
export { settleAttempt, finishAttempt } from './payments/settle.js';
