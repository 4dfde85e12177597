import { sql, type Kysely } from 'kysely';
import type { Database } from '@shop/db';
import { ownOrdersPage } from '@shop/gateway/services/orders/queries';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}

/**
 * How PostgreSQL runs the My Orders page statement (both faces run the same one) for a buyer:
 * the indexes it reads and whether it scans the whole orders table, from EXPLAIN.
 */
export async function ordersPagePlan(db: Kysely<Database>, userId: number, page = 2, pageSize = 20): Promise<{ indexes: string[]; seqScanOfOrders: boolean }> {
  const q = ownOrdersPage(db, userId, {}, page, pageSize);
  const params = q.parameters.map((p) => (typeof p === 'string' ? `'${p.replace(/'/g, "''")}'` : String(p)));
  // The statement with its parameters inlined (ids and numbers only), since EXPLAIN takes no bind parameters for a plain query.
  const text = q.sql.replace(/\$(\d+)/g, (_m, i: string) => params[Number(i) - 1]!);
  const { rows } = await sql.raw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${text}`).execute(db);
  const all = nodes(rows[0]!['QUERY PLAN'][0].Plan);
  return {
    indexes: [...new Set(all.map((n) => n['Index Name']).filter((n): n is string => !!n))].sort(),
    seqScanOfOrders: all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'orders'),
  };
}
