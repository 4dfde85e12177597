// Delivers callbacks like WeChat: POST to notify_url, only 200/204 counts as acknowledged,
// otherwise redeliver on the documented schedule (scaled by timeScale). Faults are applied here.
import { RETRY_SCHEDULE_SECONDS, type NotificationFaults } from './options.js';
import type { PlatformSigner, SignatureFaults } from './platform-signer.js';

export interface SandboxEvent {
  eventId: string;
  outTradeNo: string;
  url: string;
  body: string;
  faults: NotificationFaults;
  /** Set when a held (reordered) event finally goes out after a newer one. */
  releasedLate?: boolean;
}

export interface DeliveryRecord {
  eventId: string;
  outTradeNo: string;
  /** event: a delivery of the event; probe: a SIGNTEST probe; dropped: the drop fault ate it. */
  kind: 'event' | 'probe' | 'dropped';
  copy: number;
  /** 1 for the first delivery of a copy, 2 for the first redelivery, … */
  attempt: number;
  at: string;
  /** When the request left the sandbox (epoch ms, sub-millisecond): latency is measured from here. */
  sentAt?: number;
  url: string;
  serial?: string;
  status: number | null;
  acknowledged: boolean;
  error?: string;
  /** Faults visible in this delivery. */
  faults: string[];
}

export class NotificationDispatcher {
  readonly log: DeliveryRecord[] = [];
  private held: SandboxEvent[] = [];
  private readonly waits = new Map<NodeJS.Timeout, (ok: boolean) => void>();
  private readonly scheduled = new Map<string, number>();
  private readonly abort = new AbortController();
  private closed = false;

  constructor(
    private readonly signer: PlatformSigner,
    private readonly o: { timeScale: number; ackTimeoutMs: number },
  ) {}

  dispatch(event: SandboxEvent): void {
    if (this.closed) return;
    if (event.faults.drop) {
      this.record(event, { kind: 'dropped', copy: 0, attempt: 0, status: null, acknowledged: false, faults: ['drop'] });
      return;
    }
    if (event.faults.reordered && !event.releasedLate) {
      this.held.push(event);
      return;
    }
    // Held (older) events go out right after this newer one's first delivery.
    void this.run(event).then(() => this.releaseHeld());
  }

  /** Sends held (reordered) events now. */
  releaseHeld(): number {
    const held = this.held;
    this.held = [];
    for (const e of held) void this.run({ ...e, releasedLate: true });
    return held.length;
  }

  heldCount(): number {
    return this.held.length;
  }

  /** Stops every timer and in-flight delivery; nothing is scheduled afterwards. */
  close(): void {
    this.closed = true;
    this.held = [];
    this.abort.abort();
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve(false);
    }
    this.waits.clear();
  }

  /** Resolves after the first delivery of every copy; redeliveries continue in the background. */
  private async run(event: SandboxEvent): Promise<void> {
    if (event.faults.delayMs && !(await this.wait(event.faults.delayMs))) return;
    if (event.faults.signtestProbe) await this.send(event, 0, 1, 'probe', { signtest: true }, ['signtestProbe']);
    const copies = event.faults.duplicate ?? 1;
    for (let copy = 1; copy <= copies && !this.closed; copy++) {
      const acked = await this.attemptEvent(event, copy, 1);
      if (!acked) void this.redeliver(event, copy);
    }
  }

  /** Redeliveries still to come, per trade: a test waits for none before counting deliveries. */
  scheduledFor(outTradeNo: string): number {
    return this.scheduled.get(outTradeNo) ?? 0;
  }

  private async redeliver(event: SandboxEvent, copy: number): Promise<void> {
    const key = event.outTradeNo;
    this.scheduled.set(key, this.scheduledFor(key) + 1);
    try {
      for (let i = 0; i < RETRY_SCHEDULE_SECONDS.length; i++) {
        if (!(await this.wait(RETRY_SCHEDULE_SECONDS[i]! * 1000 * this.o.timeScale))) return;
        if (await this.attemptEvent(event, copy, i + 2)) return;
      }
    } finally {
      const left = this.scheduledFor(key) - 1;
      if (left > 0) this.scheduled.set(key, left);
      else this.scheduled.delete(key);
    }
  }

  private attemptEvent(event: SandboxEvent, copy: number, attempt: number): Promise<boolean> {
    const f = event.faults;
    // Signature faults hit the first delivery only, unless persistent: the redelivery then shows
    // that a receiver which refused a forged callback still gets the genuine one.
    const on = f.persistent || (copy === 1 && attempt === 1);
    const sig: SignatureFaults = on ? { badSignature: f.badSignature, staleTimestamp: f.staleTimestamp, wrongKey: f.wrongKey } : {};
    const labels = [
      ...Object.entries(sig)
        .filter(([, v]) => v)
        .map(([k]) => k),
      ...(f.wrongAmount ? ['wrongAmount'] : []),
      ...(copies(f) > 1 ? ['duplicate'] : []),
      ...(event.releasedLate ? ['reordered'] : []),
      ...(f.delayMs ? ['delayed'] : []),
    ];
    return this.send(event, copy, attempt, 'event', sig, labels);
  }

  private async send(event: SandboxEvent, copy: number, attempt: number, kind: 'event' | 'probe', sig: SignatureFaults, faults: string[]): Promise<boolean> {
    if (this.closed) return false;
    const headers = this.signer.headers(event.body, sig);
    const sentAt = performance.timeOrigin + performance.now();
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(event.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: '*/*', 'User-Agent': 'Mozilla/4.0', ...headers },
        body: event.body,
        signal: AbortSignal.any([AbortSignal.timeout(this.o.ackTimeoutMs), this.abort.signal]),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = (err as Error).name === 'TimeoutError' ? `no answer within ${this.o.ackTimeoutMs} ms` : (err as Error).message;
    }
    // WeChat reads only the status: 200 or 204 ends redelivery whatever the body says.
    const acknowledged = kind === 'event' && (status === 200 || status === 204);
    if (!this.closed) this.record(event, { kind, copy, attempt, sentAt, status, acknowledged, faults, serial: headers['Wechatpay-Serial'], error });
    return acknowledged;
  }

  private record(event: SandboxEvent, r: Omit<DeliveryRecord, 'eventId' | 'outTradeNo' | 'at' | 'url'>): void {
    this.log.push({ eventId: event.eventId, outTradeNo: event.outTradeNo, at: new Date().toISOString(), url: event.url, ...r });
  }

  private wait(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waits.delete(timer);
          resolve(!this.closed);
        },
        Math.max(0, Math.round(ms)),
      );
      this.waits.set(timer, resolve);
    });
  }
}

const copies = (f: NotificationFaults): number => f.duplicate ?? 1;
