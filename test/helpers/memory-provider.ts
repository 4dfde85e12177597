// A payment provider held in memory, for the core tier: it keeps the trades core opens at it and
// answers as a provider's API would (query, close, refund), with the buyer's side driven by the
// test (pay, leave a trade that cannot be closed). The providers' protocols are tested against
// their sandboxes; core's rules need only what the PaymentProvider contract promises.
import type { AttemptStatus, CloseAnswer, CreateAttemptInput, CreatedAttempt, PaymentProvider, ProviderName, RefundInput, RefundStatus } from '@shop/payments';

interface Trade {
  input: CreateAttemptInput;
  state: 'pending' | 'succeeded' | 'closed';
  /** A trade the provider cannot close before this time (WeChat Pay's first five minutes, say). */
  openUntil?: Date;
}

export class MemoryProvider implements PaymentProvider {
  readonly identity = { merchantId: 'memory-merchant' };
  readonly trades = new Map<string, Trade>();
  readonly refunds = new Map<string, RefundInput>();
  /** Every close asked of the provider, by trade number. */
  readonly closes: string[] = [];
  /** The next createAttempt is refused, as a provider refuses a malformed or blocked order. */
  refuseNext = false;

  readonly name: ProviderName;

  constructor(name: ProviderName = 'wechat') {
    this.name = name;
  }

  async createAttempt(input: CreateAttemptInput): Promise<CreatedAttempt> {
    if (this.refuseNext) {
      this.refuseNext = false;
      throw new Error('the provider refused the order');
    }
    this.trades.set(input.outTradeNo, { input, state: 'pending' });
    return { providerRef: `MEM-${input.outTradeNo}`, nextAction: { type: 'qr', codeUrl: `memory://pay/${input.outTradeNo}` } };
  }

  /** The buyer pays the trade; the shop hears of it only when the test tells core. */
  pay(outTradeNo: string): void {
    const trade = this.trade(outTradeNo);
    if (trade.state === 'closed') throw new Error(`trade ${outTradeNo} is closed: the provider takes no payment`);
    trade.state = 'succeeded';
  }

  /** The provider will not close the trade before `until` (it stays payable). */
  keepOpen(outTradeNo: string, until: Date): void {
    this.trade(outTradeNo).openUntil = until;
  }

  async query(outTradeNo: string): Promise<AttemptStatus> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) return { state: 'pending', outTradeNo };
    return { state: trade.state, outTradeNo, providerRef: `MEM-${outTradeNo}`, amountCents: trade.input.amountCents, currency: trade.input.currency };
  }

  async close(outTradeNo: string): Promise<CloseAnswer> {
    this.closes.push(outTradeNo);
    const trade = this.trades.get(outTradeNo);
    if (!trade) return { state: 'closed' };
    if (trade.state === 'succeeded') return { state: 'paid' };
    if (trade.openUntil && trade.openUntil > new Date()) return { state: 'open', payableUntil: trade.openUntil };
    trade.state = 'closed';
    return { state: 'closed' };
  }

  async verifyNotification(): Promise<never> {
    throw new Error('the memory provider sends no notifications');
  }

  answer(acknowledged: boolean) {
    return { status: acknowledged ? 200 : 500, contentType: 'text/plain', body: acknowledged ? 'OK' : 'FAIL' };
  }

  async refund(input: RefundInput): Promise<RefundStatus> {
    if (this.trade(input.outTradeNo).state !== 'succeeded') return { state: 'failed', refundNo: input.refundNo, detail: 'trade not paid' };
    if (!this.refunds.has(input.refundNo)) this.refunds.set(input.refundNo, input);
    return {
      state: 'succeeded',
      refundNo: input.refundNo,
      outTradeNo: input.outTradeNo,
      providerRefundId: `MEMR-${input.refundNo}`,
      amountMinor: input.amountMinor,
      currency: input.currency,
    };
  }

  async queryRefund(input: RefundInput): Promise<RefundStatus> {
    return this.refunds.has(input.refundNo) ? this.refund(input) : { state: 'failed', refundNo: input.refundNo, detail: 'no such refund' };
  }

  private trade(outTradeNo: string): Trade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo} at the memory provider`);
    return trade;
  }
}
