import { readdirSync, readFileSync } from 'node:fs';

// CPU time per process group, read from /proc: on a shared 2-core machine the request rate alone
// does not say who spent the CPU; the split per request (gateway, PostgreSQL, Redis, load
// generator) is what a "missed target" reason cites.

const TICK_MS = 10; // USER_HZ is 100 on Linux

function procStat(pid: number): { ppid: number; ms: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // fields after the command: state(0) ppid(1) ... utime(11) stime(12)
    return { ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** The process and all its descendants, with the CPU time each has used so far. */
function tree(root: number): Map<number, number> {
  const all = new Map<number, { ppid: number; ms: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(Number(name));
    if (s) all.set(Number(name), s);
  }
  const out = new Map<number, number>();
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    const s = all.get(pid);
    if (!s || out.has(pid)) continue;
    out.set(pid, s.ms);
    for (const [child, c] of all) if (c.ppid === pid) stack.push(child);
  }
  return out;
}

export type CpuGroups = Record<string, () => number | undefined>;

/** Snapshots CPU milliseconds of each group (a group is the tree under a root pid). */
export function cpuMeter(groups: CpuGroups) {
  const snap = () => {
    const out: Record<string, Map<number, number>> = {};
    for (const [name, pid] of Object.entries(groups)) {
      const p = pid();
      out[name] = p ? tree(p) : new Map();
    }
    return out;
  };
  return {
    /** Runs fn and returns the CPU ms each group spent meanwhile (processes that ended are lost). */
    async measure<T>(fn: () => Promise<T>): Promise<{ result: T; cpuMs: Record<string, number> }> {
      const before = snap();
      const result = await fn();
      const after = snap();
      const cpuMs: Record<string, number> = {};
      for (const name of Object.keys(groups)) {
        let ms = 0;
        for (const [pid, t] of after[name]!) ms += t - (before[name]!.get(pid) ?? 0);
        cpuMs[name] = ms;
      }
      return { result, cpuMs };
    },
  };
}

/** The postmaster's pid from its data directory. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}
