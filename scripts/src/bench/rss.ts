import { readFileSync } from 'node:fs';

/** Samples a process's resident memory; the peak is what the target is about. */
export function sampleRss(pid: number, everyMs = 250): { stop: () => number } {
  let peak = 0;
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
    } catch {
      // the process is gone
    }
  };
  read();
  const t = setInterval(read, everyMs);
  return { stop: () => (clearInterval(t), read(), peak) };
}
