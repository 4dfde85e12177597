import autocannon from 'autocannon';
import type { cpuMeter } from './cpu.js';

/** CPU ms per process group during the measured round (not the warm-up); 'bench' is autocannon. */
export type CpuSplit = Record<string, number>;
let meter: ReturnType<typeof cpuMeter> | undefined;
export function useCpuMeter(m: ReturnType<typeof cpuMeter>): void {
  meter = m;
}

/** Runs fn while counting CPU per group, this process included as 'bench'. */
export async function metered<T>(fn: () => Promise<T>): Promise<{ result: T; cpuMs: CpuSplit }> {
  const own = process.cpuUsage();
  const m = meter ? await meter.measure(fn) : { result: await fn(), cpuMs: {} as CpuSplit };
  const d = process.cpuUsage(own);
  return { result: m.result, cpuMs: { ...m.cpuMs, bench: (d.user + d.system) / 1000 } };
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  cpuMs: CpuSplit;
}

export interface LoadSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Cycled per request (e.g. one bearer token each), when requests differ. */
  perRequest?: (i: number) => { path?: string; headers?: Record<string, string>; body?: string };
  seconds?: number;
  amount?: number;
  connections?: number;
}

/** One warm-up round, then the measured round; loopback only, bounded in time or count. */
export async function load(spec: LoadSpec, warmupSeconds = 2): Promise<LoadFigures> {
  const base = { url: spec.url, method: spec.method ?? 'GET', headers: spec.headers, body: spec.body, connections: spec.connections ?? 16 };
  let i = 0;
  const requests = spec.perRequest
    ? [
        {
          method: base.method,
          setupRequest: (req: Record<string, unknown>) => {
            const extra = spec.perRequest!(i++);
            return {
              ...req,
              ...(extra.path ? { path: extra.path } : {}),
              headers: { ...(base.headers ?? {}), ...(extra.headers ?? {}) },
              ...(extra.body !== undefined ? { body: extra.body } : {}),
            };
          },
        },
      ]
    : undefined;
  if (warmupSeconds > 0 && !spec.amount) await autocannon({ ...base, duration: warmupSeconds, requests });
  const { result: r, cpuMs } = await metered(() =>
    autocannon({ ...base, ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds ?? 6 }), requests }),
  );
  return {
    rps: spec.amount ? r.requests.total / Math.max(r.duration, 0.001) : r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
    cpuMs,
  };
}
