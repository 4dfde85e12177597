import { personName } from '../person-name.js';
import { sql, type Kysely } from 'kysely';
import type { Database, MirrorStatus, Role } from '@shop/db';
import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { revokeAllSessions } from '../accounts/sessions.js';
import { appendAuditEvent } from './audit.js';
import { likePattern } from './order-filter.js';
import { requireOperator } from './operator.js';
import { operatorReason } from './reason.js';

/** The audit-trail subject of an account. */
export const accountSubject = (userId: number) => ({ type: 'account', id: String(userId) });

export interface AccountView {
  userId: number;
  email: string | null;
  phoneArea: string | null;
  phoneNo: string | null;
  name: string;
  company: string;
  role: Role;
  language: 'zh' | 'en';
  disabled: boolean;
  loginFirst: boolean;
  createdAt: string;
  orderCount: number;
  /** Sessions still open (not revoked, not expired). */
  openSessions: number;
  mirrorStatus: MirrorStatus | null;
  mirrorLastError: string | null;
}

function accountSelect(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('registration_mirrors', 'registration_mirrors.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.phone_area',
      'users.phone_no',
      'users.first_name',
      'users.last_name',
      'users.company',
      'users.role',
      'users.language',
      'users.disabled',
      'users.login_first',
      'users.created_at',
      'registration_mirrors.status as mirror_status',
      'registration_mirrors.last_error as mirror_last_error',
    ])
    .select((eb) => [
      eb.selectFrom('orders').select(eb.fn.countAll<string>().as('n')).whereRef('orders.user_id', '=', 'users.id').as('order_count'),
      eb
        .selectFrom('sessions')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', new Date())
        .as('open_sessions'),
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountSelect>['execute']>>[number];

function accountView(r: AccountRow): AccountView {
  return {
    userId: r.id,
    email: r.email,
    phoneArea: r.phone_area,
    phoneNo: r.phone_no,
    name: personName(r.first_name, r.last_name),
    company: r.company,
    role: r.role,
    language: r.language,
    disabled: r.disabled,
    loginFirst: r.login_first,
    createdAt: r.created_at.toISOString(),
    orderCount: Number(r.order_count ?? 0),
    openSessions: Number(r.open_sessions ?? 0),
    mirrorStatus: r.mirror_status ?? null,
    mirrorLastError: r.mirror_last_error ?? null,
  };
}

/**
 * Accounts matching a search, newest first: part of an email, of a phone number (with or without
 * its area), of a name or company, or the exact account id.
 */
export async function searchAccounts(
  db: Kysely<Database>,
  search: string | undefined,
  page: number,
  pageSize: number,
): Promise<{ items: AccountView[]; total: number }> {
  let q = accountSelect(db).select(sql<string>`count(*) over ()`.as('total'));
  if (search) {
    const like = likePattern(search.toLowerCase());
    const digits = search.replace(/[^\d]/g, '');
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.email']), 'like', like),
        eb(sql<string>`lower(users.first_name || ' ' || users.last_name)`, 'like', like),
        // A Chinese name as the console writes it, family name first: 王小明.
        eb(sql<string>`users.last_name || users.first_name`, 'like', like),
        eb(eb.fn('lower', ['users.company']), 'like', like),
        ...(digits.length >= 3
          ? [eb(sql<string>`coalesce(users.phone_area, '') || users.phone_no`, 'like', likePattern(digits)), eb('users.phone_no', 'like', likePattern(digits))]
          : []),
        ...(/^\d{1,10}$/.test(search) ? [eb('users.id', '=', Number(search))] : []),
      ]),
    );
  }
  const rows = await q
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(accountView), total: rows[0] ? Number(rows[0].total) : 0 };
}

export async function findAccount(db: Kysely<Database>, userId: number): Promise<AccountView | null> {
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const r = await accountSelect(db).where('users.id', '=', userId).executeTakeFirst();
  return r ? accountView(r) : null;
}

/** The order numbers of an account, newest first (the console shows them with the order details). */
export async function accountOrderNos(db: Kysely<Database>, userId: number, limit = 50): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('order_no')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.order_no);
}

/**
 * Disables or enables an account under its row lock, audited. Disabling ends every session of the
 * account in the same transaction, so the next request of any of its clients is a guest's; the
 * session look-up also refuses disabled accounts, so nothing slips through between the two.
 * Repeating is harmless (changed: false). An operator cannot lock themselves out.
 */
export async function setAccountDisabled(
  deps: ServiceDeps,
  user: SessionUser | null,
  userId: number,
  disabled: boolean,
  reason: string | null,
): Promise<{ userId: number; changed: boolean; sessionsEnded: number }> {
  const { actor, user: operator } = requireOperator(user);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw appError('accountNotFound', { field: 'userId' });
  if (disabled && operator.id === userId) throw appError('cannotDisableSelf', { field: 'userId' });
  const note = operatorReason(reason);
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select(['id', 'disabled']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!before) throw appError('accountNotFound', { field: 'userId' });
    if (before.disabled === disabled) return { userId, changed: false, sessionsEnded: 0 };
    await trx.updateTable('users').set({ disabled, updated_at: new Date() }).where('id', '=', userId).execute();
    const ended = disabled ? await revokeAllSessions(trx, userId) : 0;
    await appendAuditEvent(
      trx,
      accountSubject(userId),
      disabled ? 'account_disabled' : 'account_enabled',
      actor,
      { disabled: before.disabled },
      { disabled },
      { reason: note, sessionsEnded: ended },
    );
    return { userId, changed: true, sessionsEnded: ended };
  });
}
