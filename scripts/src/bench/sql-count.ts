import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '@shop/db';
import { createPool } from '@shop/db';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig } from '@shop/workers';

/** SQL statements one GraphQL `orders` page costs, counted (not timed) on an in-process gateway. */
export async function statementsPerOrdersRequest(env: Record<string, string>, token: string, requests = 20): Promise<number> {
  let statements = 0;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(env.DATABASE_URL!, { max: 4 }) }), log: (e) => void (e.level === 'query' && statements++) });
  const app = await buildApp({ config: loadGatewayConfig({ ...env, PORT: '0', LOG_LEVEL: 'silent' }), db });
  await app.ready();
  const query = '{ orders(page: 2, pageSize: 20) { total items { orderNo status amount bookName } } }';
  await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}` }, payload: { query } });
  statements = 0;
  for (let i = 0; i < requests; i++) await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}` }, payload: { query } });
  await app.close();
  await db.destroy();
  return statements / requests;
}
