// A typed client for the bill controls the WeChat Pay and PayPal sandboxes share: their clock and
// the per-trade bill faults. `baseUrl` is the sandbox's public base URL (prefix included).
import type { BillFaults } from './faults.js';

export class BillSandboxControl {
  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/_control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`${method} _control/${path}: ${res.status} ${answer.error ?? ''}`);
    return answer;
  }

  /** Sets the provider's clock to this instant (it keeps running from there). */
  setClock(at: Date | string) {
    return this.call<{ now: string; offsetMs: number }>('POST', 'clock', { at: typeof at === 'string' ? at : at.toISOString() });
  }
  advanceClock(ms: number) {
    return this.call<{ now: string; offsetMs: number }>('POST', 'clock', { advanceMs: ms });
  }
  resetClock() {
    return this.call<{ now: string; offsetMs: number }>('DELETE', 'clock');
  }
  /** Replaces the bill faults of one trade ({} clears them). */
  setBillFaults(outTradeNo: string, faults: BillFaults) {
    return this.call<{ outTradeNo: string; faults: BillFaults }>('PUT', `bill-faults/${encodeURIComponent(outTradeNo)}`, faults);
  }
  billFaults() {
    return this.call<Record<string, BillFaults>>('GET', 'bill-faults');
  }
  clearBillFaults() {
    return this.call<Record<string, BillFaults>>('DELETE', 'bill-faults');
  }
}
