import path from 'node:path';
import type { BenchContext } from '../context.js';
import { reconciliationFigures } from '../reconciliation.js';
import { fmt } from '../report.js';
import { statementsPerRequest } from '../sql-count.js';
import { root } from '../stack.js';
import { judge } from '../targets.js';

/** Reconciling a day of 10,000 trades in one go: time, rows a second and the memory it takes. */
export async function reconciliationCase({ stack, db, report, step, want }: BenchContext): Promise<void> {
  if (!want('reconciliation')) return;
  await step('reconciliation of a day of 10,000 trades');
  const r = await reconciliationFigures(db, stack.redisUrl, stack.queuePrefix);
  report.info({
    case: `reconciling a day of ${r.trades.toLocaleString('en')} trades (one provider, bill given)`,
    figure: `${r.seconds.toFixed(1)} s (${fmt(r.trades / r.seconds)} rows/s), heap +${r.peakHeapMb.toFixed(0)} MB at its peak, bench process RSS ${r.peakRssMb.toFixed(0)} MB; ${r.matched} matched`,
  });
}

/** The SQL statements of one orders request and the round trips of one checkout. */
export async function sqlCountCases({ stack, buyers, report, step, want }: BenchContext): Promise<void> {
  if (!want('sql')) return;
  await step('SQL counts');
  const counted = await statementsPerRequest(
    { ...(process.env as Record<string, string>), DATABASE_URL: stack.databaseUrl, REDIS_URL: stack.redisUrl, WEB_DIST_DIR: path.join(root, 'web/dist') },
    buyers[0]!.token,
  );
  report.judged(
    { case: 'SQL statements per orders request', figure: `${counted.orders}`, baseline: '-', ratio: null },
    judge('sqlPerOrders', { statements: counted.orders }),
  );
  report.info({ case: 'SQL round trips per checkout (diagnostic; BEGIN/COMMIT included)', figure: `${counted.checkout}` });
}
