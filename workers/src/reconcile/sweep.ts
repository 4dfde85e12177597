import type { Queue } from 'bullmq';
import { relayOutbox, type Database } from '@shop/db';
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { jobIdFor, type QueueName } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { addUnlessLive, type AddOutcome } from '@shop/jobs';
import { closeAbandonedAttempts, expireDueOrders } from '@shop/core';
import { deliverTo } from '@shop/core/outbox';

// PostgreSQL is the source of truth and Redis only the transport. The sweep walks what PostgreSQL
// still expects to happen and makes sure a live job exists for each, so a lost job (Redis flushed
// or restarted without persistence, a job that gave up while the provider was down, a worker that
// died between steps) is put back. Everything it does is idempotent: job ids come from business
// keys, so a sweep racing the normal flow (or another sweep) adds nothing twice.

export interface SweepReport {
  relayed: number;
  expired: number;
  polls: number;
  mirrors: number;
  releasedClaims: number;
  abandonedAttempts: number;
}

const PAGE = 500;
/** Redis round trips in flight at once while checking jobs. */
const PARALLEL = 20;

async function inChunks<T>(items: T[], fn: (item: T) => Promise<boolean>): Promise<number> {
  let n = 0;
  for (let i = 0; i < items.length; i += PARALLEL) {
    const done = await Promise.all(items.slice(i, i + PARALLEL).map(fn));
    n += done.filter(Boolean).length;
  }
  return n;
}

const restored = (o: AddOutcome) => o === 'added' || o === 'rerun';

function queueOf<Q extends QueueName>(deps: WorkerDeps, name: Q): Queue {
  return deps.queues[name] as unknown as Queue;
}

/** Outbox rows nobody relayed (the committing process died, Redis was down): relay them now. */
async function relayBacklog(deps: WorkerDeps): Promise<number> {
  let total = 0;
  for (let round = 0; round < 20; round++) {
    const { relayed, failed } = await relayOutbox(deps.db, deliverTo(deps.queues), { limit: PAGE });
    total += relayed;
    if (failed || relayed < PAGE) break;
  }
  return total;
}

/**
 * A checkout whose process died mid-way leaves an Idempotency-Key claimed without an answer and an
 * attempt in 'created' without a next action; both would make the buyer's retries wait forever.
 * Past ABANDONED_AFTER_SECONDS (far longer than any provider call may take) the claim is freed and
 * the attempt closed, also at its provider, so the retry starts a clean attempt.
 */
async function releaseAbandonedCheckouts(deps: WorkerDeps, now: Date): Promise<{ claims: number; attempts: number }> {
  const cutoff = new Date(now.getTime() - deps.config.abandonedAfterSeconds * 1000);
  const claims = await deps.db.deleteFrom('idempotency_keys').where('response', 'is', null).where('created_at', '<', cutoff).executeTakeFirst();
  const attempts = await closeAbandonedAttempts(deps, { cutoff });
  return { claims: Number(claims.numDeletedRows), attempts };
}

/** Unrelayed outbox rows for a job id: work that exists, only not in Redis yet. */
function awaitingRelay(selectFrom: ExpressionBuilder<Database, never>['selectFrom'], jobId: RawBuilder<string>) {
  return selectFrom('outbox').select('outbox.id').where('outbox.relayed_at', 'is', null).where('outbox.job_id', '=', jobId);
}

/**
 * Every attempt open at its provider has a poll job (it moves itself to delayed between looks), and
 * so has every withdrawn one still payable there (closed or expired here, `payable_until` ahead:
 * an Alipay cross-border trade cannot be closed), whose late payment the poll must still see.
 */
async function ensurePolls(deps: WorkerDeps, now: Date): Promise<number> {
  const providers = Object.keys(deps.providers).filter((p) => p !== 'bank_transfer');
  if (!providers.length) return 0;
  const queue = queueOf(deps, 'payment-poll');
  let after = '0';
  let total = 0;
  for (;;) {
    const rows = await deps.db
      .selectFrom('payment_intents')
      .select('id')
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', 'in', ['closed', 'expired']), eb('payable_until', '>', now)])]))
      .where('provider', 'in', providers as never[])
      .where('id', '>', after)
      // A poll still waiting in the outbox is on its way: the relay hands it over.
      .where(({ not, exists, selectFrom }) => not(exists(awaitingRelay(selectFrom, sql`'poll-' || payment_intents.id`))))
      .orderBy('id')
      .limit(PAGE)
      .execute();
    total += await inChunks(rows, async (r) =>
      restored(await addUnlessLive(queue, 'payment-poll', { intentId: r.id }, jobIdFor('payment-poll', { intentId: r.id }), 'rerun')),
    );
    if (rows.length < PAGE) return total;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Every account still waiting for its mirror has a mirror job. An operator's retry of a mirror
 * that failed for good runs under the same id (the relay replaces the failed job), so a live job
 * under that id is all there is to check.
 */
async function ensureMirrors(deps: WorkerDeps): Promise<number> {
  const queue = queueOf(deps, 'registration-mirror');
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = await deps.db
      .selectFrom('registration_mirrors')
      .select(['user_id'])
      .where('status', '=', 'pending')
      .where('user_id', '>', after)
      .where(({ not, exists, selectFrom }) => not(exists(awaitingRelay(selectFrom, sql`'mirror-' || registration_mirrors.user_id`))))
      .orderBy('user_id')
      .limit(PAGE)
      .execute();
    total += await inChunks(rows, async (r) =>
      restored(await addUnlessLive(queue, 'registration-mirror', { userId: r.user_id }, jobIdFor('registration-mirror', { userId: r.user_id }), 'rerun')),
    );
    if (rows.length < PAGE) return total;
    after = rows[rows.length - 1]!.user_id;
  }
}

export async function reconcile(deps: WorkerDeps, now = new Date()): Promise<SweepReport> {
  const relayed = await relayBacklog(deps);
  const expired = (await expireDueOrders(deps, { now })).length;
  const abandoned = await releaseAbandonedCheckouts(deps, now);
  const polls = await ensurePolls(deps, now);
  const mirrors = await ensureMirrors(deps);
  return { relayed, expired, polls, mirrors, releasedClaims: abandoned.claims, abandonedAttempts: abandoned.attempts };
}
