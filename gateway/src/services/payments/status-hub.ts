import { Redis } from 'ioredis';
import { orderStatusChannel } from '@shop/core/status-events';

type Listener = () => void;
interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The gateway's ear for order payment-state changes (published by core/src/status-events.ts
 * from whichever process settled the order). One dedicated subscriber connection per gateway
 * process, opened on the first listener; a Redis channel per order is subscribed while at least
 * one live page listens to that order and unsubscribed when the last one leaves, so Redis only
 * sends this process the orders its buyers are watching.
 */
export class OrderStatusHub {
  private readonly listeners = new Map<string, { fns: Set<Listener>; ready: Promise<void> }>();
  private redis: Redis | null = null;
  private waitingForReady: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly log: Log,
  ) {}

  private connection(): Redis {
    if (this.redis) return this.redis;
    // A subscriber connection: commands wait through a reconnect (ioredis re-subscribes itself).
    const r = new Redis(this.url, { maxRetriesPerRequest: null, connectionName: 'shop-gateway-status' });
    r.on('error', (err: Error) => this.log.warn({ err: err.message }, 'order status subscriber error'));
    r.on('message', (channel: string) => {
      for (const l of this.listeners.get(channel)?.fns ?? []) l();
    });
    let connectedBefore = false;
    r.on('ready', () => {
      const reconnected = connectedBefore;
      connectedBefore = true;
      for (const resolve of this.waitingForReady.splice(0)) resolve();
      if (!reconnected) return;
      // Every channel again (ioredis re-subscribes only those it had confirmed), and whatever was
      // published while the connection was down is lost: everybody re-reads.
      const channels = [...this.listeners.keys()];
      if (channels.length) r.subscribe(...channels).catch((err: Error) => this.log.warn({ err: err.message }, 'order status re-subscribe failed'));
      for (const { fns } of this.listeners.values()) for (const l of fns) l();
    });
    this.redis = r;
    return r;
  }

  /**
   * Resolves once the connection is ready. A SUBSCRIBE must not be sent before: ioredis writes it
   * at once while the connection is still in its handshake (CLIENT SETNAME, CLIENT SETINFO, the
   * INFO ready check), the connection turns subscriber, the handshake's next command is refused
   * ("Connection in subscriber mode"), the ready check fails and the pending subscriptions fail
   * with it: the page of such an order heard nothing until its periodic re-read, 15 s later.
   */
  private whenReady(r: Redis): Promise<void> {
    if (r.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.waitingForReady.push(resolve));
  }

  /**
   * Calls `fn` whenever the order's payment state may have changed. `ready` settles once Redis
   * confirmed the channel subscription (or it failed, which is logged): only changes published
   * after that are heard, so a caller reads the state again after it.
   */
  listen(orderNo: string, fn: Listener): { ready: Promise<void>; stop: () => void } {
    if (this.closed) return { ready: Promise.resolve(), stop: () => {} };
    const channel = orderStatusChannel(this.prefix, orderNo);
    let entry = this.listeners.get(channel);
    if (!entry) {
      const r = this.connection();
      const created: { fns: Set<Listener>; ready: Promise<void> } = { fns: new Set(), ready: Promise.resolve() };
      created.ready = this.whenReady(r)
        // Left before the connection was ready: nothing to subscribe.
        .then(() => (this.listeners.get(channel) === created ? r.subscribe(channel) : undefined))
        .then(
          () => {},
          (err: Error) => this.log.warn({ err: err.message, orderNo }, 'order status subscribe failed'),
        );
      entry = created;
      this.listeners.set(channel, entry);
    }
    entry.fns.add(fn);
    const own = entry;
    const stop = () => {
      if (!own.fns.delete(fn) || own.fns.size || this.listeners.get(channel) !== own) return;
      this.listeners.delete(channel);
      if (!this.closed) this.redis?.unsubscribe(channel).catch((err: Error) => this.log.warn({ err: err.message, orderNo }, 'order status unsubscribe failed'));
    };
    return { ready: own.ready, stop };
  }

  /** Orders with at least one listener in this process. */
  get watchedOrders(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    for (const resolve of this.waitingForReady.splice(0)) resolve();
    const r = this.redis;
    this.redis = null;
    if (r) await r.quit().catch(() => r.disconnect());
  }
}
