import { parseArgs } from 'node:util';
import { createDb, type Db } from '@shop/db';
import { hashPassword } from '../services/accounts/passwords.js';
import { requireEmail, requireNewPassword } from '../services/accounts/validation.js';
import { AppError } from '../services/errors.js';
import { text } from '../i18n/messages.js';

export interface OperatorResult {
  action: 'created' | 'promoted' | 'unchanged';
  userId: number;
}

/** Creates an operator account, or gives an existing account the operator role. */
export async function ensureOperator(db: Db, input: { email: string; password?: string; firstName?: string; lastName?: string }): Promise<OperatorResult> {
  const email = requireEmail(input.email);
  const existing = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (existing) {
    if (existing.role === 'operator' && !input.password) return { action: 'unchanged', userId: existing.id };
    await db
      .updateTable('users')
      .set({ role: 'operator', ...(input.password ? { password_hash: await hashPassword(requireNewPassword(input.password)) } : {}), updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return { action: 'promoted', userId: existing.id };
  }
  if (!input.password) throw new Error('a new operator needs --password (8-16 letters and digits, both kinds)');
  const row = await db
    .insertInto('users')
    .values({
      email,
      first_name: input.firstName ?? 'Operator',
      last_name: input.lastName ?? 'Shop',
      password_hash: await hashPassword(requireNewPassword(input.password)),
      role: 'operator',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { action: 'created', userId: row.id };
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  if (!values.email) {
    console.error('usage: npm run operator -- --email someone@example.org [--password Secret123] [--first-name A] [--last-name B]');
    return 64;
  }
  // Without DATABASE_URL it talks to the database of a running `npm start`.
  const url = process.env.DATABASE_URL ?? `postgres://shop:shop-local-only@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? 5433}/shop`;
  const db = createDb(url, { max: 1, applicationName: 'shop-operator-cli' });
  try {
    const r = await ensureOperator(db, { email: values.email, password: values.password, firstName: values['first-name'], lastName: values['last-name'] });
    console.log(`operator ${values.email}: ${r.action} (user id ${r.userId})`);
    return 0;
  } catch (err) {
    console.error(`operator: ${err instanceof AppError ? text(err.messageKey, 'en') : (err as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}
