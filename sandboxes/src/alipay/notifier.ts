// Delivers notifies to notify_url: redelivers until the body is exactly `success`, on Alipay's
// schedule (scaled by timeScale), keeping the notify_id across retries; applies fault switches.
import { encodeForm } from '@shop/payments/alipay/signing';
import type { AlipayTradeStatus } from '@shop/payments/alipay/trade-status';
import { newNotifyId, notifyParams } from './callback-params.js';
import { activeFaults, type NotifyFaults } from './faults.js';
import type { ResolvedSandboxOptions } from './options.js';
import type { SandboxTrade } from './trades.js';

export interface DeliveryRecord {
  seq: number;
  notifyId: string;
  outTradeNo: string;
  tradeStatus: AlipayTradeStatus;
  /** delivery: the regular chain; duplicate / reordered: injected extras; dropped: never sent. */
  kind: 'delivery' | 'duplicate' | 'reordered' | 'dropped';
  /** 1 for the first try of the chain, then 2… for retries. */
  attempt: number;
  at: string;
  url: string;
  /** The exact form body sent (lets tests replay or tamper with it). */
  body: string;
  faults: string[];
  httpStatus?: number;
  responseBody?: string;
  error?: string;
  acknowledged: boolean;
  /** Set on the last try of a chain that was never acknowledged. */
  gaveUp?: boolean;
}

interface NotifyEvent {
  notifyId: string;
  outTradeNo: string;
  tradeStatus: AlipayTradeStatus;
  url: string;
  body: string;
  faults: string[];
}

export class Notifier {
  private readonly records: DeliveryRecord[] = [];
  private readonly history = new Map<string, NotifyEvent[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private abort = new AbortController();
  /** Bumped by stop(): chains started before it must not schedule anything again. */
  private generation = 0;
  private seq = 0;

  constructor(private readonly o: ResolvedSandboxOptions) {}

  deliveries(filter: { outTradeNo?: string; notifyId?: string } = {}): DeliveryRecord[] {
    return this.records.filter((r) => (!filter.outTradeNo || r.outTradeNo === filter.outTradeNo) && (!filter.notifyId || r.notifyId === filter.notifyId));
  }

  /** Emits one notify event for the trade's current state. */
  send(trade: SandboxTrade, tradeStatus: AlipayTradeStatus, faults: NotifyFaults): void {
    if (!trade.notifyUrl) return;
    const event = this.event(trade, tradeStatus, faults, this.o.now());
    const past = this.history.get(trade.outTradeNo) ?? [];
    // The event a reordering delivers late: the previous one, else the (normally silent) creation event.
    const older = past.at(-1) ?? (faults.reordered ? this.event(trade, 'WAIT_BUYER_PAY', {}, trade.gmtCreate) : undefined);
    this.history.set(trade.outTradeNo, [...past, event]);
    if (faults.drop) {
      this.record(event, 'dropped', 1, { acknowledged: false });
      return;
    }
    const generation = this.generation;
    this.later(faults.delayMs ?? 0, () => {
      if (generation !== this.generation) return;
      const first = this.attempt(event, 1);
      for (let i = 1; i <= (faults.duplicate ?? 0); i++) void this.deliverOnce(event, 'duplicate', i);
      if (faults.reordered && older) {
        void first.then(() => (generation === this.generation ? this.deliverOnce(older, 'reordered', 1) : undefined));
      }
    });
  }

  /** Stops every timer and in-flight delivery; nothing stays alive after the server closes. */
  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.abort.abort();
    this.abort = new AbortController();
    this.generation++;
  }

  reset(): void {
    this.stop();
    this.records.length = 0;
    this.history.clear();
  }

  private event(trade: SandboxTrade, tradeStatus: AlipayTradeStatus, faults: NotifyFaults, notifyTime: Date): NotifyEvent {
    const notifyId = newNotifyId();
    const params = notifyParams(trade, { notifyId, tradeStatus, notifyTime }, this.o, faults);
    return { notifyId, outTradeNo: trade.outTradeNo, tradeStatus, url: trade.notifyUrl!, body: encodeForm(params), faults: activeFaults(faults) };
  }

  private async attempt(event: NotifyEvent, n: number): Promise<void> {
    const generation = this.generation;
    const ok = await this.deliverOnce(event, 'delivery', n);
    if (ok || generation !== this.generation) return;
    const wait = this.o.retryScheduleMs[n - 1];
    if (wait === undefined) {
      const last = this.records.findLast((r) => r.notifyId === event.notifyId && r.kind === 'delivery');
      if (last) last.gaveUp = true;
      return;
    }
    this.later(wait * this.o.timeScale, () => void this.attempt(event, n + 1));
  }

  private async deliverOnce(event: NotifyEvent, kind: DeliveryRecord['kind'], attempt: number): Promise<boolean> {
    const stopper = this.abort;
    const signal = AbortSignal.any([stopper.signal, AbortSignal.timeout(this.o.deliveryTimeoutMs)]);
    try {
      const res = await fetch(event.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: event.body,
        signal,
      });
      const text = await res.text();
      // Only the exact body `success` stops the redelivery.
      const acknowledged = res.status === 200 && text === 'success';
      this.record(event, kind, attempt, { httpStatus: res.status, responseBody: text.slice(0, 500), acknowledged });
      return acknowledged;
    } catch (err) {
      if (stopper.signal.aborted) return false; // stopped on purpose: not a delivery failure
      this.record(event, kind, attempt, { error: err instanceof Error ? err.message : String(err), acknowledged: false });
      return false;
    }
  }

  private record(event: NotifyEvent, kind: DeliveryRecord['kind'], attempt: number, outcome: Partial<DeliveryRecord> & { acknowledged: boolean }): void {
    this.records.push({
      seq: ++this.seq,
      notifyId: event.notifyId,
      outTradeNo: event.outTradeNo,
      tradeStatus: event.tradeStatus,
      kind,
      attempt,
      at: new Date().toISOString(),
      url: event.url,
      body: event.body,
      faults: event.faults,
      ...outcome,
    });
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        fn();
      },
      Math.max(0, Math.round(ms)),
    );
    this.timers.add(timer);
  }
}
