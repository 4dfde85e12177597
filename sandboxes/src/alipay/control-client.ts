// A typed client for the sandbox's `_control` endpoints, for tests and scripts.
import type { NotifyFaults } from './faults.js';
import type { DeliveryRecord } from './notifier.js';

export interface ControlAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export class AlipaySandboxControl {
  /** `baseUrl` is the sandbox's publicBaseUrl (prefix included). */
  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<ControlAnswer<T>> {
    const res = await fetch(`${this.baseUrl}/_control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  open(outTradeNo: string) {
    return this.call('POST', 'open', { outTradeNo });
  }
  pay(outTradeNo: string, faults?: NotifyFaults) {
    return this.call<{ trade: Record<string, unknown>; returnUrl: string | null }>('POST', 'pay', { outTradeNo, faults });
  }
  cancel(outTradeNo: string, faults?: NotifyFaults) {
    return this.call('POST', 'cancel', { outTradeNo, faults });
  }
  close(outTradeNo: string, faults?: NotifyFaults) {
    return this.call('POST', 'close', { outTradeNo, faults });
  }
  expire(outTradeNo: string) {
    return this.call('POST', 'expire', { outTradeNo });
  }
  finish(outTradeNo: string, faults?: NotifyFaults) {
    return this.call('POST', 'finish', { outTradeNo, faults });
  }
  trade(outTradeNo: string) {
    return this.call('GET', `trades/${encodeURIComponent(outTradeNo)}`);
  }
  /** Replaces the global fault switches (body is any JSON, so tests can send invalid ones). */
  setFaults(faults: unknown) {
    return this.call<NotifyFaults>('PUT', 'faults', faults);
  }
  clearFaults() {
    return this.call<NotifyFaults>('DELETE', 'faults');
  }
  async deliveries(filter: { outTradeNo?: string; notifyId?: string } = {}): Promise<DeliveryRecord[]> {
    const q = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => !!e[1]));
    return (await this.call<DeliveryRecord[]>('GET', `deliveries?${q}`)).body;
  }
  reset() {
    return this.call('POST', 'reset', {});
  }
}
