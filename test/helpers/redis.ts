import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { requireEnv } from './env.js';

/** A queue prefix of its own per suite, so suites sharing one Redis never see each other's jobs. */
export function uniquePrefix(): string {
  return `{t${randomBytes(4).toString('hex')}}`;
}

export function redisConnection(t: { teardown(fn: () => unknown): void }, opts: { worker?: boolean } = {}): Redis {
  const r = new Redis(requireEnv('REDIS_URL'), opts.worker ? { maxRetriesPerRequest: null } : { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  t.teardown(() => r.quit().catch(() => r.disconnect()));
  return r;
}
