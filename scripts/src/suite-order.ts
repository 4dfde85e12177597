import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The order a lane starts its suites in. Run as listed (alphabetically), a lane ended with
// whichever long suite came last running alone on one core while the other waited. Longest first,
// the short suites fill the last gaps, as Jest does with the timings of its previous run. The
// timings of the last run are kept in a file beside the screenshots (never committed): a fresh
// clone has none and runs in the listed order, which is as correct, only less tightly packed.

/** Milliseconds each suite (by its path in the project) took when it last ran. */
export type SuiteDurations = Record<string, number>;

export function readDurations(file: string): SuiteDurations {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]) && e[1] >= 0));
  } catch {
    // None yet, or unreadable: the listed order.
    return {};
  }
}

/** Adds this run's timings to the kept ones (a subset run keeps the others' timings). */
export function writeDurations(file: string, kept: SuiteDurations, measured: SuiteDurations): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, `${JSON.stringify({ ...kept, ...measured }, null, 2)}\n`);
  // Two runs side by side: the rename keeps the file whole, the later one's timings win.
  renameSync(partial, file);
}

/**
 * Longest first by the kept timings; a suite with none (new, or a fresh clone) comes before all
 * timed ones, since it may be long. Ties keep the listed order.
 */
export function longestFirst(files: string[], durations: SuiteDurations): string[] {
  const weight = (f: string) => durations[f] ?? Number.POSITIVE_INFINITY;
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => weight(b.f) - weight(a.f) || a.i - b.i)
    .map((e) => e.f);
}
