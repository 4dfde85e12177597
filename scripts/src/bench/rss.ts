import { readFileSync } from 'node:fs';

export interface MemoryAtPeak {
  rss: number;
  /** The case running when the peak was sampled. */
  during?: string;
  /** From the gateway's /metrics, sampled while the RSS peaked (V8 heap and memory outside it). */
  heapTotal?: number;
  heapUsed?: number;
  external?: number;
}

function metric(text: string, name: string): number | undefined {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

/** Samples a process's resident memory; the peak is what the target is about. */
export function sampleRss(
  pid: number,
  everyMs = 250,
  metrics?: { url: string; token: string; everyMs?: number },
): { stop: () => number; peak: () => MemoryAtPeak; phase: (name: string) => void } {
  let peak = 0;
  let atPeak: MemoryAtPeak = { rss: 0 };
  let lastHeap: Omit<MemoryAtPeak, 'rss'> = {};
  let during = '';
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m && Number(m[1]) * 1024 > peak) {
        peak = Number(m[1]) * 1024;
        atPeak = { rss: peak, ...lastHeap, during };
      }
    } catch {
      // the process is gone
    }
  };
  const scrape = async () => {
    if (!metrics) return;
    try {
      const res = await fetch(metrics.url, { headers: { authorization: `Bearer ${metrics.token}` } });
      const text = await res.text();
      lastHeap = {
        heapTotal: metric(text, 'shop_gateway_nodejs_heap_size_total_bytes'),
        heapUsed: metric(text, 'shop_gateway_nodejs_heap_size_used_bytes'),
        external: metric(text, 'shop_gateway_nodejs_external_memory_bytes'),
      };
      read();
    } catch {
      // not up yet or gone
    }
  };
  read();
  const t = setInterval(read, everyMs);
  const s = metrics ? setInterval(() => void scrape(), metrics.everyMs ?? 2_000) : undefined;
  return {
    stop: () => (clearInterval(t), s && clearInterval(s), read(), peak),
    peak: () => atPeak,
    phase: (name: string) => void (during = name),
  };
}
