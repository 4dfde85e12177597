// The job contract: queue names, payload schemas, job ids, default options, queue factories.
export * from './contract.js';
export { payloadProblem, assertPayload } from './payloads.js';
export { createQueues, closeQueues, type Queues } from './queues.js';
export { producerConnection, workerConnection } from './redis.js';
export { addUnlessLive, type AddOutcome } from './live-jobs.js';
export { checkRedisConfig, type RedisCheck } from './redis-check.js';
