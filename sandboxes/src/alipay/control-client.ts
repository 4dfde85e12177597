// Typed clients for the Alipay sandboxes' `_control` endpoints, for tests and scripts: the clock and
// bill-fault controls both Alipay sandboxes share, and the mainland sandbox's trade controls.
import { controlRequest, type ControlAnswer } from '../bills/control-request.js';
import type { NotifyFaults } from './faults.js';
import type { DeliveryRecord } from './notifier.js';

export type { ControlAnswer };

/** What a test sends as one trade's bill faults (see TradeBillFaults; times as ISO strings). */
export interface BillFaultsInput {
  omit?: boolean;
  amountDeltaMinor?: number;
  unknownRefund?: { amountMinor: number; refundNo?: string; at?: string };
}

type ClockView = { now: string; offsetMs: number };
type BillFaultsView = { corrupt: 'summary' | 'unreadable' | null; trades: Record<string, BillFaultsInput> };

/** The clock and bill-fault controls of either Alipay sandbox. */
export class AlipayBillControl {
  /** `baseUrl` is the sandbox's publicBaseUrl (prefix included). */
  constructor(private readonly baseUrl: string) {}

  protected call<T>(method: string, path: string, body?: unknown): Promise<ControlAnswer<T>> {
    return controlRequest<T>(this.baseUrl, method, path, body);
  }

  clock() {
    return this.call<ClockView>('GET', 'clock');
  }
  /** The sandbox's clock reads `at` from now on (and runs on from there). */
  setClock(at: Date | string) {
    return this.call<ClockView>('PUT', 'clock', { at: typeof at === 'string' ? at : at.toISOString() });
  }
  advanceClock(ms: number) {
    return this.call<ClockView>('PUT', 'clock', { advanceMs: ms });
  }
  /** Replaces the bill faults of one trade (`{}` clears them). */
  setBillFaults(outTradeNo: string, faults: BillFaultsInput) {
    return this.call<BillFaultsView>('PUT', `bill-faults/${encodeURIComponent(outTradeNo)}`, faults);
  }
  /** Every bill from now on is corrupted this way (null: no more). */
  corruptBills(corrupt: 'summary' | 'unreadable' | null) {
    return this.call<BillFaultsView>('PUT', 'bill-faults', { corrupt });
  }
  billFaults() {
    return this.call<BillFaultsView>('GET', 'bill-faults');
  }
  clearBillFaults() {
    return this.call<BillFaultsView>('DELETE', 'bill-faults');
  }
}

/** The mainland sandbox: its cashier and trade controls, notification faults and deliveries, and the bill controls. */
export class AlipaySandboxControl extends AlipayBillControl {
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
