import type { Language } from '@shop/db';
import { appError, unauthenticated } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { spendAccount, spendClient, type Caller } from '../abuse/spend.js';
import { appendAuditEvent } from '../admin/audit.js';
import { accountSubject } from '../admin/accounts.js';
import { confirmCode, consumeConfirmedCode, issueCode } from './codes.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeAllSessions, type SessionUser } from './sessions.js';
import { requireCode, requireEmail, requireNewPassword, requirePassword } from './validation.js';

/*
 * What a logged-in user does to their own account. A password or email change ends every other
 * session of the account (the one making the change stays logged in), and is audited. Old-password
 * checks spend the login budgets, so this is no side door for guessing passwords.
 */

function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}

const actorOf = (u: SessionUser) => ({ type: 'buyer' as const, id: String(u.id) });

async function setPassword(
  deps: ServiceDeps,
  user: SessionUser,
  currentToken: string | null,
  password: string,
  how: 'changed' | 'first_login',
): Promise<{ sessionsEnded: number }> {
  const hash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, login_first: false, updated_at: new Date() }).where('id', '=', user.id).execute();
    const sessionsEnded = await revokeAllSessions(trx, user.id, currentToken ?? undefined);
    await appendAuditEvent(trx, accountSubject(user.id), 'password_changed', actorOf(user), null, null, { how, sessionsEnded });
    return { sessionsEnded };
  });
}

export interface ChangePasswordInput {
  oldPassword: unknown;
  password: unknown;
  confirmPassword?: unknown;
}

/** Changes the password after checking the old one ('Old password error!'). */
export async function changePassword(
  deps: ServiceDeps,
  caller: Caller,
  user: SessionUser | null,
  currentToken: string | null,
  input: ChangePasswordInput,
): Promise<{ sessionsEnded: number }> {
  await spendClient(deps, 'login', caller);
  const u = requireUser(user);
  const oldPassword = requirePassword(input.oldPassword);
  const password = requireNewPassword(input.password, input.confirmPassword);
  await spendAccount(deps, 'login', `user:${u.id}`);
  const row = await deps.db.selectFrom('users').select('password_hash').where('id', '=', u.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, oldPassword))) throw appError('oldPasswordError', { field: 'oldPassword' });
  if (oldPassword === password) throw appError('samePassword', { field: 'password' });
  return setPassword(deps, u, currentToken, password, 'changed');
}

/**
 * The first-login password (an account created for the user, `loginFirst` set): no old password
 * is asked, but only while the flag is set; afterwards it is an ordinary change.
 */
export async function setFirstPassword(
  deps: ServiceDeps,
  caller: Caller,
  user: SessionUser | null,
  currentToken: string | null,
  input: { password: unknown; confirmPassword?: unknown },
): Promise<{ sessionsEnded: number }> {
  await spendClient(deps, 'login', caller);
  const u = requireUser(user);
  const password = requireNewPassword(input.password, input.confirmPassword);
  const row = await deps.db.selectFrom('users').select('login_first').where('id', '=', u.id).executeTakeFirstOrThrow();
  if (!row.login_first) throw appError('oldPasswordError', { field: 'oldPassword' });
  return setPassword(deps, u, currentToken, password, 'first_login');
}

async function emailTakenByOther(deps: ServiceDeps, email: string, userId: number): Promise<boolean> {
  const other = await deps.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('id', '!=', userId)
    .executeTakeFirst();
  return !!other;
}

/** Mails a code to the email the user wants to bind (or change to); same limits as every code. */
export async function requestEmailBinding(deps: ServiceDeps, caller: Caller, user: SessionUser | null, emailRaw: unknown, language: Language): Promise<void> {
  await spendClient(deps, 'codeSend', caller);
  const u = requireUser(user);
  const email = requireEmail(emailRaw);
  if (await emailTakenByOther(deps, email, u.id)) throw appError('emailInUse', { field: 'email' });
  await issueCode(deps, email, 'bind_email', language);
}

/** Binds the email with the mailed code; every other session of the account ends. */
export async function bindEmail(
  deps: ServiceDeps,
  caller: Caller,
  user: SessionUser | null,
  currentToken: string | null,
  input: { email: unknown; code: unknown },
): Promise<{ email: string; sessionsEnded: number }> {
  await spendClient(deps, 'codeCheck', caller);
  const u = requireUser(user);
  const email = requireEmail(input.email);
  const code = requireCode(input.code);
  await spendAccount(deps, 'codeCheck', email);
  await confirmCode(deps, { target: email }, 'bind_email', code);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await emailTakenByOther({ ...deps, db: trx }, email, u.id)) throw appError('emailInUse', { field: 'email' });
      await consumeConfirmedCode(trx, email, 'bind_email');
      const before = await trx.selectFrom('users').select('email').where('id', '=', u.id).forUpdate().executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ email, updated_at: new Date() }).where('id', '=', u.id).execute();
      const sessionsEnded = await revokeAllSessions(trx, u.id, currentToken ?? undefined);
      await appendAuditEvent(trx, accountSubject(u.id), 'email_bound', actorOf(u), { email: before.email }, { email }, { sessionsEnded });
      return { email, sessionsEnded };
    });
  } catch (err) {
    // Two accounts binding one address at once: the unique index decides, the loser is told plainly.
    if ((err as { code?: string }).code === '23505') throw appError('emailInUse', { field: 'email' });
    throw err;
  }
}
