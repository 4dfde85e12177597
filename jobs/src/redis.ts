import { Redis, type RedisOptions } from 'ioredis';

/** For producers: fail fast when Redis is down instead of queueing commands in memory. */
export function producerConnection(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, ...extra });
}

/** For workers: BullMQ needs blocking commands to wait as long as it takes. */
export function workerConnection(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, ...extra });
}
