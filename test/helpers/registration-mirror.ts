// The registration mirror as the suites drive it: an account whose mirror is pending, and the
// registration sandbox's answers (slowed down or failing) through its control endpoints.
import { loadWorkersConfig, seal } from '@shop/config';
import { outboxJob } from '@shop/core/internal';
import type { Db } from '@shop/db';

/** An account waiting for its mirror, written the way registration writes it (outbox included). */
export async function pendingMirror(db: Db, email: string): Promise<number> {
  const secret = loadWorkersConfig({ ...process.env, DATABASE_URL: 'postgres://unused@127.0.0.1/x' }).appSecret;
  return db.transaction().execute(async (trx) => {
    const u = await trx
      .insertInto('users')
      .values({ email, first_name: 'Pending', last_name: 'Mirror', company: 'Example GmbH', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('registration_mirrors')
      .values({ user_id: u.id, sealed_password: seal(secret, 'Secret123') })
      .execute();
    await outboxJob(trx, 'registration-mirror', { userId: u.id });
    return u.id;
  });
}

async function control(registrationUrl: string, what: 'delay' | 'fail', body: unknown): Promise<void> {
  const res = await fetch(registrationUrl.replace('/register', `/_control/${what}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`registration sandbox _control/${what}: ${res.status}`);
}

/** The registration sandbox answers every call `ms` late from now on (0: at once). */
export const delayRegistration = (registrationUrl: string, ms: number) => control(registrationUrl, 'delay', { ms });
/** The registration sandbox fails its next `count` calls. */
export const failRegistration = (registrationUrl: string, count: number) => control(registrationUrl, 'fail', { count });
