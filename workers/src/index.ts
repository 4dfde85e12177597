// The worker process: processors and their runtime. Nothing here is imported by the gateway.
export { buildProcessors, startWorkers, closeWorkers, scheduleMaintenance, RECONCILE_SCHEDULER } from './runtime.js';
export { createTransport } from './mail/transport.js';
export { reconcile, type SweepReport } from './reconcile/sweep.js';
export type { WorkerDeps } from './deps.js';
