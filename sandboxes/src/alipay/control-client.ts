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

  // ---- clock and bills (the controls shared with the cross-border sandbox) ----
  clock() {
    return billControls(this.call.bind(this)).clock();
  }
  /** The sandbox's clock reads `at` from now on (and runs on from there). */
  setClock(at: Date | string) {
    return billControls(this.call.bind(this)).setClock(at);
  }
  advanceClock(ms: number) {
    return billControls(this.call.bind(this)).advanceClock(ms);
  }
  /** Replaces the bill faults of one trade (`{}` clears them). */
  setBillFaults(outTradeNo: string, faults: BillFaultsInput) {
    return billControls(this.call.bind(this)).setBillFaults(outTradeNo, faults);
  }
  /** Every bill from now on is corrupted this way (null: no more). */
  corruptBills(corrupt: 'summary' | 'unreadable' | null) {
    return billControls(this.call.bind(this)).corruptBills(corrupt);
  }
  billFaults() {
    return billControls(this.call.bind(this)).billFaults();
  }
  clearBillFaults() {
    return billControls(this.call.bind(this)).clearBillFaults();
  }
}

/** What a test sends as one trade's bill faults (see TradeBillFaults; times as ISO strings). */
export interface BillFaultsInput {
  omit?: boolean;
  amountDeltaMinor?: number;
  unknownRefund?: { amountMinor: number; refundNo?: string; at?: string };
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<ControlAnswer<T>>;
type ClockView = { now: string; offsetMs: number };
type BillFaultsView = { corrupt: 'summary' | 'unreadable' | null; trades: Record<string, BillFaultsInput> };

/** The clock and bill-fault controls, over any sandbox's `_control` caller. */
export function billControls(call: Call) {
  return {
    clock: () => call<ClockView>('GET', 'clock'),
    setClock: (at: Date | string) => call<ClockView>('PUT', 'clock', { at: typeof at === 'string' ? at : at.toISOString() }),
    advanceClock: (ms: number) => call<ClockView>('PUT', 'clock', { advanceMs: ms }),
    setBillFaults: (outTradeNo: string, faults: BillFaultsInput) => call<BillFaultsView>('PUT', `bill-faults/${encodeURIComponent(outTradeNo)}`, faults),
    corruptBills: (corrupt: 'summary' | 'unreadable' | null) => call<BillFaultsView>('PUT', 'bill-faults', { corrupt }),
    billFaults: () => call<BillFaultsView>('GET', 'bill-faults'),
    clearBillFaults: () => call<BillFaultsView>('DELETE', 'bill-faults'),
  };
}
