import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { CodePurpose } from '@shop/db';
import { keyedHash, seal, sha256 } from '@shop/config';
import { inTransaction } from '@shop/core';
import { AppError, appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { codeSendPerAccount } from '../abuse/budgets.js';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_COOLDOWN_MS = codeSendPerAccount.cooldownMs;
export const HOURLY_CAP = codeSendPerAccount.perHour;
export const MAX_WRONG_TRIES = 5;
/** A confirmed code must be used (register / reset) within this window. */
const CONFIRMED_WINDOW_MS = 30 * 60_000;

const isPhoneTarget = (target: string) => /^\+\d{1,4} \d+$/.test(target);

const codeHash = (secret: string, target: string, code: string) => keyedHash(secret, 'code', `${target}:${code}`);

export interface IssuedCode {
  codeId: string;
  /** Binds follow-up calls that carry only the code (legacy confirmVer) to this client. */
  flowToken: string;
}

/** Issues a 6-digit code and queues its mail (or SMS), enforcing the cool-down and the hourly cap. */
export async function issueCode(deps: ServiceDeps, target: string, purpose: CodePurpose, language: 'zh' | 'en'): Promise<IssuedCode> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const flowToken = randomBytes(24).toString('base64url');
  const codeId = await inTransaction(deps, async ({ trx, enqueue }) => {
    // The SMS provider limits messages per number whatever they say (1 a minute, 5 an hour), so a
    // phone number's cool-down and cap span every purpose; an email's are per purpose.
    const byNumber = isPhoneTarget(target);
    // Serialises concurrent requests for one target so the cool-down cannot be raced.
    await sql`select pg_advisory_xact_lock(hashtext(${`${byNumber ? 'sms' : purpose}:${target}`}))`.execute(trx);
    let recentQ = trx
      .selectFrom('verification_codes')
      .select(['created_at'])
      .where('target', '=', target)
      .where('created_at', '>', new Date(Date.now() - 3600_000));
    if (!byNumber) recentQ = recentQ.where('purpose', '=', purpose);
    const recent = await recentQ.orderBy('created_at', 'desc').execute();
    if (recent[0] && Date.now() - recent[0].created_at.getTime() < RESEND_COOLDOWN_MS) throw appError('codeCooldown');
    if (recent.length >= HOURLY_CAP) throw appError('codeHourlyCap');
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('verification_codes')
      .values({
        target,
        purpose,
        code_hash: codeHash(deps.config.appSecret, target, code),
        expires_at: sql<Date>`now() + ${`${CODE_TTL_MS} milliseconds`}::interval`,
        flow_hash: sha256(flowToken),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sealedCode = seal(deps.config.appSecret, code);
    // A code for a phone number ('+86 13800138000') goes by SMS, any other by mail.
    if (byNumber && purpose !== 'bind_email') await enqueue('sms', { kind: 'verification-code', codeId: row.id, purpose, sealedCode });
    else await enqueue('mail', { kind: 'verification-code', codeId: row.id, purpose, language, sealedCode });
    return row.id;
  });
  return { codeId, flowToken };
}

export type CodeLookup = { target: string } | { flowToken: string };

/** Checks a code; a wrong one counts against MAX_WRONG_TRIES, after which the code is dead. */
export async function confirmCode(deps: ServiceDeps, lookup: CodeLookup, purpose: CodePurpose, code: string): Promise<{ target: string }> {
  // The refusal is returned, not thrown, inside the transaction: a wrong try must be counted.
  const outcome = await deps.db.transaction().execute(async (trx): Promise<{ target: string } | AppError> => {
    let q = trx
      .selectFrom('verification_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate();
    q = 'target' in lookup ? q.where('target', '=', lookup.target) : q.where('flow_hash', '=', sha256(lookup.flowToken));
    const row = await q.executeTakeFirst();
    if (!row || row.expires_at.getTime() <= Date.now()) return appError('codeError', { field: 'code' });
    if (row.attempts >= MAX_WRONG_TRIES) return appError('codeLocked', { field: 'code' });
    if (row.code_hash !== codeHash(deps.config.appSecret, row.target, code)) {
      const attempts = row.attempts + 1;
      await trx.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute();
      return attempts >= MAX_WRONG_TRIES ? appError('codeLocked', { field: 'code' }) : appError('codeError', { field: 'code' });
    }
    if (!row.verified_at) await trx.updateTable('verification_codes').set({ verified_at: new Date() }).where('id', '=', row.id).execute();
    return { target: row.target };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** Uses up a confirmed code for `target`: registration and reset each need one, once. */
export async function consumeConfirmedCode(trx: ServiceDeps['db'], target: string, purpose: CodePurpose): Promise<void> {
  const used = await trx
    .updateTable('verification_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('verification_codes')
        .select('id')
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('verified_at', 'is not', null)
        .where('verified_at', '>', new Date(Date.now() - CONFIRMED_WINDOW_MS))
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw appError('codeNotConfirmed', { field: 'code' });
}
