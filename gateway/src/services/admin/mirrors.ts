import { personName } from '../person-name.js';
import { sql, type Kysely } from 'kysely';
import type { Database, MirrorStatus } from '@shop/db';
import { jobIdFor } from '@shop/jobs';
import { inTransaction } from '@shop/core';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { appendAuditEvent } from './audit.js';
import { requireOperator } from './operator.js';

/** The audit-trail subject of a registration mirror. */
export const mirrorSubject = (userId: number) => ({ type: 'registration_mirror', id: String(userId) });

export interface MirrorView {
  userId: number;
  email: string | null;
  name: string;
  status: MirrorStatus;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  succeededAt: string | null;
  createdAt: string;
}

function mirrorSelect(db: Kysely<Database>) {
  return db
    .selectFrom('registration_mirrors')
    .innerJoin('users', 'users.id', 'registration_mirrors.user_id')
    .select([
      'registration_mirrors.user_id',
      'registration_mirrors.status',
      'registration_mirrors.attempts',
      'registration_mirrors.last_error',
      'registration_mirrors.last_attempt_at',
      'registration_mirrors.succeeded_at',
      'registration_mirrors.created_at',
      'users.email',
      'users.first_name',
      'users.last_name',
    ]);
}

type MirrorRow = Awaited<ReturnType<ReturnType<typeof mirrorSelect>['execute']>>[number];

function mirrorView(r: MirrorRow): MirrorView {
  return {
    userId: r.user_id,
    email: r.email,
    name: personName(r.first_name, r.last_name),
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
    succeededAt: r.succeeded_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

/** Mirror states newest first, optionally of one status, with the total in the same statement. */
export async function listMirrors(
  db: Kysely<Database>,
  status: MirrorStatus | undefined,
  page: number,
  pageSize: number,
): Promise<{ items: MirrorView[]; total: number }> {
  let q = mirrorSelect(db).select(sql<string>`count(*) over ()`.as('total'));
  if (status) q = q.where('registration_mirrors.status', '=', status);
  const rows = await q
    .orderBy('registration_mirrors.created_at', 'desc')
    .orderBy('registration_mirrors.user_id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && page > 1) {
    let c = db.selectFrom('registration_mirrors').select((eb) => eb.fn.countAll<string>().as('n'));
    if (status) c = c.where('status', '=', status);
    total = Number((await c.executeTakeFirstOrThrow()).n);
  }
  return { items: rows.map(mirrorView), total };
}

export async function findMirror(db: Kysely<Database>, userId: number): Promise<MirrorView | null> {
  const r = await mirrorSelect(db).where('registration_mirrors.user_id', '=', userId).executeTakeFirst();
  return r ? mirrorView(r) : null;
}

/**
 * Sends a mirror that failed for good once more. The guarded move failed → pending under the row
 * lock lets one of several operators win; the others (and any repeat) are told nothing changed.
 * The job goes out under the mirror's own id: a relayed outbox row replaces a finished (here:
 * failed) job under its id, so no special id is needed.
 */
export async function retryMirror(deps: ServiceDeps, user: SessionUser | null, userId: number): Promise<{ userId: number; changed: boolean }> {
  const { actor } = requireOperator(user);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw appError('mirrorNotFound', { field: 'userId' });
  const r = await inTransaction(deps, async ({ trx, enqueue }) => {
    const before = await trx
      .selectFrom('registration_mirrors')
      .select(['status', 'attempts', 'last_error'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw appError('mirrorNotFound', { field: 'userId' });
    if (before.status !== 'failed') return { changed: false };
    await trx.updateTable('registration_mirrors').set({ status: 'pending' }).where('user_id', '=', userId).where('status', '=', 'failed').execute();
    await appendAuditEvent(
      trx,
      mirrorSubject(userId),
      'mirror_retry_requested',
      actor,
      { status: 'failed', attempts: before.attempts, lastError: before.last_error },
      { status: 'pending' },
      { jobId: jobIdFor('registration-mirror', { userId }) },
    );
    await enqueue('registration-mirror', { userId });
    return { changed: true };
  });
  return { userId, changed: r.changed };
}
