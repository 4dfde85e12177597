import { ensureOperator } from '../../gateway/src/cli/operator.js';
import { hashPassword } from '../../gateway/src/services/accounts/passwords.js';
import { loginLegacy, registerLegacy } from '../helpers/accounts.js';
import type { Client } from '../helpers/http.js';
import { purchaseInfo } from '../helpers/orders.js';
import { uniqueEmail, type TestStack } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

// Shared steps of the operator-console suites: real accounts, real sessions, real GraphQL.

/** A whole stack or one in the test's process (startInProcess): a database, the app, its clients. */
export type Stack = Pick<TestStack, 'db' | 'app' | 'client'>;

export const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '50' };

export const ADMIN_ORDER = `orderNo status shippingStatus format payType provider paymentMethod quantity unitPriceCents amountCents amount currency
  buyerId buyerEmail buyerName bookId language country remarks paidAt shippedAt bankReference providerRef completionRequested canCompleteBankTransfer canMarkShipped`;

export interface Operator {
  client: Client;
  email: string;
  userId: number;
}

export async function operator(stack: Pick<Stack, 'db' | 'client'>, tag = 'op'): Promise<Operator> {
  const email = uniqueEmail(tag);
  const { userId } = await ensureOperator(stack.db, { email, password: 'Operator1' });
  const client = stack.client();
  const login = await loginLegacy(client, email, 'Operator1');
  if (login.code !== 200) throw new Error(`operator login: ${login.message}`);
  return { client, email, userId };
}

export interface Buyer {
  client: Client;
  email: string;
  userId: number;
}

export async function buyer(stack: Pick<Stack, 'client'>, tag = 'buyer'): Promise<Buyer> {
  const email = uniqueEmail(tag);
  const client = stack.client();
  const reg = await registerLegacy(client, email);
  if (reg.code !== 200) throw new Error(`register: ${reg.message}`);
  return { client, email, userId: Number(reg.data.userId) };
}

/** A buyer account made straight in the database, for stacks without workers to mail codes. */
export async function buyerWithoutMail(stack: Stack, tag = 'buyer'): Promise<Buyer> {
  const email = uniqueEmail(tag);
  const row = await stack.db
    .insertInto('users')
    .values({ email, first_name: 'Test', last_name: 'Buyer', password_hash: await hashPassword('Secret123') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = stack.client();
  const login = await loginLegacy(client, email);
  if (login.code !== 200) throw new Error(`buyer login: ${login.message}`);
  return { client, email, userId: row.id };
}

/** A GraphQL call that must succeed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an untyped answer is read freely by the test
export async function gqlOk<T = Record<string, any>>(c: Client, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await c.gql<T>(query, variables);
  if (r.errors?.length || !r.data) throw new Error(`GraphQL failed: ${JSON.stringify(r.errors)}`);
  return r.data;
}

export const MARK_COMPLETED = `mutation($o: ID!, $r: String!) { markBankTransferCompleted(orderNo: $o, reference: $r) { changed order { ${ADMIN_ORDER} } } }`;
export const MARK_SHIPPED = `mutation($o: ID!) { markOrderShipped(orderNo: $o) { changed order { ${ADMIN_ORDER} } } }`;
export const RECORD_PAPER = `mutation($i: RecordPaperOrderInput!) { recordPaperOrder(input: $i) { changed order { ${ADMIN_ORDER} purchaseInfo { streetNumber zip town country } } } }`;
export const ORDER_EVENTS = `query($o: ID!) { orderEvents(orderNo: $o) { id type actorType actorId actorEmail createdAt before after data } }`;

export function paperInput(buyerEmail: string, overrides: Record<string, unknown> = {}) {
  return { buyerEmail, bookId: '2', language: 'en', country: 'Germany', purchaseInfo, markPaid: false, ...overrides };
}

export async function orderStatus(stack: Pick<Stack, 'db'>, orderNo: string): Promise<string> {
  return (await stack.db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status;
}

export async function waitPaid(stack: Pick<Stack, 'db'>, orderNo: string): Promise<void> {
  await eventually(`order ${orderNo} paid`, async () => (await orderStatus(stack, orderNo)) === 'paid', 20_000);
}

/** Counts of an order's audit rows by type. */
export async function eventCounts(stack: Stack, orderNo: string): Promise<Record<string, number>> {
  const rows = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select('order_events.type')
    .where('orders.order_no', '=', orderNo)
    .execute();
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.type] = (counts[r.type] ?? 0) + 1;
  return counts;
}

/**
 * Waits until nothing is left to do: every outbox row relayed and the given queues without
 * waiting, delayed or active jobs. Only then may a test count what happened "exactly once".
 */
export async function settledDown(stack: Stack, queues: ('mail' | 'registration-mirror')[]): Promise<void> {
  await eventually(
    'outbox relayed and queues drained',
    async () => {
      const unrelayed = await stack.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('relayed_at', 'is', null)
        .where('available_at', '<=', new Date())
        .executeTakeFirstOrThrow();
      if (Number(unrelayed.n) > 0) return false;
      for (const name of queues) {
        const counts = await stack.app.queues[name].getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'paused');
        if (Object.values(counts).some((n) => n > 0)) return false;
      }
      return true;
    },
    30_000,
  );
}
