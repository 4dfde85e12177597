// A typed client for the cross-border sandbox's `_control` endpoints, for tests and scripts: the
// buyer paying and the trades, besides the clock and bill controls of every Alipay sandbox.
import { AlipayBillControl } from '../alipay/control-client.js';
import type { ForexNotifyFaults } from './notifier.js';

export class ForexSandboxControl extends AlipayBillControl {
  /** The buyer pays at the cashier (the trade must have reached it); `faults` shape its notification, `drop` included. */
  pay(outTradeNo: string, faults?: ForexNotifyFaults) {
    return this.call<{ notifyId: string; tradeNo: string }>('POST', 'pay', { outTradeNo, faults });
  }
  trades() {
    return this.call<
      Array<{ outTradeNo: string; tradeNo: string; status: string; amount: string; cny: string; refunds: Array<{ outReturnNo: string; amount: string }> }>
    >('GET', 'trades');
  }
}
