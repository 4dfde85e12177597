// A typed client for the bill controls the WeChat Pay and PayPal sandboxes share: their clock and
// the per-trade bill faults. `baseUrl` is the sandbox's public base URL (prefix included).
import { controlRequest } from './control-request.js';
import type { BillFaults } from './faults.js';

export class BillSandboxControl {
  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await controlRequest<T & { error?: string }>(this.baseUrl, method, path, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} _control/${path}: ${answer.status} ${answer.body.error ?? ''}`);
    return answer.body;
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
