import { UnrecoverableError, type Job } from 'bullmq';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { unseal } from '@shop/config';

/** The external registration service's fixed code for accounts mirrored from the shop. */
export const MIRROR_VERIFY_CODE = 'SHOP-MIRROR';

/**
 * Posts a new account to the external registration service. Retried with backoff until it lands;
 * idempotent per user because a succeeded mirror is never sent again and the service is told the
 * same email each time.
 */
export function registrationMirrorProcessor(deps: WorkerDeps) {
  return async (job: Job<JobPayloads['registration-mirror']>): Promise<unknown> => {
    const { userId } = job.data;
    const row = await deps.db
      .selectFrom('registration_mirrors')
      .innerJoin('users', 'users.id', 'registration_mirrors.user_id')
      .leftJoin('countries', 'countries.code', 'users.country_code')
      .select([
        'registration_mirrors.status',
        'registration_mirrors.sealed_password',
        'users.email',
        'users.phone_area',
        'users.phone_no',
        'users.language',
        'users.first_name',
        'users.last_name',
        'users.company',
        'countries.name_en',
      ])
      .where('registration_mirrors.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new UnrecoverableError(`no mirror state for user ${userId}`);
    if (row.status === 'succeeded') return { skipped: 'already mirrored' };
    if (!row.sealed_password) throw new UnrecoverableError('password no longer available for mirroring');

    const body = {
      email: row.email ?? undefined,
      phone: row.phone_no ? `${row.phone_area} ${row.phone_no}` : undefined,
      language: row.language,
      firstName: row.first_name,
      lastName: row.last_name,
      password: unseal(deps.config.appSecret, row.sealed_password),
      company: row.company,
      verifyCode: MIRROR_VERIFY_CODE,
      country: row.name_en ?? '',
    };
    await deps.db
      .updateTable('registration_mirrors')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_attempt_at: new Date() }))
      .where('user_id', '=', userId)
      .execute();
    let failure: string | null = null;
    try {
      const res = await fetch(deps.config.registrationServiceUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `shop-user-${userId}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(deps.config.registrationTimeoutMs),
      });
      const answer = (await res.json().catch(() => null)) as { code?: number } | null;
      // The service answers {code: 200} when registered, and also when the account already exists.
      if (!res.ok || !answer || (answer.code !== 200 && answer.code !== 409)) failure = `HTTP ${res.status} code ${answer?.code ?? '-'}`;
    } catch (err) {
      failure = (err as Error).message;
    }
    if (failure) {
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await deps.db
        .updateTable('registration_mirrors')
        .set({ last_error: failure.slice(0, 500), status: final ? 'failed' : 'pending' })
        .where('user_id', '=', userId)
        .execute();
      throw new Error(`registration mirror failed: ${failure}`);
    }
    // The password leaves the database as soon as it is no longer needed.
    await deps.db
      .updateTable('registration_mirrors')
      .set({ status: 'succeeded', succeeded_at: new Date(), last_error: null, sealed_password: null })
      .where('user_id', '=', userId)
      .execute();
    return { mirrored: userId };
  };
}
