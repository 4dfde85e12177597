import type { Redis } from 'ioredis';

// Queues live in Redis: a Redis that evicts keys under memory pressure silently drops jobs, and one
// without persistence loses every queued job on a restart. PostgreSQL and the reconciliation sweep
// rebuild the work either way, but an evicting Redis would keep losing it, so the workers refuse
// to run on one; missing persistence is only worth a warning.

export interface RedisCheck {
  /** The eviction policy, or null when the server would not tell. */
  policy: string | null;
  /** 'aof', 'rdb', 'aof+rdb', 'off', or null when unknown. */
  persistence: string | null;
  /** Set when the policy would evict keys: the workers refuse to start. */
  fatal: string | null;
  /** Things an operator should fix but that do not stop the workers. */
  warnings: string[];
}

function where(redis: Redis): string {
  const o = redis.options;
  return o.path ? o.path : `${o.host ?? '127.0.0.1'}:${o.port ?? 6379}`;
}

async function configGet(redis: Redis, name: string): Promise<string> {
  const reply = (await redis.call('CONFIG', 'GET', name)) as string[];
  return reply[1] ?? '';
}

function infoField(info: string, field: string): string | null {
  const m = new RegExp(`^${field}:(.*)$`, 'm').exec(info);
  return m ? m[1]!.trim() : null;
}

/**
 * Reads maxmemory-policy and persistence with CONFIG GET; managed Redis services often forbid
 * CONFIG, so the policy then comes from INFO, and what cannot be read is a warning, not a refusal.
 */
export async function checkRedisConfig(redis: Redis): Promise<RedisCheck> {
  const warnings: string[] = [];
  let policy: string | null = null;
  let persistence: string | null = null;
  try {
    policy = await configGet(redis, 'maxmemory-policy');
    const aof = (await configGet(redis, 'appendonly')) === 'yes';
    const rdb = (await configGet(redis, 'save')).trim() !== '';
    persistence = aof && rdb ? 'aof+rdb' : aof ? 'aof' : rdb ? 'rdb' : 'off';
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    try {
      const memory = (await redis.info('memory')) as string;
      const saved = (await redis.info('persistence')) as string;
      policy = infoField(memory, 'maxmemory_policy');
      persistence = infoField(saved, 'aof_enabled') === '1' ? 'aof' : null;
    } catch {
      // INFO is forbidden too: nothing more to learn.
    }
    if (!policy || !persistence)
      warnings.push(
        `cannot read the configuration of Redis at ${where(redis)} (${reason}); make sure it runs with maxmemory-policy noeviction and appendonly yes`,
      );
  }
  if (persistence === 'off') {
    warnings.push(
      `Redis at ${where(redis)} has no persistence (appendonly no, no save points): a restart drops queued jobs until the reconciliation sweep rebuilds them from PostgreSQL; run it with appendonly yes`,
    );
  }
  const fatal =
    policy && policy !== 'noeviction'
      ? `Redis at ${where(redis)} has maxmemory-policy ${policy}, which evicts queued jobs under memory pressure; set maxmemory-policy noeviction (redis.conf or CONFIG SET) and start again`
      : null;
  return { policy, persistence, fatal, warnings };
}
