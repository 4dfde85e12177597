// A typed client for the cross-border sandbox's `_control` endpoints, for tests and scripts.
import { billControls, type BillFaultsInput, type ControlAnswer } from '../alipay/control-client.js';
import type { ForexNotifyFaults } from './notifier.js';

export class ForexSandboxControl {
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

  private get bills() {
    return billControls(this.call.bind(this));
  }

  /** The buyer pays at the cashier (the trade must have reached it); `faults` shape its notification, `drop` included. */
  pay(outTradeNo: string, faults?: ForexNotifyFaults) {
    return this.call<{ notifyId: string; tradeNo: string }>('POST', 'pay', { outTradeNo, faults });
  }
  trades() {
    return this.call<
      Array<{ outTradeNo: string; tradeNo: string; status: string; amount: string; cny: string; refunds: Array<{ outReturnNo: string; amount: string }> }>
    >('GET', 'trades');
  }
  clock() {
    return this.bills.clock();
  }
  setClock(at: Date | string) {
    return this.bills.setClock(at);
  }
  advanceClock(ms: number) {
    return this.bills.advanceClock(ms);
  }
  setBillFaults(outTradeNo: string, faults: BillFaultsInput) {
    return this.bills.setBillFaults(outTradeNo, faults);
  }
  corruptBills(corrupt: 'summary' | 'unreadable' | null) {
    return this.bills.corruptBills(corrupt);
  }
  billFaults() {
    return this.bills.billFaults();
  }
  clearBillFaults() {
    return this.bills.clearBillFaults();
  }
}
