// TEST_TIMINGS=1: each test process prints, as it exits, how long its screen checks and the other
// measured steps took in all (milliseconds and count per step), to find where a suite's time goes.
const ON = process.env.TEST_TIMINGS === '1';
const totals = new Map<string, { ms: number; n: number }>();
const started = Date.now();

if (ON)
  process.once('exit', () => {
    const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms).map(([step, { ms, n }]) => `#   ${step}: ${Math.round(ms)} ms in ${n}`);
    process.stderr.write(`# timings of ${process.argv[1]} (${Date.now() - started} ms in all):\n${rows.join('\n')}\n`);
  });

/** Runs `fn`, adding its time to `step`'s total when TEST_TIMINGS=1. */
export async function timed<R>(step: string, fn: () => Promise<R> | R): Promise<R> {
  if (!ON) return fn();
  const from = performance.now();
  try {
    return await fn();
  } finally {
    const row = totals.get(step) ?? { ms: 0, n: 0 };
    row.ms += performance.now() - from;
    row.n += 1;
    totals.set(step, row);
  }
}

/** Counts one `step` that takes no time of its own (a check answered from an earlier one). */
export function counted(step: string): void {
  if (!ON) return;
  const row = totals.get(step) ?? { ms: 0, n: 0 };
  row.n += 1;
  totals.set(step, row);
}
