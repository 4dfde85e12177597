import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CpuSplit, LoadFigures } from './load.js';
import { judge, type TargetKey } from './targets.js';

/** One row of the printed table: a case's figure, its baseline and ratio, and its target. */
export interface Row {
  case: string;
  figure: string;
  p50?: number;
  p99?: number;
  baseline: string;
  ratio: number | null;
  target: string;
  met: boolean | null;
}

/** Where a case's CPU went, per request (or job), by process group. */
export interface CpuRow {
  case: string;
  per: number;
  ms: CpuSplit;
  /** The case's baseline row in this table: the "ratio CPU allows" column divides by it. */
  baseline?: string;
}

/** The shop's own processes: the sandboxes (the provider's side) and the bench (load generator, mail sink) are counted apart. */
const SHOP_GROUPS = ['gateway', 'postgres', 'redis', 'workers'];
const ALL_GROUPS = [...SHOP_GROUPS, 'sandboxes', 'bare', 'bench'];

export const shopCpuMs = (ms: CpuSplit, per: number) => (per ? SHOP_GROUPS.reduce((sum, g) => sum + (ms[g] ?? 0), 0) / per : undefined);
export const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

/** The two tables a run prints and writes: the cases with their targets, and their CPU by process. */
export class Report {
  readonly rows: Row[] = [];
  readonly cpu: CpuRow[] = [];

  /** A row without a target (a baseline or a diagnostic). */
  info(row: Omit<Row, 'target' | 'met' | 'baseline' | 'ratio'> & Partial<Pick<Row, 'baseline' | 'ratio'>>): void {
    this.rows.push({ baseline: '-', ratio: null, ...row, target: '-', met: null });
  }

  /** A row judged against its target (targets.ts). */
  judged(row: Omit<Row, 'target' | 'met'>, verdict: { target: string; met: boolean | null }): void {
    this.rows.push({ ...row, ...verdict });
  }

  split(name: string, f: { total: number; cpuMs: CpuSplit }, baseline?: string): void {
    this.cpu.push({ case: name, per: f.total, ms: f.cpuMs, baseline });
  }

  /** A load case against its baseline's rate, with its CPU split, judged by its target. */
  versus(name: string, f: LoadFigures, base: { rps: number; name: string; cpuRow: string }, key: TargetKey): LoadFigures {
    this.split(name, f, base.cpuRow);
    this.judged(
      {
        case: name,
        figure: `${fmt(f.rps)} req/s${f.non2xx ? ` (${f.non2xx} non-2xx)` : ''}`,
        p50: f.p50,
        p99: f.p99,
        baseline: base.name,
        ratio: f.rps / base.rps,
      },
      judge(key, { ratio: f.rps / base.rps, p50: f.p50, p99: f.p99, cpuMs: shopCpuMs(f.cpuMs, f.total) }),
    );
    return f;
  }

  table(): string {
    return [
      '| case | figure | p50 ms | p99 ms | baseline | ratio | target | met |',
      '|---|---|---|---|---|---|---|---|',
      ...this.rows.map(
        (r) =>
          `| ${r.case} | ${r.figure} | ${r.p50 ?? ''} | ${r.p99 ?? ''} | ${r.baseline} | ${r.ratio === null ? '' : `${r.ratio.toFixed(2)}x`} | ${r.target} | ${r.met === null ? '' : r.met ? 'yes' : 'no'} |`,
      ),
    ].join('\n');
  }

  cpuTable(): string {
    const totalMs = (c: CpuRow) => ALL_GROUPS.reduce((sum, g) => sum + (c.ms[g] ?? 0), 0) / Math.max(c.per, 1);
    // If every process were CPU-bound on the same cores, rates would be in inverse proportion to the
    // CPU a request costs in all processes together: the ratio that CPU alone allows.
    const cpuBound = (c: CpuRow) => {
      const base = this.cpu.find((b) => b.case === c.baseline);
      return base && c.per ? `${(totalMs(base) / totalMs(c)).toFixed(2)}x` : '';
    };
    return [
      `| CPU ms per request | requests | ${ALL_GROUPS.join(' | ')} | all | ratio CPU allows |`,
      `|---|---|${ALL_GROUPS.map(() => '---|').join('')}---|---|`,
      ...this.cpu.map(
        (c) =>
          `| ${c.case} | ${c.per} | ${ALL_GROUPS.map((g) => (c.per ? ((c.ms[g] ?? 0) / c.per).toFixed(3) : '')).join(' | ')} | ${totalMs(c).toFixed(3)} | ${cpuBound(c)} |`,
      ),
    ].join('\n');
  }

  /** bench-results/bench.json (rows and CPU, with the date and the machine's cores) and bench.md. */
  write(dir: string): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'bench.json'),
      JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, rows: this.rows, cpu: this.cpu }, null, 2),
    );
    writeFileSync(path.join(dir, 'bench.md'), `${this.table()}\n\n${this.cpuTable()}\n`);
  }
}
