import { WebSocket } from 'ws';
import type { Client } from './http.js';

// A bare graphql-transport-ws client over a real WebSocket (what Apollo's GraphQLWsLink and the
// SPA's graphql-ws client speak), with every message kept so a test can assert the exact order.

export interface Message {
  type: string;
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the server's answers of every shape
  payload?: any;
}

export interface LiveSocket {
  ws: WebSocket;
  /** Every message received, in order. */
  messages: Message[];
  /** The next message not yet taken (optionally of one subscription), within `timeoutMs`. */
  next(id?: string, timeoutMs?: number): Promise<Message>;
  send(m: Message): void;
  /** connection_init, resolved with the acknowledgement. */
  init(payload?: Record<string, unknown>): Promise<Message>;
  subscribe(id: string, query: string, variables?: Record<string, unknown>): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export type Opened = { socket: LiveSocket; status?: undefined } | { socket?: undefined; status: number; body: string };

/** Opens /graphql as a WebSocket with the client's cookies; answers the HTTP status when refused. */
export function openLive(base: string, client: Client | null, opts: { origin?: string; protocol?: string; answerPings?: boolean } = {}): Promise<Opened> {
  const cookie = client && client.cookies.size ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, opts.protocol ?? 'graphql-transport-ws', {
    headers: cookie ? { cookie } : {},
    ...(opts.origin ? { origin: opts.origin } : {}),
  });
  const answerPings = opts.answerPings ?? true;
  const messages: Message[] = [];
  const queue: Message[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  closed.then(() => waiters.forEach((w) => w()));
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Message;
    // Like graphql-ws: answer the server's keep-alive.
    if (m.type === 'ping' && answerPings) ws.send(JSON.stringify({ type: 'pong' }));
    messages.push(m);
    queue.push(m);
    waiters.forEach((w) => w());
  });
  ws.on('error', () => {});
  const socket: LiveSocket = {
    ws,
    messages,
    closed,
    send: (m) => ws.send(JSON.stringify(m)),
    close: () => ws.close(),
    async next(id, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Pings are the server's keep-alive, not part of any answer.
        const i = queue.findIndex((m) => m.type !== 'ping' && (id === undefined || m.id === id));
        if (i >= 0) return queue.splice(i, 1)[0]!;
        if (ws.readyState === ws.CLOSED) throw new Error(`socket closed while waiting for a message${id ? ` of ${id}` : ''}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no message${id ? ` of ${id}` : ''} within ${timeoutMs} ms; got ${JSON.stringify(queue)}`);
        await new Promise<void>((resolve) => {
          const w = () => {
            waiters.delete(w);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(w, left);
          waiters.add(w);
        });
      }
    },
    async init(payload) {
      socket.send({ type: 'connection_init', ...(payload ? { payload } : {}) });
      return socket.next();
    },
    subscribe(id, query, variables = {}) {
      socket.send({ id, type: 'subscribe', payload: { query, variables } });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ socket }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', (err) => reject(err));
  });
}

export const PAYMENT_STATUS = `subscription($r: ID!) { paymentStatus(reference: $r) { paid orderNo bookId status retryHref message } }`;
