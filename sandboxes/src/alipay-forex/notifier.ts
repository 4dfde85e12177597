// Asynchronous notifications of paid trades: a signed form POST with the documented fields, resent
// on Alipay's schedule until the body is exactly `success`; each carries a notify_id that
// notify_verify confirms for a while after the latest delivery.
import { randomBytes } from 'node:crypto';
import { centsToDecimal } from '@shop/payments';
import { signedForexParams } from '@shop/payments/alipay/forex/index';
import { FOREX_RETRY_SCHEDULE_MS, type ResolvedForexOptions } from './options.js';
import type { ForexTrade } from './trades.js';

export interface ForexNotifyFaults {
  /** The forex_total_fee differs from the trade by 0.01 (correctly signed). */
  wrongAmount?: boolean;
  /** The sign is corrupted. */
  badSignature?: boolean;
  /** notify_verify answers `false` for this notification (a forged notify_id). */
  unverifiable?: boolean;
  /** Deliver this many copies (same notify_id). */
  duplicate?: number;
  drop?: boolean;
}

export interface ForexDelivery {
  outTradeNo: string;
  notifyId: string;
  attempt: number;
  status: number;
  body: string;
  at: Date;
}

const beijing = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

export class ForexNotifier {
  readonly deliveries: ForexDelivery[] = [];
  /** notify_id -> valid until (ms). */
  private readonly ids = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly o: ResolvedForexOptions) {}

  /** The documented notification fields of a paid trade (cross-border reference 2.4). */
  paramsOf(trade: ForexTrade, notifyId: string, faults: ForexNotifyFaults): Record<string, string> {
    const params = signedForexParams(
      {
        notify_time: beijing(this.o.now()),
        notify_type: 'trade_status_sync',
        notify_id: notifyId,
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        currency: trade.currency,
        total_fee: centsToDecimal(trade.cnyFen),
        forex_total_fee: centsToDecimal(trade.forexCents + (faults.wrongAmount ? 1 : 0)),
        subject: trade.subject,
        ...(trade.body ? { body: trade.body } : {}),
        gmt_payment: beijing(trade.paidAt ?? this.o.now()),
        buyer_id: trade.buyerId ?? '',
        buyer_email: 'buyer***@example.com',
      },
      'RSA2',
      this.o.alipayPrivateKey,
    );
    if (faults.badSignature) params.sign = `${params.sign!.slice(0, -4)}AAAA`;
    return params;
  }

  verify(notifyId: string): 'true' | 'false' {
    const until = this.ids.get(notifyId);
    return until !== undefined && until >= Date.now() ? 'true' : 'false';
  }

  send(trade: ForexTrade, faults: ForexNotifyFaults = {}): string {
    const notifyId = randomBytes(16).toString('hex');
    if (faults.drop || !trade.notifyUrl) return notifyId;
    const copies = Math.max(1, Math.min(faults.duplicate ?? 1, 10));
    for (let i = 0; i < copies; i++) void this.deliver(trade, notifyId, faults, 0);
    return notifyId;
  }

  private async deliver(trade: ForexTrade, notifyId: string, faults: ForexNotifyFaults, attempt: number): Promise<void> {
    if (this.stopped) return;
    if (!faults.unverifiable) this.ids.set(notifyId, Date.now() + this.o.notifyIdTtlMs);
    let status: number;
    let body = '';
    try {
      const res = await fetch(trade.notifyUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(this.paramsOf(trade, notifyId, faults)).toString(),
        signal: AbortSignal.timeout(this.o.deliveryTimeoutMs),
      });
      status = res.status;
      body = await res.text();
    } catch {
      status = 0;
    }
    this.deliveries.push({ outTradeNo: trade.outTradeNo, notifyId, attempt, status, body, at: new Date() });
    // Only the exact body `success` ends the resending.
    if (body === 'success' || attempt >= FOREX_RETRY_SCHEDULE_MS.length) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(trade, notifyId, {}, attempt + 1);
    }, FOREX_RETRY_SCHEDULE_MS[attempt]! * this.o.timeScale);
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  reset(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.deliveries.length = 0;
    this.ids.clear();
  }
}
