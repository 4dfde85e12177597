import { randomBytes } from 'node:crypto';
import { queryTemplate, type Db, type Role, type User } from '@shop/db';
import { sha256 } from '@shop/config';
import type { ServiceDeps } from '../deps.js';

export interface SessionUser {
  id: number;
  email: string | null;
  firstName: string;
  lastName: string;
  phoneArea: string | null;
  phoneNo: string | null;
  language: 'zh' | 'en';
  role: Role;
  loginFirst: boolean;
  company: string;
  /** The WeChat payer verified for this session by web authorization, with its AppID. */
  wechat: { openid: string; appid: string } | null;
}

/** 256 bits from the CSPRNG; only its hash is stored, so a database leak yields no sessions. */
export async function createSession(deps: ServiceDeps, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + deps.config.sessionTtlHours * 3600_000);
  await deps.db
    .insertInto('sessions')
    .values({ token_hash: sha256(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/**
 * The session of a token hash with its user, when it may act: not revoked, not expired, the account
 * not disabled. Every signed-in request's check; a statement that answers with something else too
 * (the download's paid order) builds on it. `a` holds a query template's placeholders.
 */
export const liveSession = (db: Db, a: Record<'tokenHash' | 'now', never>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.token_hash', '=', a.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', a.now)
    .where('users.disabled', '=', false);

// Behind every authenticated request: compiled once, a prepared statement per connection.
const sessionUserQuery = queryTemplate(['tokenHash', 'now'], (db, a) =>
  liveSession(db, a).select([
    'users.id',
    'users.email',
    'users.first_name',
    'users.last_name',
    'users.phone_area',
    'users.phone_no',
    'users.language',
    'users.role',
    'users.login_first',
    'users.company',
    'sessions.wechat_openid',
    'sessions.wechat_appid',
  ]),
);

export async function findSessionUser(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const row = (await deps.db.executeQuery(sessionUserQuery(deps.db, { tokenHash: sha256(token), now: new Date() }))).rows[0];
  if (!row) return null;
  return sessionUserOf(row, row.wechat_openid && row.wechat_appid ? { openid: row.wechat_openid, appid: row.wechat_appid } : null);
}

/** The columns of a users row a SessionUser is made of. */
export type SessionUserRow = Pick<
  User,
  'id' | 'email' | 'first_name' | 'last_name' | 'phone_area' | 'phone_no' | 'language' | 'role' | 'login_first' | 'company'
>;

/** A users row as the signed-in user (`wechat`: the payer this session verified, if any). */
export function sessionUserOf(row: SessionUserRow, wechat: SessionUser['wechat'] = null): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneArea: row.phone_area,
    phoneNo: row.phone_no,
    language: row.language,
    role: row.role,
    loginFirst: row.login_first,
    company: row.company,
    wechat,
  };
}

/** Keeps the openid WeChat verified on the session; a later authorization replaces it. */
export async function rememberWechatPayer(deps: Pick<ServiceDeps, 'db'>, token: string, payer: { openid: string; appid: string }): Promise<boolean> {
  const r = await deps.db
    .updateTable('sessions')
    .set({ wechat_openid: payer.openid, wechat_appid: payer.appid })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeSession(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<void> {
  await deps.db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', sha256(token)).where('revoked_at', 'is', null).execute();
}

/** Ends every open session of an account; answers how many were open. */
export async function revokeAllSessions(db: ServiceDeps['db'], userId: number, exceptToken?: string): Promise<number> {
  let q = db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptToken) q = q.where('token_hash', '!=', sha256(exceptToken));
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
