import type { PaypalWebhookEvent } from '@shop/payments/paypal/wire';
import type { WebhookFaults } from './faults.js';
import type { WebhookSigner } from './webhookSigner.js';
import { withWrongAmount } from './webhookEvents.js';

/**
 * Seconds between redeliveries. PayPal retries a failed delivery "up to 25 times over three
 * days"; this increasing schedule has 25 steps summing to about 2.9 days.
 */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = [
  30, 60, 120, 300, 600, 900, 1800, 1800, 3600, 3600, 3600, 7200, 7200, 7200, 10800, 10800, 10800, 14400, 14400, 14400, 21600, 21600, 21600, 28800, 43200,
];

// A reordered event waits for the next one, but never longer than this (real ms).
const MAX_HOLD_MS = 5000;

export type EventState = 'pending' | 'held' | 'delivered' | 'failed' | 'dropped' | 'no_webhook_url';

export interface EventRecord {
  event: PaypalWebhookEvent;
  /** Exactly the bytes sent (after any wrong-amount fault). */
  body: string;
  faults: WebhookFaults;
  state: EventState;
}

export interface DeliveryRecord {
  eventId: string;
  eventType: string;
  /** 1-based copy number (duplicate fault) and attempt number (1 = first delivery). */
  copy: number;
  attempt: number;
  transmissionId?: string;
  url?: string;
  at: string;
  status?: number;
  error?: string;
  outcome: 'acked' | 'failed' | 'dropped' | 'no_webhook_url' | 'gave_up';
  badSignature: boolean;
}

export interface DispatcherOptions {
  signer: WebhookSigner;
  webhookUrl?: string;
  timeScale: number;
  deliveryTimeoutMs: number;
}

/** Sends webhook events with PayPal's redelivery behaviour and the configured faults. */
export class WebhookDispatcher {
  readonly events: EventRecord[] = [];
  readonly log: DeliveryRecord[] = [];
  webhookUrl: string | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private held: { record: EventRecord; timer: NodeJS.Timeout } | undefined;
  private closed = false;

  constructor(private readonly opts: DispatcherOptions) {
    this.webhookUrl = opts.webhookUrl;
  }

  emit(event: PaypalWebhookEvent, faults: WebhookFaults): EventRecord {
    const sent = faults.wrongAmount ? withWrongAmount(event) : event;
    const record: EventRecord = { event, body: JSON.stringify(sent), faults, state: 'pending' };
    this.events.push(record);
    const base = { eventId: event.id, eventType: event.event_type, copy: 1, attempt: 0, at: new Date().toISOString(), badSignature: faults.badSignature };
    if (faults.drop) {
      record.state = 'dropped';
      this.log.push({ ...base, outcome: 'dropped' });
      return record;
    }
    if (!this.webhookUrl) {
      // Like PayPal without a subscription: the event exists but goes nowhere.
      record.state = 'no_webhook_url';
      this.log.push({ ...base, outcome: 'no_webhook_url' });
      return record;
    }
    const earlier = this.held;
    if (faults.reorder && !earlier) {
      record.state = 'held';
      const timer = this.later(() => this.releaseHeld(), MAX_HOLD_MS);
      this.held = { record, timer };
      return record;
    }
    // The older, held event goes out once this newer one has been tried.
    this.start(record, earlier ? () => this.releaseHeld() : undefined);
    return record;
  }

  /** Timers still waiting (deliveries, retries, held events); 0 after close(). */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Sends an event again as new transmissions, like the dashboard's "Resend". */
  resend(eventId: string): EventRecord | undefined {
    const record = this.events.find((r) => r.event.id === eventId);
    if (record) this.start(record);
    return record;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.inFlight) c.abort();
    this.inFlight.clear();
    this.held = undefined;
  }

  private releaseHeld(): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    clearTimeout(held.timer);
    this.timers.delete(held.timer);
    this.start(held.record);
  }

  private start(record: EventRecord, afterFirstAttempt?: () => void): void {
    record.state = 'pending';
    const copies = Math.max(1, record.faults.duplicate);
    for (let copy = 1; copy <= copies; copy++) {
      this.later(() => void this.attempt(record, copy, 1, copy === 1 ? afterFirstAttempt : undefined), record.faults.delayMs);
    }
  }

  private later(fn: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) fn();
    }, ms);
    // Pending redeliveries must not keep a process alive on their own.
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  private async attempt(record: EventRecord, copy: number, attempt: number, afterAttempt?: () => void): Promise<void> {
    const url = this.webhookUrl;
    const entry: DeliveryRecord = {
      eventId: record.event.id,
      eventType: record.event.event_type,
      copy,
      attempt,
      at: new Date().toISOString(),
      badSignature: record.faults.badSignature,
      outcome: 'failed',
    };
    if (!url) {
      entry.outcome = 'no_webhook_url';
    } else {
      const headers = this.opts.signer.headers(record.body, record.faults.badSignature);
      entry.url = url;
      entry.transmissionId = headers['paypal-transmission-id'];
      const controller = new AbortController();
      this.inFlight.add(controller);
      try {
        const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(this.opts.deliveryTimeoutMs)]);
        const res = await fetch(url, { method: 'POST', headers, body: record.body, signal, redirect: 'manual' });
        await res.arrayBuffer().catch(() => undefined);
        entry.status = res.status;
        // PayPal counts any 2xx as delivered.
        if (res.status >= 200 && res.status < 300) entry.outcome = 'acked';
      } catch (err) {
        entry.error = err instanceof Error ? err.message : String(err);
      } finally {
        this.inFlight.delete(controller);
      }
    }
    if (this.closed) return;
    this.log.push(entry);
    if (entry.outcome === 'acked') {
      record.state = 'delivered';
    } else if (attempt <= RETRY_SCHEDULE_SECONDS.length) {
      const waitMs = (RETRY_SCHEDULE_SECONDS[attempt - 1] ?? 0) * 1000 * this.opts.timeScale;
      this.later(() => void this.attempt(record, copy, attempt + 1), waitMs);
    } else {
      entry.outcome = 'gave_up';
      if (record.state !== 'delivered') record.state = 'failed';
    }
    afterAttempt?.();
  }
}
