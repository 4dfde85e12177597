import type { Kysely } from 'kysely';
import type { Database, Language } from '@shop/db';
import { DEFAULT_COUNTRY_CODE } from '@shop/db';
import { seal } from '@shop/config';
import { inTransaction } from '@shop/core';
import { AppError, appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { consumeConfirmedCode } from './codes.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { createSession, revokeAllSessions, sessionUserOf, type SessionUser, type SessionUserRow } from './sessions.js';
import { accountTarget, type Account } from './validation.js';

/** The user fields the login answer carries (spec section 3). */
export interface LoginResult {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneArea: string;
  phoneNo: string;
  language: Language;
  loginFirst: boolean;
  access_token: string;
  token: string;
  expiresAt: Date;
  role: string;
}

/** The login answer: the account as its owner sees it (without the company), and the new session's token. */
function loginResult(u: SessionUserRow, session: { token: string; expiresAt: Date }): LoginResult {
  const { company: _company, ...account } = presentUser(sessionUserOf(u));
  return { ...account, access_token: session.token, token: session.token, expiresAt: session.expiresAt };
}

export function findUserByAccount(db: Kysely<Database>, account: Account) {
  const q = db.selectFrom('users').selectAll();
  return (
    account.kind === 'email'
      ? q.where((eb) => eb(eb.fn('lower', ['email']), '=', account.email))
      : q.where('phone_area', '=', account.area).where('phone_no', '=', account.phone)
  ).executeTakeFirst();
}

export async function emailRegistered(deps: ServiceDeps, email: string): Promise<boolean> {
  return !!(await findUserByAccount(deps.db, { kind: 'email', email }));
}

export interface RegisterInput {
  /** An email account, or a phone account (which binds an email later, before buying an e-book). */
  account: Account;
  firstName: string;
  lastName: string;
  company: string;
  password: string;
  language: Language;
  countryCode?: string;
}

/** Creates the account (a confirmed code is required), queues its mirror, and logs it in. */
export async function register(deps: ServiceDeps, input: RegisterInput): Promise<LoginResult> {
  const passwordHash = await hashPassword(input.password);
  const user = await inTransaction(deps, async ({ trx, enqueue }) => {
    const account = input.account;
    if (await findUserByAccount(trx, account)) throw existsError(account);
    await consumeConfirmedCode(trx, accountTarget(account), 'register');
    const country = input.countryCode && (await trx.selectFrom('countries').select('code').where('code', '=', input.countryCode).executeTakeFirst());
    const user = await trx
      .insertInto('users')
      .values({
        email: account.kind === 'email' ? account.email : null,
        phone_area: account.kind === 'phone' ? account.area : null,
        phone_no: account.kind === 'phone' ? account.phone : null,
        first_name: input.firstName,
        last_name: input.lastName,
        company: input.company,
        password_hash: passwordHash,
        language: input.language,
        country_code: country ? country.code : DEFAULT_COUNTRY_CODE,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('registration_mirrors')
      .values({ user_id: user.id, sealed_password: seal(deps.config.appSecret, input.password) })
      .execute();
    await enqueue('registration-mirror', { userId: user.id });
    return user;
  });
  return loginResult(user, await createSession(deps, user.id));
}

/** 'Already registered', worded for the kind of account (the legacy client knows the email text). */
export function existsError(account: Account): AppError {
  return account.kind === 'email' ? appError('userExists', { field: 'email' }) : appError('phoneExists', { field: 'phoneNo' });
}

export async function login(deps: ServiceDeps, account: Account, password: string): Promise<LoginResult> {
  const user = await findUserByAccount(deps.db, account);
  if (!user) {
    await burnPasswordCheck(password);
    throw appError(account.kind === 'email' ? 'emailNotRegistered' : 'accountOrPasswordError');
  }
  if (!(await verifyPassword(user.password_hash, password))) throw appError('accountOrPasswordError');
  if (user.disabled) throw appError('accountDisabled');
  return loginResult(user, await createSession(deps, user.id));
}

/** Sets a new password with a confirmed reset code and ends every session of the account. */
export async function resetPassword(deps: ServiceDeps, account: Account, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUserByAccount(trx, account);
    if (!user) throw appError('userNotExist', { field: 'account' });
    await consumeConfirmedCode(trx, accountTarget(account), 'reset');
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date(), login_first: false }).where('id', '=', user.id).execute();
    await revokeAllSessions(trx, user.id);
  });
}

/** The account as the API shows it to its owner: the id as text, a missing email or phone as ''. */
export function presentUser(u: SessionUser) {
  return {
    userId: String(u.id),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email ?? '',
    phoneArea: u.phoneArea ?? '',
    phoneNo: u.phoneNo ?? '',
    language: u.language,
    loginFirst: u.loginFirst,
    role: u.role,
    company: u.company,
  };
}
