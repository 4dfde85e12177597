import { rawBullmqRate, rawPgRate } from '../baselines.js';
import type { Baselines, BenchContext } from '../context.js';
import { load, metered, type LoadFigures } from '../load.js';
import { fmt } from '../report.js';

/** The baselines, measured only when a load case runs (zero otherwise; nothing reads them then). */
export async function measureBaselines({ stack, report, step }: BenchContext, loadCases: boolean): Promise<Baselines> {
  if (!loadCases) return { bare: { rps: 0 } as LoadFigures, plain: { rps: 0 } as LoadFigures, rawPg: { insertsPerSec: 0 }, rawBull: 0 };
  await step('baselines');
  const bare = await load({ url: `${stack.bareUrl}/hello` });
  const { result: rawPg, cpuMs: rawPgCpu } = await metered(() => rawPgRate(stack.databaseUrl, 5));
  report.cpu.push({ case: 'baseline: raw pg INSERT+SELECT (per insert)', per: Math.round(rawPg.insertsPerSec * 5), ms: rawPgCpu });
  const { result: rawBull, cpuMs: rawBullCpu } = await metered(() => rawBullmqRate(stack.redisUrl, 3000));
  report.cpu.push({ case: 'baseline: raw BullMQ no-op job', per: 3000, ms: rawBullCpu });
  const plain = await load({ url: `${stack.bareUrl}/plain.pdf` });
  report.info({ case: 'baseline: bare Fastify hello', figure: `${fmt(bare.rps)} req/s`, p50: bare.p50, p99: bare.p99 });
  report.info({ case: 'baseline: raw pg INSERT+SELECT', figure: `${fmt(rawPg.insertsPerSec)} inserts/s` });
  report.info({ case: 'baseline: raw BullMQ no-op job', figure: `${fmt(rawBull)} jobs/s` });
  report.info({ case: 'baseline: plain PDF streaming', figure: `${fmt(plain.rps)} req/s`, p50: plain.p50, p99: plain.p99 });
  report.split('baseline: bare Fastify hello', bare);
  report.split('baseline: plain PDF streaming', plain);
  return { bare, plain, rawPg, rawBull };
}
