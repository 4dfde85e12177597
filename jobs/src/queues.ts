import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobOptions, queueNames, type JobPayloads, type QueueName } from './contract.js';

export type Queues = { [Q in QueueName]: Queue<JobPayloads[Q]> };

/** One producer per queue, with the contract's default options (retry delays scaled by `retryDelayScale`). */
export function createQueues(connection: Redis, prefix: string, onError: (err: Error, queue: string) => void = () => {}, retryDelayScale = 1): Queues {
  const entries = queueNames.map((name) => {
    const q = new Queue(name, { connection, prefix, defaultJobOptions: jobOptions(name, retryDelayScale) });
    // A producer on a fail-fast connection reports Redis outages as 'error' events; unheard, an
    // EventEmitter would throw them. The outbox keeps the work, readiness reports the outage.
    q.on('error', (err) => onError(err, name));
    return [name, q];
  });
  return Object.fromEntries(entries) as Queues;
}

export async function closeQueues(queues: Queues): Promise<void> {
  // A queue closed while its connection still starts up loses its error listener, and the start-up
  // failing once the shared connection quits would then be thrown unheard: let it settle first.
  await Promise.all(Object.values(queues).map((q) => q.waitUntilReady().catch(() => undefined)));
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
