import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '@shop/db';
import { createPool } from '@shop/db';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig } from '@shop/config';
import { sha256 } from '@shop/config';

/**
 * Round trips to PostgreSQL per request (every statement the pool's clients send, BEGIN and
 * COMMIT included), counted (not timed) on an in-process gateway: a GraphQL `orders` page, and a
 * first checkout (a fresh order by bank transfer) of 20 buyers created here.
 */
export async function statementsPerRequest(env: Record<string, string>, token: string, requests = 20): Promise<{ orders: number; checkout: number }> {
  let statements = 0;
  // BENCH_SQL_TRACE=1 lists the statements of the last checkout (to see which round trips it makes).
  const trace: string[] | null = process.env.BENCH_SQL_TRACE ? [] : null;
  const pool = createPool(env.DATABASE_URL!, { max: 4 });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (...a: unknown[]) => {
      statements++;
      if (trace)
        trace.push(
          String(typeof a[0] === 'string' ? a[0] : (a[0] as { text?: string })?.text)
            .replace(/\s+/g, ' ')
            .slice(0, 160),
        );
      return query(...a);
    };
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The load cases before this one spent the default per-address limits of the shared Redis.
  const app = await buildApp({ config: loadGatewayConfig({ ...env, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000' }), db });
  await app.ready();
  // A refused request would be counted as a cheap one: every answer must be a real one.
  const gql = async (bearer: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${bearer}` }, payload });
    const body = res.json() as { errors?: unknown[] };
    if (res.statusCode !== 200 || body.errors) throw new Error(`SQL count: the request was refused (${res.statusCode}): ${res.body.slice(0, 300)}`);
    return body;
  };

  const orders = { query: '{ orders(page: 2, pageSize: 20) { total items { orderNo status amount bookName } } }' };
  await gql(token, orders);
  statements = 0;
  for (let i = 0; i < requests; i++) await gql(token, orders);
  const perOrders = statements / requests;

  const tokens: string[] = [];
  for (let i = 0; i < requests + 1; i++) {
    const user = await db
      .insertInto('users')
      .values({
        email: `count${i}-${randomBytes(4).toString('hex')}@example.com`,
        first_name: 'Count',
        last_name: 'Buyer',
        password_hash: 'x',
        company: 'Bench GmbH',
        country_code: '001',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ token_hash: sha256(t), user_id: user.id, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    tokens.push(t);
  }
  const checkout = (t: string) =>
    gql(t, {
      query: 'mutation($i: CheckoutInput!) { checkout(input: $i) { order { orderNo } } }',
      variables: { i: { bookId: '1', format: 'EBOOK', country: 'Germany', paymentMethod: 'BANK_TRANSFER' } },
    });
  await checkout(tokens[requests]!);
  statements = 0;
  for (let i = 0; i < requests; i++) {
    if (trace) trace.length = 0;
    await checkout(tokens[i]!);
  }
  const perCheckout = statements / requests;
  if (trace) process.stdout.write(`statements of one checkout:\n${trace.map((q, i) => `  ${i + 1}. ${q}`).join('\n')}\n`);

  await app.close();
  await db.destroy();
  return { orders: perOrders, checkout: perCheckout };
}
