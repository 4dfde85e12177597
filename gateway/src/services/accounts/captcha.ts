import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { keyedHash } from '@shop/config';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';

export const CAPTCHA_TTL_MS = 2 * 60_000;
const testHookKey = (id: string) => `test-hook:captcha:${id}`;

function answerHash(secret: string, id: string, answer: string): string {
  return keyedHash(secret, 'captcha', `${id}:${answer.toLowerCase()}`);
}

/** A 4-character captcha; the image goes to the client, only a keyed hash of the answer is kept. */
export async function createCaptcha(deps: ServiceDeps): Promise<{ id: string; image: string }> {
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true, background: '#f2f4f7' });
  const id = randomUUID();
  await deps.db
    .insertInto('captchas')
    .values({
      id,
      answer_hash: answerHash(deps.config.appSecret, id, captcha.text),
      expires_at: sql<Date>`now() + ${`${CAPTCHA_TTL_MS} milliseconds`}::interval`,
    })
    .execute();
  if (deps.config.enableTestHooks) await deps.redis.set(testHookKey(id), captcha.text, 'PX', CAPTCHA_TTL_MS).catch(() => undefined);
  return { id, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

export async function testHookAnswer(deps: ServiceDeps, id: string): Promise<string | null> {
  return deps.config.enableTestHooks ? deps.redis.get(testHookKey(id)) : null;
}

async function refuse(deps: ServiceDeps, id: string | undefined): Promise<never> {
  // Any wrong or late answer burns the captcha: 4 characters must not be guessable by retrying.
  const row = id
    ? await deps.db
        .updateTable('captchas')
        .set({ used_at: new Date() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returning('expires_at')
        .executeTakeFirst()
    : undefined;
  throw appError(row && row.expires_at.getTime() <= Date.now() ? 'captchaExpired' : 'captchaError', { field: 'verifyCode' });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Legacy step one: check the answer and remember it was checked; login then consumes it. */
export async function verifyCaptcha(deps: ServiceDeps, id: string | undefined, answer: string): Promise<void> {
  if (!id || !uuidPattern.test(id)) return refuse(deps, undefined);
  const ok = await deps.db
    .updateTable('captchas')
    .set({ verified_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('verified_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('answer_hash', '=', answerHash(deps.config.appSecret, id, answer))
    .returning('id')
    .executeTakeFirst();
  if (!ok) return refuse(deps, id);
}

/** Uses up a checked captcha (legacy login) or checks and uses it in one step (GraphQL login). */
export async function consumeCaptcha(deps: ServiceDeps, id: string | undefined, answer?: string): Promise<void> {
  if (!id || !uuidPattern.test(id)) throw appError('captchaNotVerified', { field: 'verifyCode' });
  let q = deps.db.updateTable('captchas').set({ used_at: new Date() }).where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', new Date());
  q = answer === undefined ? q.where('verified_at', 'is not', null) : q.where('answer_hash', '=', answerHash(deps.config.appSecret, id, answer));
  const ok = await q.returning('id').executeTakeFirst();
  if (!ok) {
    if (answer !== undefined) return refuse(deps, id);
    throw appError('captchaNotVerified', { field: 'verifyCode' });
  }
}
