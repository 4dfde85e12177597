/**
 * Every bench row's target, in one table. A target is a list of bounds on figures the row measured
 * (a ratio against its baseline, a latency, CPU per operation, a size); the row meets it when every
 * bound holds, and a bound whose figure the run did not measure counts as not met.
 */

export interface Bound {
  /** The name of the measured figure (a key of the row's `Measured`). */
  figure: string;
  op: '>=' | '<=';
  value: number;
  /** How the bound is printed, e.g. 'x' or ' ms'. */
  unit: string;
  /** The bound's label in the printed target; the figure's name when absent. */
  label?: string;
}

export type Measured = Record<string, number | undefined>;

const atLeast = (figure: string, value: number, unit = '', label?: string): Bound => ({ figure, op: '>=', value, unit, label });
const atMost = (figure: string, value: number, unit = '', label?: string): Bound => ({ figure, op: '<=', value, unit, label });
const ratio = (value: number) => atLeast('ratio', value, 'x', '');

const lighthouse = [
  atLeast('score', 90, '', 'performance'),
  atMost('lcpMs', 2500, ' ms', 'LCP'),
  atMost('tbtMs', 200, ' ms', 'TBT'),
  atMost('cls', 0.05, '', 'CLS'),
];

/** The targets by row key; rows without an entry are baselines or diagnostics. */
export const targets = {
  books: [ratio(0.6)],
  orders: [ratio(0.1)],
  getlist: [ratio(0.1)],
  // The 1M-order figure against the same run's 100k figure (seeding 1M with BENCH_ORDERS=1000000).
  ordersGrowth: [atMost('growth', 1.2, 'x', '1M vs 100k')],
  getlistGrowth: [atMost('growth', 1.2, 'x', '1M vs 100k')],
  checkout: [ratio(0.2), atMost('cpuMs', 6, ' ms', 'CPU/op')],
  // The shop's processes (gateway, PostgreSQL, Redis, workers); the sandbox's CPU is counted apart.
  settlement: [ratio(0.25), atMost('cpuMs', 8, ' ms', 'shop CPU/op')],
  settlementLatency10: [],
  settlementLatency50: [atMost('p50', 50, ' ms', 'p50'), atMost('p99', 250, ' ms', 'p99')],
  lostNotification: [atMost('seconds', 5, ' s', 'settled in')],
  downloadFirst: [ratio(0.5), atMost('p99', 50, ' ms', 'p99')],
  downloadAgain: [ratio(0.5)],
  sqlPerOrders: [atMost('statements', 2, '', '')],
  spaFirstLoad: [atMost('kb', 200, ' KB', '')],
  lighthousePublic: [...lighthouse, atMost('jsKb', 120, ' KB gzip', 'JS')],
  lighthouseLoggedIn: lighthouse,
  gatewayRss: [atMost('mb', 200, ' MB', '')],
} satisfies Record<string, Bound[]>;

export type TargetKey = keyof typeof targets;

/**
 * Each public page's main-thread script time (evaluation and hydration, unthrottled) as first
 * measured (docs/benchmarks.md, "Main-thread baseline"); the target is half of it.
 */
export const mainThreadBaselineMs = { index: 220, book: 199, orders: 312 };

/** The main-thread row's target is half of the baseline recorded in docs/benchmarks.md. */
export function halfOf(baselineMs: number): Bound[] {
  return [atMost('ms', baselineMs / 2, ' ms', 'script + hydration')];
}

const show = (b: Bound) => `${b.label ?? b.figure}${b.label === '' ? '' : ' '}${b.op} ${b.value}${b.unit}`.trim();

/** The printed target: '-' for none. */
export function targetText(bounds: readonly Bound[] | undefined): string {
  return bounds && bounds.length ? bounds.map(show).join(', ') : '-';
}

/** Whether every bound holds; null when the row has no target. */
export function isMet(bounds: readonly Bound[] | undefined, measured: Measured): boolean | null {
  if (!bounds || !bounds.length) return null;
  return bounds.every((b) => {
    const v = measured[b.figure];
    if (v === undefined || !Number.isFinite(v)) return false;
    return b.op === '>=' ? v >= b.value : v <= b.value;
  });
}

/** The target and verdict columns of a row. */
export function judge(key: TargetKey | Bound[], measured: Measured): { target: string; met: boolean | null } {
  const bounds = Array.isArray(key) ? key : targets[key];
  return { target: targetText(bounds), met: isMet(bounds, measured) };
}
