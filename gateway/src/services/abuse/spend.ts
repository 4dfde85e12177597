import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { budgets, scaledCount, type Action, type Budget } from './budgets.js';

/** Who is asking: the client address (after TRUST_PROXY), the only identity a guest has. */
export interface Caller {
  ip: string;
}

/** A spent budget. The legacy face answers it with HTTP 429, GraphQL with code RATE_LIMITED. */
export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('tooManyRequests');
    this.name = 'RateLimited';
  }
}

// A fixed window per key: the first hit of a window sets its expiry. One round trip per spend.
const SPEND_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

type BudgetRedis = Redis & { spendBudget(key: string, windowMs: string): Promise<[number, number]> };
const withSpendCommand = new WeakSet<Redis>();

/** The script is sent once per connection; every spend after runs it by its SHA (EVALSHA). */
function budgetRedis(redis: Redis): BudgetRedis {
  if (!withSpendCommand.has(redis)) {
    redis.defineCommand('spendBudget', { numberOfKeys: 1, lua: SPEND_SCRIPT });
    withSpendCommand.add(redis);
  }
  return redis as BudgetRedis;
}

// Account keys are hashed: the Redis keyspace should not list the shop's addresses.
const hashed = (account: string) => createHash('sha256').update(account).digest('base64url').slice(0, 22);

async function spend(deps: ServiceDeps, action: Action, scope: 'c' | 'a', subject: string, count: number, windowSeconds: number): Promise<void> {
  const key = `${deps.config.queuePrefix}:rl:${action}:${scope}:${subject}`;
  let answer: [number, number];
  try {
    answer = await budgetRedis(deps.redis).spendBudget(key, String(windowSeconds * 1000));
  } catch (err) {
    // Redis down must not lock everybody out: the limits step aside, readiness reports the outage,
    // and the per-account code limits in PostgreSQL still hold.
    deps.log.warn({ err: (err as Error).message, action }, 'rate limit skipped: redis unavailable');
    return;
  }
  const [n, ttl] = answer;
  if (n > scaledCount(count, deps.config.rateLimitScale)) throw new RateLimited(Math.max(1, Math.ceil((ttl > 0 ? ttl : windowSeconds * 1000) / 1000)));
}

/** Spends one unit of the client's budget for `action`; throws RateLimited when it is used up. */
export function spendClient(deps: ServiceDeps, action: Action, caller: Caller): Promise<void> {
  const b: Budget = budgets[action];
  return spend(deps, action, 'c', caller.ip, b.perClient, b.windowSeconds);
}

/** Spends one unit of the account's budget for `action` (no-op for actions without one). */
export async function spendAccount(deps: ServiceDeps, action: Action, account: string): Promise<void> {
  const b: Budget = budgets[action];
  if (b.perAccount === undefined) return;
  await spend(deps, action, 'a', hashed(account), b.perAccount, b.windowSeconds);
}
