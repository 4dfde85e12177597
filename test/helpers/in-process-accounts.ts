// Accounts of the console and order suites on any stack, listening or in the process: an
// operator made by the operator command and a buyer registered through the legacy journey, each
// logged in on its own client.
import { ensureOperator } from '../../gateway/src/cli/operator.js';
import type { Db } from '@shop/db';
import { loginLegacy, registerLegacy } from './accounts.js';
import type { Client } from './http.js';
import { uniqueEmail } from './stack.js';

type AnyStack = { db: Db; client: () => Client };

export interface Account {
  client: Client;
  email: string;
  userId: number;
}

export async function operatorOn(stack: AnyStack, tag = 'op'): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await ensureOperator(stack.db, { email, password: 'Operator1' });
  const client = stack.client();
  const login = await loginLegacy(client, email, 'Operator1');
  if (login.code !== 200) throw new Error(`operator login: ${login.message}`);
  return { client, email, userId };
}

export async function buyerOn(stack: AnyStack, tag = 'buyer'): Promise<Account> {
  const email = uniqueEmail(tag);
  const client = stack.client();
  const reg = await registerLegacy(client, email);
  if (reg.code !== 200) throw new Error(`register: ${reg.message}`);
  return { client, email, userId: Number(reg.data.userId) };
}
