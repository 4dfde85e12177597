import type { IncomingMessage } from 'node:http';
import type { WebSocket } from '@fastify/websocket';
import type { Locale } from '../i18n/messages.js';

/** Bounds of the GraphQL WebSocket (subscriptions); per gateway process. */
export const LIVE_LIMITS = {
  /** Open sockets per session (a buyer with a few tabs) and per client address. */
  perSession: 5,
  perIp: 20,
  /** Subscriptions running at once on one socket, and started over its whole life. */
  activePerSocket: 5,
  startsPerSocket: 30,
  /** connection_init must come this soon after the upgrade (graphql-ws closes with 4408). */
  initTimeoutMs: 10_000,
  /** Largest message a client may send. */
  maxPayload: 16 * 1024,
} as const;

export type LiveBounds = { perSession: number; perIp: number } & Omit<typeof LIVE_LIMITS, 'perSession' | 'perIp'> & {
    /** A socket without a running subscription is closed after this long (LIVE_IDLE_SECONDS). */
    idleMs: number;
    /** Server pings this often; a client that has not said anything for 3 intervals is dropped (LIVE_PING_SECONDS). */
    keepAliveMs: number;
  };

export interface LiveConnection {
  readonly ip: string;
  /** The session token the socket was opened with (re-checked on every subscribe). */
  readonly token: string;
  locale: Locale;
  initialised: boolean;
  active: number;
  started: number;
  /** Subscription ids running now (graphql-transport-ws: a reused id closes the socket, 4409). */
  readonly ids: Set<string>;
  /** Ends every stream of this socket; run when it closes. */
  readonly streams: Set<() => void>;
  /** A subscription started or ended: re-arms the idle timer. */
  changed(): void;
  close(code: number, reason: string): void;
}

interface Pending {
  ip: string;
  token: string;
  locale: Locale;
}

/**
 * Bookkeeping of this process's GraphQL WebSockets: the per-session and per-address counts, the
 * init, idle and liveness timers, and the streams to end when a socket goes away.
 */
export class LiveConnections {
  private readonly bySession = new Map<string, number>();
  private readonly byIp = new Map<string, number>();
  private readonly pending = new WeakMap<IncomingMessage, Pending>();
  private readonly sockets = new WeakMap<WebSocket, LiveConnection>();
  private open = 0;

  constructor(private readonly limits: LiveBounds) {}

  /** Whether one more socket for this session and address fits (checked before the upgrade). */
  fits(token: string, ip: string): boolean {
    return (this.bySession.get(token) ?? 0) < this.limits.perSession && (this.byIp.get(ip) ?? 0) < this.limits.perIp;
  }

  /** Remembers who asked for an upgrade, for the socket it becomes. */
  expect(raw: IncomingMessage, who: Pending): void {
    this.pending.set(raw, who);
  }

  get size(): number {
    return this.open;
  }

  get(socket: WebSocket): LiveConnection | undefined {
    return this.sockets.get(socket);
  }

  /** A socket was upgraded: count it (exactly: over the limit it is closed at once) and arm its timers. */
  accept(socket: WebSocket, raw: IncomingMessage): void {
    const who = this.pending.get(raw);
    if (!who) return socket.close(4401, 'Unauthorized');
    if (!this.fits(who.token, who.ip)) return socket.close(4429, 'Too many connections');
    const bump = (m: Map<string, number>, k: string, d: number) => {
      const n = (m.get(k) ?? 0) + d;
      if (n > 0) m.set(k, n);
      else m.delete(k);
    };
    bump(this.bySession, who.token, 1);
    bump(this.byIp, who.ip, 1);
    this.open += 1;

    const L = this.limits;
    let idle: NodeJS.Timeout | undefined;
    let lastHeard = Date.now();
    const conn: LiveConnection = {
      ...who,
      initialised: false,
      active: 0,
      started: 0,
      ids: new Set(),
      streams: new Set(),
      changed() {
        clearTimeout(idle);
        if (conn.active === 0) idle = setTimeout(() => conn.close(1000, 'Idle'), L.idleMs).unref();
      },
      close(code, reason) {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
      },
    };
    this.sockets.set(socket, conn);
    const init = setTimeout(() => conn.initialised || conn.close(4408, 'Connection initialisation timeout'), L.initTimeoutMs).unref();
    conn.changed();
    socket.on('message', () => (lastHeard = Date.now()));
    const alive = setInterval(() => {
      if (Date.now() - lastHeard > 3 * L.keepAliveMs) socket.terminate();
    }, L.keepAliveMs).unref();
    socket.once('close', () => {
      clearTimeout(init);
      clearTimeout(idle);
      clearInterval(alive);
      for (const end of [...conn.streams]) end();
      bump(this.bySession, who.token, -1);
      bump(this.byIp, who.ip, -1);
      this.open -= 1;
    });
  }
}
